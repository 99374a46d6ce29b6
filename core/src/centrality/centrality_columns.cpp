// Centrality values as node attribute columns, so that every writer and the explorer see them.
#include <algorithm>
#include <cmath>
#include <string>

#include "pathscope/centrality/centrality.hpp"

namespace pathscope {

namespace {
// Attribute names are identifiers in most writers (GraphML keys, CSV headers): '_' not '-'.
std::string column_name(CentralityMeasure measure) {
  std::string name(centrality_measure_name(measure));
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}
}  // namespace

void add_centrality_columns(Graph& g, const CentralityResult& result) {
  const auto n = static_cast<std::size_t>(g.n);
  std::vector<CentralityMeasure> computed;
  for (const CentralityMeasure m : all_centrality_measures())
    if (result.values(m).size() == n && n > 0) computed.push_back(m);
  auto& columns = g.node_attributes.columns;
  // Replaced whatever their type: a column of the same name from the file (text, integers) or
  // from an earlier run would otherwise refuse the Real values.
  for (const CentralityMeasure m : computed) {
    const std::string name = column_name(m);
    columns.erase(std::remove_if(columns.begin(), columns.end(), [&](const AttributeColumn& c) { return c.name == name; }),
                  columns.end());
  }
  // Every column made before any is filled: column() may move the ones made earlier.
  for (const CentralityMeasure m : computed) g.node_attributes.column(column_name(m), AttributeType::Real, n);
  for (const CentralityMeasure m : computed) {
    AttributeColumn& column = *g.node_attributes.find(column_name(m));
    const std::vector<double>& values = result.values(m);
    // NaN marks a node the mask dropped: missing, not a number.
    for (std::size_t i = 0; i < n; ++i)
      if (!std::isnan(values[i])) column.set_real(i, values[i]);
  }
}

}  // namespace pathscope
