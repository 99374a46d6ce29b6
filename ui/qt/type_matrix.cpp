#include "type_matrix.hpp"

#include <algorithm>
#include <cmath>

#include "pathscope/graph/node_index.hpp"
#include "pathscope/paths/node_groups.hpp"
#include "pathscope/reach/reach.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::qt {

std::string default_group_attribute(const Graph& g) {
  if (const AttributeColumn* types = type_column(g)) return types->name;
  for (const auto& column : g.node_attributes.columns)
    if (column.type == AttributeType::Text) return column.name;
  return {};
}

TypeMatrix compute_type_matrix(const GraphSession& session, const TypeMatrixRequest& request, const JobContext& job) {
  const Graph& g = session.graph();
  if (request.attribute.empty()) throw Error(session.spec + " has no attribute to group its nodes by");
  TypeMatrix matrix;
  matrix.request = request;
  matrix.groups = groups_by_attribute(g, request.attribute, request.values);
  if (matrix.groups.empty()) throw Error("no " + request.attribute + " value chosen");
  // The same cores the CLI would use; the panel's job is the only one it runs.
  const EngineResources resources;
  if (session.table) {
    matrix.from_table = true;
    matrix.lengths = group_path_lengths(*session.table, matrix.groups, matrix.groups, resources, job);
  } else {
    matrix.lengths = group_path_lengths(g, matrix.groups, matrix.groups, resources, job);
  }
  return matrix;
}

std::pair<std::int32_t, std::int32_t> representative_pair(const GraphSession& session, const TypeMatrix& matrix,
                                                          std::size_t row, std::size_t column, const JobContext& job) {
  const GroupPairLengths& cell = matrix.lengths.at(row, column);
  if (!cell.has_path()) return {-1, -1};
  std::vector<std::int32_t> sources = matrix.groups[row].nodes, targets = matrix.groups[column].nodes;
  std::sort(sources.begin(), sources.end());
  std::sort(targets.begin(), targets.end());
  std::vector<double> distances;
  for (const std::int32_t s : sources) {
    job.check_cancel();
    if (matrix.from_table) {
      session.table->row(s, distances);
    } else {
      // Hop counts, searched no deeper than the minimum: only nodes at that depth matter.
      const ReachSet reach = reach_by_search(session.graph(), s, ReachDirection::Downstream,
                                             static_cast<std::int32_t>(cell.min));
      distances.assign(static_cast<std::size_t>(session.graph().n), INFINITY);
      for (std::size_t k = 0; k < reach.nodes.size(); ++k) distances[reach.nodes[k]] = reach.hops[k];
    }
    for (const std::int32_t t : targets)
      if (t != s && distances[static_cast<std::size_t>(t)] == cell.min) return {s, t};
  }
  return {-1, -1};  // cannot happen for a matrix of this session; a stale one finds nothing
}

}  // namespace pathscope::qt
