#pragma once
// The sample graphs both front ends offer: one list, so the explorer's Samples menu and the
// demo's sample picker show the same files in the same order.
#include <string>
#include <vector>

namespace pathscope {

// Bundled sample graphs that load_graph reads directly, sorted by name: the installed ones
// (<the program's folder>/../share/pathscope/samples) first, else the source tree's. Side files
// (.co coordinates, node tables) are read with their graph, never listed on their own.
std::vector<std::string> bundled_samples();

}  // namespace pathscope
