#include "pathscope/centrality/group_summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "pathscope/graph/node_index.hpp"
#include "pathscope/paths/node_groups.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string attribute_list(const Graph& g) {
  std::string list;
  for (const auto& c : g.node_attributes.columns) list += (list.empty() ? "" : ", ") + c.name;
  return list.empty() ? "none" : list;
}

bool ranks_before(const RankedNode& a, const RankedNode& b) {
  return a.value != b.value ? a.value > b.value : a.node < b.node;
}

// Ranked as top_nodes ranks them, over `members` only.
std::vector<RankedNode> top_of(const std::vector<double>& values, const std::vector<std::int32_t>& members,
                               std::int32_t count) {
  std::vector<RankedNode> ranked;
  for (const std::int32_t u : members)
    if (!std::isnan(values[u])) ranked.push_back({u, values[u]});
  const std::size_t kept = std::min<std::size_t>(ranked.size(), static_cast<std::size_t>(std::max(count, 0)));
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(kept), ranked.end(), ranks_before);
  ranked.resize(kept);
  return ranked;
}

GroupValueSummary summarize(std::string name, bool missing, const std::vector<std::int32_t>& members,
                            const std::vector<double>& values, std::int32_t top_count) {
  GroupValueSummary s;
  s.group = std::move(name);
  s.missing_value = missing;
  s.nodes = static_cast<std::int64_t>(members.size());
  std::vector<double> present;
  for (const std::int32_t u : members)
    if (!std::isnan(values[u])) present.push_back(values[u]);
  s.with_value = static_cast<std::int64_t>(present.size());
  s.top = top_of(values, members, top_count);
  if (present.empty()) {
    s.mean = s.median = s.min = s.max = kNaN;
    return s;
  }
  std::sort(present.begin(), present.end());
  // Summed smallest first: values spanning many magnitudes (betweenness) lose the least.
  double sum = 0;
  for (const double v : present) sum += v;
  s.mean = sum / static_cast<double>(present.size());
  const std::size_t mid = present.size() / 2;
  s.median = present.size() % 2 == 1 ? present[mid] : (present[mid - 1] + present[mid]) / 2;
  s.min = present.front();
  s.max = present.back();
  return s;
}

}  // namespace

std::vector<RankedNode> top_nodes(const std::vector<double>& values, std::int32_t count) {
  std::vector<std::int32_t> all(values.size());
  for (std::size_t u = 0; u < values.size(); ++u) all[u] = static_cast<std::int32_t>(u);
  return top_of(values, all, count);
}

std::string grouping_column_name(const Graph& g, std::string_view column) {
  if (!column.empty()) {
    if (!g.node_attributes.find(column))
      throw Error("the graph has no node attribute '" + std::string(column) + "' to group by (its attributes: " +
                  attribute_list(g) + ")");
    return std::string(column);
  }
  const AttributeColumn* type = type_column(g);
  if (!type)
    throw Error("the graph has no type column (cell_type, type, primary_type, class, super_class or group): name the "
                "node attribute to group by (its attributes: " + attribute_list(g) + ")");
  return type->name;
}

std::vector<GroupValueSummary> summarize_by_group(const Graph& g, const std::vector<double>& values,
                                                  std::string_view column, std::int32_t top_count) {
  if (values.size() != static_cast<std::size_t>(g.n))
    throw Error("per-group summary: " + std::to_string(values.size()) + " values for a graph of " +
                std::to_string(g.n) + " nodes");
  const std::string name = grouping_column_name(g, column);
  std::vector<GroupValueSummary> summaries;
  std::vector<std::uint8_t> grouped(static_cast<std::size_t>(g.n), 0);
  for (const NodeGroup& group : groups_by_attribute(g, name, {"all"})) {
    for (const std::int32_t u : group.nodes) grouped[u] = 1;
    summaries.push_back(summarize(group.name, false, group.nodes, values, top_count));
  }
  std::vector<std::int32_t> without;
  for (std::int32_t u = 0; u < g.n; ++u)
    if (!grouped[u]) without.push_back(u);
  if (!without.empty()) summaries.push_back(summarize("", true, without, values, top_count));
  return summaries;
}

}  // namespace pathscope
