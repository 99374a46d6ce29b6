#pragma once
// The graphs opened last, newest first, with the load options they were opened with; kept in
// QSettings so the File › Open Recent menu survives a restart.
#include <QString>
#include <vector>

#include "pathscope/io/load.hpp"

namespace pathscope::qt {

struct RecentGraph {
  QString spec;
  LoadOptions options;
};

std::vector<RecentGraph> recent_graphs();
// Moves the spec to the front (once, with these options); the list keeps ten.
void remember_recent_graph(const QString& spec, const LoadOptions& options);

}  // namespace pathscope::qt
