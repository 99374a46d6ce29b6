#pragma once
// The words the window shows about the open graph and the selection: the view's caption and
// the name a file goes by in titles.
#include <QString>

#include "graph_session.hpp"
#include "selection.hpp"

namespace pathscope::qt {

// A file's name without its folder; a generator spec as it is.
QString display_name(const QString& spec);

// Line 1: file, node count and where positions come from; line 2: the tour, reach set,
// stops or path now shown. Empty without a graph.
QString view_caption(const Selection& selection);

}  // namespace pathscope::qt
