#pragma once
// The graph model every reader produces and every engine consumes: a directed graph in
// compressed sparse row form. An undirected input is stored as two arcs per edge.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/attributes.hpp"

namespace pathscope {

struct Graph {
  std::int32_t n = 0;
  // False when the input was undirected; arcs are still stored both ways.
  bool directed = true;
  // True when every weight is a whole number (held exactly: |w| <= 2^53). Whether the sums fit
  // int32 or int64 is another question (choose_distance_type in distance_choice.hpp).
  bool integer_weights = true;
  // True when every arc costs 1: hop graphs, where BFS replaces Dijkstra.
  bool unit_weights = false;

  std::vector<std::int64_t> offsets;  // n + 1 entries; arcs of u are [offsets[u], offsets[u+1])
  std::vector<std::int32_t> heads;    // arc -> target node
  std::vector<double> weights;        // arc -> cost; exact for integers up to 2^53
  // Optional: empty, or arc -> the connection strength the file gave (a synapse count) before
  // the edge-cost rule turned it into the cost in `weights`. Shown beside derived costs.
  std::vector<double> arc_strengths;

  // Self-loops are kept off the arcs that every engine walks: a loop never shortens a path and
  // adds only the pair (u, u) to the transitive closure, so engines stay loop-free and the few
  // places where a loop matters read it here (a negative loop is a negative cycle; a looped
  // node is on a cycle). One entry per node that has a loop, the cheapest, ascending by node.
  struct SelfLoop {
    std::int32_t node;
    double weight;
  };
  std::vector<SelfLoop> self_loops;

  // Arcs the file had that the engines never walk: every parallel arc but the cheapest of its
  // pair, and every self-loop but the cheapest of its node (those two are in `heads` and
  // `self_loops`). Kept so that writers give a multigraph back whole; empty when the reader
  // merged them (the load report counts what it merged). An undirected graph lists each such
  // edge once, tail <= head.
  struct ExtraArc {
    std::int32_t tail, head;
    double weight;
    double strength;  // as arc_strengths; 0 when the graph has none
  };
  std::vector<ExtraArc> extra_arcs;

  // Optional: empty, or one entry per node.
  std::vector<std::int64_t> ids;      // the file's own node ids (e.g. 1-based DIMACS)
  std::vector<std::string> names;     // neuron names, city names, ...
  int coord_dims = 0;                 // 0, 2 or 3
  std::vector<float> coords;          // n * coord_dims
  // Every other per-node value the reader kept (cell type, side, GraphML keys, ...), one
  // column per attribute, each of n elements.
  AttributeTable node_attributes;
  // Every other per-arc value the reader kept (length, capacity, a Codex neuropil or
  // neurotransmitter, GraphML/GEXF/GML/JSON edge keys), one column per attribute. Empty, or
  // each column holds arc_attribute_count() elements in this order: the CSR arcs (an undirected
  // edge's two arcs hold the same values), then `self_loops`, then `extra_arcs`.
  AttributeTable arc_attributes;
  // Values that belong to the whole graph (a GraphML <data> of the graph, GML's graph keys,
  // node-link JSON's "graph" object, a networkx G.graph): each column holds one element.
  AttributeTable graph_attributes;

  std::int64_t arc_count() const { return static_cast<std::int64_t>(heads.size()); }
  std::int64_t out_degree(std::int32_t u) const { return offsets[u + 1] - offsets[u]; }
  bool has_arc_strengths() const { return !arc_strengths.empty(); }
  // Elements of each arc_attributes column: arcs, then self-loops, then extra arcs.
  std::size_t arc_attribute_count() const { return heads.size() + self_loops.size() + extra_arcs.size(); }
  std::size_t self_loop_attribute_index(std::size_t loop) const { return heads.size() + loop; }
  std::size_t extra_arc_attribute_index(std::size_t extra) const { return heads.size() + self_loops.size() + extra; }

  // The id a person sees: the file's id if it had ids, otherwise the 0-based index.
  std::int64_t display_id(std::int32_t u) const { return ids.empty() ? u : ids[u]; }
  // Name if the graph has names, otherwise the display id as text.
  std::string label(std::int32_t u) const;

  // Finds a node by exact name, then case-insensitive name, then display id.
  std::optional<std::int32_t> find_node(std::string_view key) const;

  bool has_self_loop(std::int32_t u) const;
  // The lowest node whose self-loop costs less than 0, or -1 when there is none.
  std::int32_t negative_self_loop_node() const;

  bool has_negative_weights() const;  // arcs only; see negative_self_loop_node()
  double min_weight() const;
  double max_weight() const;
};

// Graph with n nodes and no arcs.
Graph make_empty_graph(std::int32_t n);

// Sets integer_weights and unit_weights from the arcs themselves.
void mark_weight_kinds(Graph& g);

// The reverse graph (every arc u->v becomes v->u), with the same node attributes.
Graph reverse_graph(const Graph& g);

// Weakly connected components: component index per node, and their count.
std::vector<std::int32_t> weak_components(const Graph& g, std::int32_t* count);

}  // namespace pathscope
