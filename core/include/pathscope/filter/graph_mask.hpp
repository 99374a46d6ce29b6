#pragma once
// Which nodes and arcs of a graph a filter keeps, as masks engines read in place of a copy of
// the graph, and the copy (a subgraph) for the engines and writers that take a whole graph.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/filter/graph_filter.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope {

// Empty vectors keep everything. arc_kept is per CSR arc (Graph::heads); an arc whose tail or
// head is dropped is dropped whatever arc_kept says: keeps_arc() applies both rules.
struct GraphMask {
  std::vector<std::uint8_t> node_kept;  // n entries, 1 = kept, or empty
  std::vector<std::uint8_t> arc_kept;   // arc_count() entries, 1 = kept, or empty

  bool keeps_all() const { return node_kept.empty() && arc_kept.empty(); }
  bool keeps_node(std::int32_t u) const { return node_kept.empty() || node_kept[u] != 0; }
  // The arc at CSR index `arc` from `tail` to `head`.
  bool keeps_arc(std::int64_t arc, std::int32_t tail, std::int32_t head) const {
    return (arc_kept.empty() || arc_kept[arc] != 0) && keeps_node(tail) && keeps_node(head);
  }
  // The arcs engines never walk (Graph::self_loops, Graph::extra_arcs), judged by the same arc
  // conditions for the subgraph's sake: empty keeps all, and one whose node is dropped is dropped.
  std::vector<std::uint8_t> self_loop_kept;  // self_loops.size() entries, or empty
  std::vector<std::uint8_t> extra_arc_kept;  // extra_arcs.size() entries, or empty
};

// The masks of `filter` on `g`. Throws Error naming an attribute the graph lacks (and the
// ones it has), or a value that cannot compare with the column (`side >= 3` on text).
GraphMask make_graph_mask(const Graph& g, const GraphFilter& filter);

// What a filter kept, for load reports and every output that names its graph.
struct FilterSummary {
  std::string filter;  // filter_text()
  std::int32_t nodes_before = 0, nodes_kept = 0;
  std::int64_t arcs_before = 0, arcs_kept = 0;
  // "kept 812 of 2,952 nodes and 9,104 of 41,200 arcs (nodes: side == left)"
  std::string text() const;
};
FilterSummary summarize_mask(const Graph& g, const GraphMask& mask, const GraphFilter& filter);

// The graph of the kept nodes and arcs: ids, names, coordinates, node, arc and graph
// attributes, strengths, self-loops and extra arcs between kept nodes all carried over. Where an
// arc (or loop) is dropped but a parallel extra arc is kept, the cheapest kept one takes its
// place, as in a file of the kept rows alone; the weight flags are those of the kept arcs. A
// graph without ids gets the old indices as ids.
// kept_nodes (optional) receives the old index of every new node, in order.
Graph masked_subgraph(const Graph& g, const GraphMask& mask, std::vector<std::int32_t>* kept_nodes = nullptr);

}  // namespace pathscope
