#pragma once
// Connection strengths (synapse counts) read from a table, before the edge-cost rule turns
// them into path lengths. Shared by plain edge tables and typed connection tables.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/load.hpp"

namespace pathscope::io {

struct StrengthRow {
  std::int32_t u, v;
  double strength;
  std::int64_t line;  // where the row (or the first row of a summed pair) was read
};

// Drops rows weaker than options.min_weight or of fewer synapses than options.min_synapses
// (taken as default_min_synapses when -1), applies options.cost_rule and adds the arcs
// (both directions when undirected). Throws ParseError for strengths the rule cannot use.
// kept_rows, when given, receives the index of each row that became a record of the builder,
// in record order (for the rows' attributes; 2^31 rows at most then).
void add_rows_by_cost_rule(const std::vector<StrengthRow>& rows, const LoadOptions& options, bool undirected,
                           const std::string& source, GraphBuilder& builder, LoadReport& report,
                           std::int64_t default_min_synapses = 0, const char* default_reason = nullptr,
                           std::vector<std::int32_t>* kept_rows = nullptr);

// The arcs of a graph file whose numbers are strengths the cost rule turns into costs (GraphML,
// GEXF, GML, Pajek, JSON, DIMACS, METIS, Matrix Market, LGL, dense matrices), each arc one way
// or both. Under the 'weight' rule they go straight into the builder, as before; under the
// others they are held to the end, since 'max-minus' needs the strongest first, and the cheapest
// of parallel arcs must be chosen by cost, not by strength. Only edge tables drop rows by
// --min-weight, as its help says.
class StrengthArcs {
 public:
  StrengthArcs(const LoadOptions& options, GraphBuilder& builder);
  // Returns the record the arc is, or will be, in the builder (GraphBuilder::record_attributes):
  // no arc is dropped and the order is kept, so the n-th add is the n-th record whatever the
  // rule, as long as the builder gets its arcs only from here.
  std::int64_t add(std::int32_t u, std::int32_t v, double strength, bool both_ways, std::int64_t line);
  std::int64_t records() const { return records_; }
  // Adds the held arcs by the rule, with its note in the report; call before builder.build().
  void finish(const std::string& source, LoadReport& report);

 private:
  LoadOptions options_;
  GraphBuilder& builder_;
  std::vector<StrengthRow> rows_;
  std::vector<bool> both_ways_;
  std::int64_t records_ = 0;
};

}  // namespace pathscope::io
