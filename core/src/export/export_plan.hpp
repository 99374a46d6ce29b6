#pragma once
// What every graph writer writes, decided once: which nodes and edges, their ids, the
// attribute names and types, and the marks a result puts on them. Writers only format it.
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "pathscope/export/graph_export.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::exporting {

enum class ValueType { Boolean, Integer, Real, Text };

// One column of the output: a node or edge attribute with its type as the file declares it.
struct Field {
  enum class Role { Value, Position, Weight };
  std::string name;
  ValueType type;
  Role role = Role::Value;  // GEXF writes positions as viz:position and the cost as its weight
};

// How many ranks get a boolean column of their own (on_path_1 ...); path_ranks lists them all.
constexpr std::int32_t kRankColumns = 10;

struct EdgeMarks {
  bool highlight = false, on_path = false;
  std::int32_t hop = -1;            // along the lowest-ranked walk that takes the edge
  std::vector<std::int32_t> ranks;  // every walk that takes the edge, ascending, from 1
};

struct Edge {
  std::int32_t u, v;
  double weight;
  double strength;  // NaN: none (self-loops, graphs without strengths)
  EdgeMarks marks;
  // Its element in Graph::arc_attributes' columns (arcs, self-loops, extra arcs); npos: none.
  std::size_t attribute_index = static_cast<std::size_t>(-1);
  // Tells parallel edges apart, as networkx's multigraph keys: 0 for the edge engines walk (the
  // cheapest), 1, 2, ... for Graph::extra_arcs between the same two nodes.
  std::int32_t key = 0;
};

class ExportPlan {
 public:
  ExportPlan(const Graph& g, const GraphHighlight& highlight, const GraphExportOptions& options);

  const Graph& graph() const { return g_; }
  bool marked() const { return marked_; }      // the result's marks are written
  bool ranked() const { return ranked_; }      // several walks: path_rank is written
  // Parallel edges or several loops of a node are written (Graph::extra_arcs).
  bool multigraph() const { return multigraph_; }
  const std::string& kind() const { return kind_; }
  const GraphExportOptions& options() const { return options_; }

  const std::vector<std::int32_t>& nodes() const { return nodes_; }  // ascending indices
  // The id a file uses for node u: its display id (unique for every reader).
  std::string node_id(std::int32_t u) const { return std::to_string(g_.display_id(u)); }

  // Node columns after the id, in file order: name, x, y, z, the graph's attributes, marks.
  const std::vector<Field>& node_fields() const { return node_fields_; }
  // Edge columns after source and target: weight, strength, the graph's arc attributes, marks.
  const std::vector<Field>& edge_fields() const { return edge_fields_; }
  // The graph's own attributes (Graph::graph_attributes), one value each.
  const std::vector<Field>& graph_fields() const { return graph_fields_; }
  // Value of graph field f, as node_value and node_text give a node's.
  bool graph_text(std::size_t f, std::string* out) const;
  bool graph_value(std::size_t f, std::int64_t* integer, double* real, std::string* text) const;
  // Whether names are present and tell every node apart (then a format keyed by text labels,
  // node-link JSON, GML, Pajek, keys nodes by name).
  bool names_tell_nodes_apart() const { return names_unique_; }

  // Value of node field f for node u: false when missing. Exactly one of the outputs is set,
  // by the field's type (Boolean uses *integer).
  bool node_value(std::size_t f, std::int32_t u, std::int64_t* integer, double* real, std::string* text) const;
  bool edge_value(std::size_t f, const Edge& e, std::int64_t* integer, double* real, std::string* text) const;
  // The same as text, unescaped: booleans "true"/"false", reals in their shortest form.
  bool node_text(std::size_t f, std::int32_t u, std::string* out) const;
  bool edge_text(std::size_t f, const Edge& e, std::string* out) const;
  // The ranks of a walk list as path_ranks writes them: "1;3".
  static std::string ranks_text(const std::vector<std::int32_t>& ranks);

  // Position of u (x, y[, z]), or nullptr when it has none.
  const float* position(std::int32_t u) const;
  int position_dims() const { return dims_; }

  // Every edge written, in a fixed order: arcs by source node, then self-loops, then the extra
  // arcs (parallel edges, further loops) in Graph::extra_arcs' order.
  void for_each_edge(const std::function<void(const Edge&)>& visit) const;
  std::int64_t edge_count() const;

  bool node_highlighted(std::int32_t u) const { return !node_highlight_.empty() && node_highlight_[u]; }
  std::int32_t node_hop(std::int32_t u) const { return node_hop_.empty() ? -1 : node_hop_[u]; }
  // The lowest rank (from 1) of a walk through u; -1 on none.
  std::int32_t node_rank(std::int32_t u) const {
    return node_ranks_.empty() || node_ranks_[u].empty() ? -1 : node_ranks_[u].front();
  }
  const std::vector<std::int32_t>& node_ranks(std::int32_t u) const;

 private:
  std::int64_t find_arc(std::int32_t u, std::int32_t v) const;
  std::int64_t canonical_arc(std::int32_t u, std::int32_t v) const;

  const Graph& g_;
  GraphExportOptions options_;
  std::string kind_;
  bool marked_ = false, ranked_ = false;
  std::vector<std::int32_t> nodes_;
  std::vector<std::uint8_t> in_output_;  // per node: written
  std::vector<std::uint8_t> node_highlight_, node_in_set_;
  std::vector<std::int32_t> node_hop_;
  std::vector<std::vector<std::int32_t>> node_ranks_;  // per node when ranked: walks through it
  std::unordered_map<std::int64_t, EdgeMarks> arc_marks_;  // canonical arc -> marks
  std::vector<std::int32_t> extra_keys_;  // per extra arc: its multigraph key
  std::vector<Field> node_fields_, edge_fields_, graph_fields_;
  // Where each node or edge field comes from.
  enum class Source { Name, Axis, Attribute, Highlight, Hop, Rank, Ranks, RankFlag, Weight, Strength, OnPath };
  struct FieldSource {
    Source source;
    int index;  // axis, attribute column, or rank of a RankFlag
  };
  std::vector<FieldSource> node_sources_, edge_sources_;
  std::vector<int> graph_columns_;  // graph field -> column of Graph::graph_attributes
  bool multigraph_ = false, names_unique_ = false;
  bool has_strengths_ = false;
  const float* positions_ = nullptr;
  int dims_ = 0;
};

}  // namespace pathscope::exporting
