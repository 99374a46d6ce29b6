#include "pathscope/flow/type_layers.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "pathscope/graph/node_index.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

double median(std::vector<double>& values) {
  const std::size_t half = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(half), values.end());
  const double upper = values[half];
  if (values.size() % 2 == 1) return upper;
  const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(half));
  return (lower + upper) / 2;
}

}  // namespace

std::vector<TypeLayers> type_layers(const Graph& g, const FlowResult& result) {
  if (result.mean_layer.size() != static_cast<std::size_t>(g.n) ||
      result.times_reached.size() != static_cast<std::size_t>(g.n))
    throw Error("information flow: the result has " + std::to_string(result.mean_layer.size()) +
                " nodes, the graph " + std::to_string(g.n));
  const AttributeColumn* column = type_column(g);
  if (!column) return {};
  std::map<std::string, std::vector<std::int32_t>> members;
  for (std::int32_t u = 0; u < g.n; ++u)
    if (column->has(static_cast<std::size_t>(u)) && !column->text[u].empty()) members[column->text[u]].push_back(u);
  std::vector<TypeLayers> rows;
  rows.reserve(members.size());
  std::vector<double> means;
  for (const auto& [type, nodes] : members) {
    TypeLayers row;
    row.type = type;
    row.nodes = static_cast<std::int32_t>(nodes.size());
    means.clear();
    for (const std::int32_t u : nodes)
      if (result.times_reached[u] > 0) means.push_back(result.mean_layer[u]);
    row.reached = static_cast<std::int32_t>(means.size());
    if (means.empty()) {
      row.mean_of_means = row.median_of_means = std::numeric_limits<double>::quiet_NaN();
    } else {
      double sum = 0;
      for (const double m : means) sum += m;
      row.mean_of_means = sum / static_cast<double>(means.size());
      row.median_of_means = median(means);
    }
    rows.push_back(std::move(row));
  }
  // The map gave them by name; a stable sort keeps that order among equal means.
  std::stable_sort(rows.begin(), rows.end(), [](const TypeLayers& a, const TypeLayers& b) {
    if (a.reached == 0 || b.reached == 0) return a.reached > 0 && b.reached == 0;
    return a.mean_of_means < b.mean_of_means;
  });
  return rows;
}

}  // namespace pathscope
