#pragma once
// The per-node values the view can label, colour and filter by: the graph's own attribute
// columns (cell type, side, a GraphML key) and the ones derived from its arcs (degree, synapse
// totals). Derived values are made here and nowhere else, so new per-node metrics join the
// menus by being added to this one list.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// The graph's columns in file order, then the derived ones this graph has (in- and
// out-degree only when directed, synapse totals only with arc strengths).
std::vector<std::string> node_attribute_names(const Graph& g);

// The column called `name`, one value per node: the graph's own when it has one of that
// name, else the derived one; nullopt when neither exists.
std::optional<AttributeColumn> node_attribute(const Graph& g, std::string_view name);

}  // namespace pathscope
