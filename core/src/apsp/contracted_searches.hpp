#pragma once
// The graph the sparse engine searches when some rows are derived (rows_from_successors.hpp):
// the derived nodes are never sources, and none is next to another, so each of them with few
// arcs is taken out of the graph and replaced by shortcuts p -> q (cost c(p, d) + c(d, q)) from
// each of its predecessors to each of its successors (node contraction, as in contraction
// hierarchies, one level deep). A search on what is left settles fewer nodes (about half on a
// road graph) for the same distances between the rest; a taken-out node's distance is the
// minimum over its in-arcs of the tail's distance plus the arc's cost, filled in after the search.
// Whole costs only, so every sum is exact and the rows equal a search on the whole graph.
#include <cstdint>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope::detail {

struct IntArc {
  std::int32_t head;  // or the tail, in ContractedGraph::into_removed
  std::int32_t cost;
};

struct ContractedGraph {
  // Every node keeps its number; a removed node has no arcs in or out.
  std::vector<std::int64_t> offsets;
  std::vector<IntArc> arcs;
  std::int32_t max_cost = 0;
  // The removed nodes and, for each, its in-arcs (tail, cost) in the graph.
  std::vector<std::int32_t> removed;
  std::vector<std::int64_t> into_removed_offsets;  // removed.size() + 1
  std::vector<IntArc> into_removed;
};

// The graph's arcs as IntArc, nothing removed (whole costs that fit int32).
ContractedGraph uncontracted(const Graph& g);

// Removes (reverse: reverse_graph(g)) the nodes with derived[u] (an independent set: no arc between two of them) whose
// shortcuts are few: in-degree times out-degree at most twice in-degree plus out-degree. A
// shortcut joins two other nodes, so it costs at most two arcs, within the (n - 1) arcs' cost
// the int32 headroom check already bounds (integer_headroom.hpp).
ContractedGraph contract_derived_nodes(const Graph& g, const Graph& reverse, const std::vector<std::uint8_t>& derived);

// After a search on c from a node that was not removed: the removed nodes' distances in `row`.
void fill_removed_distances(const ContractedGraph& c, std::int32_t* row, std::int32_t unreachable);

}  // namespace pathscope::detail
