#pragma once
// Connection strengths (synapse counts) read from a table, before the edge-cost rule turns
// them into path lengths. Shared by plain edge tables and typed connection tables.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/graph_builder.hpp"
#include "pathscope/load.hpp"

namespace pathscope::io {

struct StrengthRow {
  std::int32_t u, v;
  double strength;
  std::int64_t line;  // where the row (or the first row of a summed pair) was read
};

// Drops rows weaker than options.min_weight or of fewer synapses than options.min_synapses
// (taken as default_min_synapses when -1), applies options.cost_rule and adds the arcs
// (both directions when undirected). Throws ParseError for strengths the rule cannot use.
void add_rows_by_cost_rule(const std::vector<StrengthRow>& rows, const LoadOptions& options, bool undirected,
                           const std::string& source, GraphBuilder& builder, LoadReport& report,
                           std::int64_t default_min_synapses = 0, const char* default_reason = nullptr);

}  // namespace pathscope::io
