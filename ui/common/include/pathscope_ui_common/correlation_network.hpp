#pragma once
// The network a front end draws from a correlation run: nodes = table rows, arcs = pairs whose
// |rho| passed the cut-off. One builder for the explorer (every survivor, every row with a
// coefficient) and the demo (the strongest few thousand, only the rows they join), so that both
// turn the same survivors into the same nodes, names, costs and strengths.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/correlate/correlate.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope {

struct CorrelationNetworkOptions {
  // Only the strongest this many pairs become arcs; 0 keeps every survivor (up to
  // kMaxCorrelationNetworkArcs, past which the run is refused).
  std::int64_t max_arcs = 0;
  // Every row with a coefficient is a node, or only the rows that a kept pair joins.
  bool every_row = true;
};

// More survivors than a graph in memory should hold: raise the cut-off instead.
inline constexpr std::int64_t kMaxCorrelationNetworkArcs = 50'000'000;

struct CorrelationNetwork {
  // Arcs cost 1/|rho| (a strong correlation is a short arc for the path and reach searches,
  // the CLI's default rule) and keep the signed rho as their strength; nodes are named by the
  // table's row names, else numbered by their table row (ids).
  Graph graph;
  std::vector<std::int64_t> table_rows;  // per node: its 0-based data row, ascending
  std::vector<std::string> labels;       // per node: the row name, or the row number
  std::vector<std::int32_t> arcs;        // (i, j) node pairs, strongest first
  std::vector<double> rho;               // per arc
  std::int32_t hub = -1;                 // the node with the most partners in the network
  std::vector<std::int32_t> hub_set;     // the hub and its partners, ascending
  std::int32_t node_count() const { return static_cast<std::int32_t>(table_rows.size()); }
  std::int64_t arc_count() const { return static_cast<std::int64_t>(rho.size()); }
};

// Receives an engine's survivors and makes the network at finish(). A zero coefficient is no
// arc (its cost would be infinite). Throws Error past kMaxCorrelationNetworkArcs kept pairs.
class CorrelationNetworkSink final : public PairSink {
 public:
  explicit CorrelationNetworkSink(CorrelationNetworkOptions options = {}) : options_(options) {}
  void begin(const RowCatalog& rows) override { rows_ = &rows; }
  void consume(const CorrelationPair* pairs, std::size_t count) override;
  void finish() override;
  // The network finish() made (empty before it).
  CorrelationNetwork& network() { return network_; }

 private:
  CorrelationNetworkOptions options_;
  const RowCatalog* rows_ = nullptr;
  std::vector<CorrelationPair> kept_;  // with max_arcs, a heap whose top is the weakest kept pair
  CorrelationNetwork network_;
};

}  // namespace pathscope
