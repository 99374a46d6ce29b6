#pragma once
// The graphs opened last, newest first, with the load options they were opened with; kept in
// QSettings so the File › Open Recent menu survives a restart. Files are kept by absolute path,
// so an entry opens from wherever the explorer is started next; generator specs ("random:…")
// name no file and are kept as typed.
#include <QString>
#include <vector>

#include "pathscope/io/load.hpp"

namespace pathscope::qt {

struct RecentGraph {
  QString spec;
  LoadOptions options;
};

// The entries that can still be opened; those whose file (or node table) is gone are dropped
// from the settings too, so the menu never offers a stale one.
std::vector<RecentGraph> recent_graphs();
// Moves the spec to the front (once, with these options); the list keeps ten.
void remember_recent_graph(const QString& spec, const LoadOptions& options);

}  // namespace pathscope::qt
