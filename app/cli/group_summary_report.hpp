#pragma once
// The per-node values' summaries as `metrics` and `flow` print them: the top nodes of a measure,
// and per type (or any grouping column) the counts, mean, median, range and top nodes, as text
// for people and as JSON for scripts (group_summary.hpp computes them).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pathscope/centrality/group_summary.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::cli {

// How many top nodes a type's row lists in text (JSON lists all --top of them).
inline constexpr std::int32_t kTopNodesPerTypeShown = 3;

// [{"index", "id", "name", "value"}, ...]
nlohmann::json ranked_nodes_json(const Graph& g, const std::vector<RankedNode>& ranked);
// [{"group", "missing_value", "nodes", "with_value", "mean", "median", "min", "max", "top"}, ...]
nlohmann::json group_summaries_json(const Graph& g, const std::vector<GroupValueSummary>& summaries);

// "betweenness, top 10:" and a table of rank, id, name, type, value.
std::string top_nodes_text(const Graph& g, const std::string& what, const std::vector<RankedNode>& ranked);
// "betweenness by cell_type (12 groups):" and a row per group.
std::string group_summaries_text(const Graph& g, const std::string& what, const std::string& column,
                                 const std::vector<GroupValueSummary>& summaries);

}  // namespace pathscope::cli
