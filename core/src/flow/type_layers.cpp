#include "pathscope/flow/type_layers.hpp"

#include <algorithm>

#include "pathscope/centrality/group_summary.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

// The per-type numbers are summarize_by_group's (one rule for every per-type summary), over the
// mean layers, which are NaN for the nodes no repetition reached; only the order is flow's own.
std::vector<TypeLayers> type_layers(const Graph& g, const FlowResult& result) {
  if (result.mean_layer.size() != static_cast<std::size_t>(g.n) ||
      result.times_reached.size() != static_cast<std::size_t>(g.n))
    throw Error("information flow: the result has " + std::to_string(result.mean_layer.size()) +
                " nodes, the graph " + std::to_string(g.n));
  if (!type_column(g)) return {};
  std::vector<TypeLayers> rows;
  for (const GroupValueSummary& group : summarize_by_group(g, result.mean_layer, "", 0)) {
    if (group.missing_value || group.group.empty()) continue;
    rows.push_back({.type = group.group,
                    .nodes = static_cast<std::int32_t>(group.nodes),
                    .reached = static_cast<std::int32_t>(group.with_value),
                    .mean_of_means = group.mean,
                    .median_of_means = group.median});
  }
  // summarize_by_group gave them by name; a stable sort keeps that order among equal means.
  std::stable_sort(rows.begin(), rows.end(), [](const TypeLayers& a, const TypeLayers& b) {
    if (a.reached == 0 || b.reached == 0) return a.reached > 0 && b.reached == 0;
    return a.mean_of_means < b.mean_of_means;
  });
  return rows;
}

}  // namespace pathscope
