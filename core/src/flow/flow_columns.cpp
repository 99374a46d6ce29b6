// The layers as node attributes, so that exports, the explorer and per-type summaries read
// them like any attribute the file had.
#include <cmath>
#include <cstddef>

#include "pathscope/flow/information_flow.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

void add_flow_columns(Graph& g, const FlowResult& result) {
  const auto n = static_cast<std::size_t>(g.n);
  if (result.mean_layer.size() != n || result.layer_deviation.size() != n || result.times_reached.size() != n)
    throw Error("information flow: the result has " + std::to_string(result.mean_layer.size()) +
                " nodes, the graph " + std::to_string(g.n));
  AttributeTable& table = g.node_attributes;
  // Made before any is held: making a column may move the ones made before it.
  table.column("flow_layer", AttributeType::Real, n);
  table.column("flow_layer_sd", AttributeType::Real, n);
  table.column("flow_reached", AttributeType::Integer, n);
  AttributeColumn& layer = *table.find("flow_layer");
  AttributeColumn& deviation = *table.find("flow_layer_sd");
  AttributeColumn& reached = *table.find("flow_reached");
  // A node no run reached has no layer: missing, not a number, so that exports leave it empty.
  // Values of an earlier run go first.
  for (AttributeColumn* column : {&layer, &deviation}) column->present.assign(n, 0);
  for (std::size_t v = 0; v < n; ++v) {
    reached.set_integer(v, result.times_reached[v]);
    if (result.times_reached[v] == 0 || std::isnan(result.mean_layer[v])) continue;
    layer.set_real(v, result.mean_layer[v]);
    deviation.set_real(v, result.layer_deviation[v]);
  }
}

}  // namespace pathscope
