#pragma once
// What a correlation race shows: the strongest surviving pairs of rows as a small network
// (nodes = rows, arcs = pairs), and its best-connected row with its partners highlighted.
#include <cstdint>
#include <string>
#include <vector>

namespace pathscope::demo {

// The race's question: which coefficient, which cut-off, how much of the answer to draw.
struct CorrelationQuestion {
  std::string method = "spearman";  // or "pearson"
  double min_abs_rho = 0.8;         // pairs with |rho| >= this survive
  // The strongest survivors drawn: a few thousand lines stay readable and lay out in a second.
  std::int64_t max_arcs = 2000;
  // The naive lane (both rows ranked again for every pair) runs only when the table has at
  // most this many pairs; above it, it would take minutes and is skipped.
  std::uint64_t rerank_max_pairs = 3'000'000;
};

struct CorrelationNetwork {
  std::vector<std::int64_t> table_rows;  // per node: its 0-based data row, ascending
  std::vector<std::string> labels;       // per node: the row name, or the row number
  std::vector<std::int32_t> arcs;        // (i, j) node pairs, strongest first
  std::vector<double> rho;               // per arc
  std::int32_t hub = -1;                 // the node with the most partners in the network
  std::vector<std::int32_t> hub_set;     // the hub and its partners, ascending
  std::int32_t node_count() const { return static_cast<std::int32_t>(table_rows.size()); }
  std::int64_t arc_count() const { return static_cast<std::int64_t>(rho.size()); }
};

}  // namespace pathscope::demo
