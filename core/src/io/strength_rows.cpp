#include "io/strength_rows.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

template <typename BothWays>
void add_by_rule(const std::vector<StrengthRow>& rows, BothWays both_ways, const LoadOptions& options,
                 const std::string& source, GraphBuilder& builder, LoadReport& report,
                 std::int64_t default_min_synapses, const char* default_reason,
                 std::vector<std::int32_t>* kept_rows) {
  // Rows are numbered in 32 bits for their attributes, as AttributeTable::subset numbers elements.
  if (kept_rows && rows.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    throw Error(source + ": more than 2^31 rows with attributes");
  const bool by_default = options.min_synapses < 0;
  const auto min_synapses = static_cast<double>(by_default ? default_min_synapses : options.min_synapses);
  const auto dropped_row = [&](const StrengthRow& row) {
    // A threshold of 0 is none: a negative weight in a plain table is a cost, not a weak row.
    return row.strength < options.min_weight || (min_synapses > 0 && row.strength < min_synapses);
  };
  double strongest = 0;
  bool any = false;
  for (const auto& row : rows) {
    if (dropped_row(row)) continue;
    if (options.cost_rule == EdgeCostRule::Inverse && row.strength <= 0) {
      throw ParseError(source, row.line,
                       "strength " + format_number(row.strength) + " has no inverse: the 'inverse' cost rule needs "
                       "strengths above 0 (raise --min-weight to drop such rows)");
    }
    strongest = any ? std::max(strongest, row.strength) : row.strength;
    any = true;
  }
  std::int64_t dropped = 0;
  std::int64_t too_few = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const StrengthRow& row = rows[i];
    const bool undirected = both_ways(i);
    if (dropped_row(row)) {
      if (min_synapses > 0 && row.strength < min_synapses) ++too_few;
      else ++dropped;
      continue;
    }
    double cost = row.strength;
    switch (options.cost_rule) {
      case EdgeCostRule::Weight: break;
      case EdgeCostRule::Hops: cost = 1; break;
      case EdgeCostRule::Inverse: cost = 1.0 / row.strength; break;
      case EdgeCostRule::MaxMinus: cost = strongest - row.strength + 1; break;
    }
    if (!std::isfinite(cost)) {
      throw ParseError(source, row.line, "the cost of strength " + format_number(row.strength) + " is not a finite number");
    }
    if (kept_rows) kept_rows->push_back(static_cast<std::int32_t>(i));
    // Under the 'weight' rule the strength is the cost: nothing more to keep.
    if (options.cost_rule == EdgeCostRule::Weight) {
      if (undirected) builder.add_edge(row.u, row.v, cost);
      else builder.add_arc(row.u, row.v, cost);
    } else if (undirected) {
      builder.add_edge(row.u, row.v, cost, row.strength);
    } else {
      builder.add_arc(row.u, row.v, cost, row.strength);
    }
  }
  report.below_min_weight_dropped += dropped + too_few;
  if (min_synapses > 0) {
    report.notes.push_back(std::to_string(too_few) + " connections of fewer than " + format_number(min_synapses) +
                           " synapses were dropped (" +
                           (by_default ? std::string(default_reason ? default_reason : "the format's default") +
                                             "; --min-synapses 0 keeps them"
                                       : std::string("--min-synapses")) +
                           ")");
  }
  if (dropped > 0) {
    report.notes.push_back(std::to_string(dropped) + " connections weaker than the minimum weight " +
                           format_number(options.min_weight) + " were dropped");
  }
  switch (options.cost_rule) {
    case EdgeCostRule::Weight: report.notes.push_back("cost rule 'weight': the strength is the cost"); break;
    case EdgeCostRule::Hops: report.notes.push_back("cost rule 'hops': every arc costs 1"); break;
    case EdgeCostRule::Inverse: report.notes.push_back("cost rule 'inverse': cost = 1 / strength"); break;
    case EdgeCostRule::MaxMinus:
      report.notes.push_back("cost rule 'max-minus': cost = " + format_number(strongest) + " - strength + 1");
      break;
  }
}

}  // namespace

void add_rows_by_cost_rule(const std::vector<StrengthRow>& rows, const LoadOptions& options, bool undirected,
                           const std::string& source, GraphBuilder& builder, LoadReport& report,
                           std::int64_t default_min_synapses, const char* default_reason,
                           std::vector<std::int32_t>* kept_rows) {
  add_by_rule(rows, [undirected](std::size_t) { return undirected; }, options, source, builder, report,
              default_min_synapses, default_reason, kept_rows);
}

StrengthArcs::StrengthArcs(const LoadOptions& options, GraphBuilder& builder) : options_(options), builder_(builder) {
  options_.min_weight = -std::numeric_limits<double>::infinity();
  options_.min_synapses = 0;
}

std::int64_t StrengthArcs::add(std::int32_t u, std::int32_t v, double strength, bool both_ways, std::int64_t line) {
  if (options_.cost_rule == EdgeCostRule::Weight) {
    if (both_ways) builder_.add_edge(u, v, strength);
    else builder_.add_arc(u, v, strength);
  } else {
    rows_.push_back({u, v, strength, line});
    both_ways_.push_back(both_ways);
  }
  return records_++;
}

void StrengthArcs::finish(const std::string& source, LoadReport& report) {
  if (options_.cost_rule == EdgeCostRule::Weight) return;
  add_by_rule(rows_, [this](std::size_t i) { return static_cast<bool>(both_ways_[i]); }, options_, source, builder_,
              report, 0, nullptr, nullptr);
  rows_.clear();
  both_ways_.clear();
}

}  // namespace pathscope::io
