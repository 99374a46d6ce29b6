// The correlation race: every lane finds all pairs of rows with |rho| over the cut-off from the
// same table in memory, fingerprints its survivors, and keeps its strongest ones as the network
// to draw, so the view shows what a lane actually found.
#include <algorithm>
#include <cstdio>

#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope_demo/race.hpp"
#include "pathscope_ui_common/correlation_network.hpp"

namespace pathscope::demo {
namespace {

// The table read once before the race, handed to each lane in chunks as a file would be.
class MemoryRowSource final : public RowSource {
 public:
  explicit MemoryRowSource(std::shared_ptr<const Table> table) : table_(std::move(table)) {}
  const TableLayout& layout() const override { return table_->layout; }
  std::int64_t row_count_hint() const override { return table_->rows; }
  bool next(TableChunk& chunk) override {
    if (next_row_ >= table_->rows) return false;
    const std::int64_t columns = table_->layout.columns();
    const std::int64_t end = std::min(table_->rows, next_row_ + kChunkRows);
    chunk.first_row = next_row_;
    chunk.columns = static_cast<std::int32_t>(columns);
    chunk.values.assign(table_->values.begin() + next_row_ * columns, table_->values.begin() + end * columns);
    chunk.row_names.clear();
    if (!table_->row_names.empty()) {
      chunk.row_names.assign(table_->row_names.begin() + next_row_, table_->row_names.begin() + end);
    }
    chunk.lines.clear();
    next_row_ = end;
    return true;
  }

 private:
  static constexpr std::int64_t kChunkRows = 1 << 14;
  std::shared_ptr<const Table> table_;
  std::int64_t next_row_ = 0;
};

// An order-independent digest of every survivor (as pathscope-cli bench correlate makes it),
// and the network of the strongest max_arcs of them.
class RaceSink final : public PairSink {
 public:
  explicit RaceSink(std::int64_t max_arcs)
      : network_sink(CorrelationNetworkOptions{.max_arcs = max_arcs, .every_row = false}) {}
  void begin(const RowCatalog& rows) override {
    rows_ = &rows;
    network_sink.begin(rows);
  }
  void consume(const CorrelationPair* pairs, std::size_t count) override {
    for (std::size_t k = 0; k < count; ++k) {
      pair_hash += SplitMix64(static_cast<std::uint64_t>(rows_->table_row[pairs[k].i]) * 0x9E3779B97F4A7C15ull ^
                              static_cast<std::uint64_t>(rows_->table_row[pairs[k].j]))
                       .next();
      rho_sum += pairs[k].rho;
    }
    survivors += count;
    network_sink.consume(pairs, count);
  }
  void finish() override { network_sink.finish(); }

  std::uint64_t pair_hash = 0, survivors = 0;
  double rho_sum = 0;
  CorrelationNetworkSink network_sink;

 private:
  const RowCatalog* rows_ = nullptr;
};

std::unique_ptr<Lane> make_lane(const std::string& title, const std::string& engine_name, std::string reason,
                                std::shared_ptr<const Table> table, const CorrelationQuestion& q) {
  std::shared_ptr<CorrelationEngine> engine = make_correlation_engine(engine_name);
  if (reason.empty()) reason = engine->unavailable_reason();
  const double rows = static_cast<double>(table->rows);
  auto job = [engine, table, q](const JobContext& ctx) {
    MemoryRowSource source(table);
    CorrelateOptions options;
    options.method = parse_correlation_method(q.method);
    options.min_abs_rho = q.min_abs_rho;
    RaceSink sink(q.max_arcs);
    const CorrelateResult result = engine->run(source, options, &sink, ctx);
    if (sink.survivors != result.survivors) {
      throw Error("the engine counted " + std::to_string(result.survivors) + " survivors but handed over " +
                  std::to_string(sink.survivors));
    }
    LaneOutcome out;
    out.timing = result.timing;
    char fingerprint[80];
    std::snprintf(fingerprint, sizeof fingerprint, "survivors %llu, pairs %016llx",
                  static_cast<unsigned long long>(sink.survivors), static_cast<unsigned long long>(sink.pair_hash));
    out.fingerprint = fingerprint;
    out.network = std::make_shared<const CorrelationNetwork>(std::move(sink.network_sink.network()));
    out.highlight = out.network->hub_set;
    out.node_set = true;
    out.reachable = out.network->hub >= 0;
    out.value = static_cast<double>(result.survivors);
    out.detail = result.arithmetic;
    out.figures = {{"survivors", static_cast<double>(result.survivors)},
                   {"pairs_tested", static_cast<double>(result.pairs_tested)},
                   {"rows_used", result.rows.used()},
                   {"rows_skipped", static_cast<double>(result.rows.skipped_missing + result.rows.skipped_constant)},
                   {"rho_sum", sink.rho_sum},
                   {"load_seconds", result.load_seconds}};
    return out;
  };
  // Every pair of rows once: the figure the engines' Timing.updates reports.
  return std::make_unique<Lane>(title, engine_name, std::move(reason), rows * (rows - 1) / 2, job);
}

}  // namespace

std::unique_ptr<Race> make_correlate_race(std::shared_ptr<const Table> table, const CorrelationQuestion& question) {
  if (!table) throw Error("the correlation race needs a table");
  parse_correlation_method(question.method);  // an unknown method fails here, not in three lanes
  if (!(question.min_abs_rho >= 0 && question.min_abs_rho <= 1)) {
    throw Error("the |rho| cut-off must be between 0 and 1");
  }
  auto race = std::make_unique<Race>();
  race->problem = "correlate";
  race->dist_type = question.method;
  race->correlation = question;
  race->lanes.push_back(make_lane("CPU", "cpu", "", table, question));
  race->lanes.push_back(make_lane("GPU", "gpu", "", table, question));
  const double rows = static_cast<double>(table->rows);
  const double pairs = rows * (rows - 1) / 2;
  std::string skip;
  if (pairs > static_cast<double>(question.rerank_max_pairs)) {
    char text[160];
    std::snprintf(text, sizeof text, "skipped: %.3g pairs, over the %.3g this naive engine races (it ranks both rows again for every pair)",
                  pairs, static_cast<double>(question.rerank_max_pairs));
    skip = text;
  }
  race->naive_cpu_lane = static_cast<int>(race->lanes.size());
  race->naive_cpu_lane_skipped = !skip.empty();
  race->lanes.push_back(make_lane("CPU naive (rerank)", "cpu-rerank", skip, table, question));
  return race;
}

}  // namespace pathscope::demo
