#pragma once
// The graph the device searches walk (source_searches.cuh): the arcs a mask keeps, nothing
// else, so the kernels test no mask; and the nodes renumbered by in-degree, most first. Every
// arc a search scans reads its head's distance at a random place in the block's slice, far
// larger than L2; with the most-read heads side by side at the front of every slice, the reads
// that land on hubs share cache lines and stay in L2 (Faldu et al., "A closer look at
// lightweight graph reordering", IISWC 2019). Arcs of a node are in the order of their heads,
// or of their costs (ties by head) for windowed searches, which read a prefix of them.
#include <cstdint>
#include <vector>

#include "pathscope/filter/graph_mask.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::gpu::centrality {

struct SearchGraph {
  std::vector<std::int32_t> new_id;  // of every node of the graph (dropped ones too)
  std::vector<std::int64_t> offsets;
  std::vector<std::int32_t> heads;
  std::vector<double> costs;  // empty for hop searches
};

// hub_first false keeps the node numbers (for the device runs that measure the reordering);
// by_cost puts each node's arcs in ascending cost (with_costs only).
SearchGraph make_search_graph(const Graph& g, const GraphMask& mask, bool with_costs, bool hub_first, bool by_cost);

// Per node values of the search graph back in the graph's own numbering.
template <class T>
std::vector<T> in_graph_order(const std::vector<T>& by_new_id, const std::vector<std::int32_t>& new_id) {
  std::vector<T> values(new_id.size());
  for (std::size_t v = 0; v < new_id.size(); ++v) values[v] = by_new_id[static_cast<std::size_t>(new_id[v])];
  return values;
}

}  // namespace pathscope::gpu::centrality
