#pragma once
// The per-node values the view can label, colour and filter by: the graph's own attribute
// columns (cell type, side, a GraphML key), the ones derived from its arcs (degree, synapse
// totals) and the ones computed on request (centrality, information-flow layers). Derived
// values are made here and nowhere else, so new per-node metrics join the menus by being added
// to this one list.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// The graph's columns in file order, then the derived ones this graph has (in- and
// out-degree only when directed, synapse totals only with arc strengths).
std::vector<std::string> node_attribute_names(const Graph& g);

// The column called `name`, one value per node: the graph's own when it has one of that
// name, else the derived one; nullopt when neither exists.
std::optional<AttributeColumn> node_attribute(const Graph& g, std::string_view name);

// Numbers computed for one graph on request (betweenness, pagerank, flow_layer, ...): one value
// per node, NaN where a node has none (dropped by a mask, never reached). Computing a name
// again replaces its values: the menus show the last run of each.
struct ComputedNodeValues {
  std::vector<std::pair<std::string, std::vector<double>>> columns;  // in the order first computed

  void set(std::string name, std::vector<double> values);
  const std::vector<double>* find(std::string_view name) const;
  bool empty() const { return columns.empty(); }
};

// As above, with the computed values after the derived ones. A computed name the graph also
// has as a column replaces that column (it is the newer answer) and keeps its place.
std::vector<std::string> node_attribute_names(const Graph& g, const ComputedNodeValues& computed);
std::optional<AttributeColumn> node_attribute(const Graph& g, const ComputedNodeValues& computed,
                                              std::string_view name);

}  // namespace pathscope
