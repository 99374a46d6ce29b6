#include "group_summary_report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "pathscope/graph/node_index.hpp"
#include "pathscope/runtime/count_text.hpp"
#include "text_table.hpp"

namespace pathscope::cli {

namespace {

nlohmann::json number_or_null(double value) { return std::isnan(value) ? nlohmann::json() : nlohmann::json(value); }
std::string number_text(double value) { return std::isnan(value) ? "-" : fmt::format("{:.6g}", value); }

std::string type_text(const Graph& g, std::int32_t u) {
  const AttributeColumn* type = type_column(g);
  const auto i = static_cast<std::size_t>(u);
  return type && i < type->size() && type->has(i) ? type->to_text(i) : std::string();
}

}  // namespace

nlohmann::json ranked_nodes_json(const Graph& g, const std::vector<RankedNode>& ranked) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& r : ranked)
    list.push_back({{"index", r.node}, {"id", g.display_id(r.node)}, {"name", g.label(r.node)}, {"value", r.value}});
  return list;
}

nlohmann::json group_summaries_json(const Graph& g, const std::vector<GroupValueSummary>& summaries) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& s : summaries)
    list.push_back({{"group", s.missing_value ? nlohmann::json() : nlohmann::json(s.group)},
                    {"missing_value", s.missing_value},
                    {"nodes", s.nodes},
                    {"with_value", s.with_value},
                    {"mean", number_or_null(s.mean)},
                    {"median", number_or_null(s.median)},
                    {"min", number_or_null(s.min)},
                    {"max", number_or_null(s.max)},
                    {"top", ranked_nodes_json(g, s.top)}});
  return list;
}

std::string top_nodes_text(const Graph& g, const std::string& what, const std::vector<RankedNode>& ranked) {
  if (ranked.empty()) return what + ": no node has a value\n";
  TextTable table({"rank", "id", "<name", "<type", "value"});
  for (std::size_t i = 0; i < ranked.size(); ++i)
    table.add_row({std::to_string(i + 1), std::to_string(g.display_id(ranked[i].node)), g.label(ranked[i].node),
                   type_text(g, ranked[i].node), number_text(ranked[i].value)});
  return fmt::format("{}, top {}:\n{}", what, ranked.size(), table.text(TableStyle::Aligned));
}

std::string group_summaries_text(const Graph& g, const std::string& what, const std::string& column,
                                 const std::vector<GroupValueSummary>& summaries) {
  TextTable table({"<" + column, "nodes", "with value", "mean", "median", "min", "max", "<top nodes"});
  for (const auto& s : summaries) {
    std::string top;
    const std::size_t shown = std::min<std::size_t>(s.top.size(), kTopNodesPerTypeShown);
    for (std::size_t i = 0; i < shown; ++i)
      top += (i ? ", " : "") + g.label(s.top[i].node) + " (" + number_text(s.top[i].value) + ")";
    table.add_row({s.missing_value ? "(none)" : s.group, std::to_string(s.nodes), std::to_string(s.with_value),
                   number_text(s.mean), number_text(s.median), number_text(s.min), number_text(s.max), top});
  }
  return fmt::format("{} by {} ({}):\n{}", what, column,
                     count_text(static_cast<long long>(summaries.size()), "group"), table.text(TableStyle::Aligned));
}

}  // namespace pathscope::cli
