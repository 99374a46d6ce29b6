#pragma once
// Correlation networks: the Spearman (or Pearson) coefficient of every pair of rows of a
// table, keeping the pairs whose |rho| passes one cut-off. Each row is ranked once (mid-ranks
// for ties) and centred, so a coefficient is a scaled dot product and all pairs are one
// matrix product, done band by band so that memory stays bounded whatever the row count.
//
// Rows rule: a row with any missing value, or whose values are all equal, has no defined
// coefficient; it is skipped (counted, the first ones listed) and never paired as rho = 0.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/engine_registry.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

enum class CorrelationMethod { spearman, pearson };
CorrelationMethod parse_correlation_method(const std::string& name);  // throws Error
const char* correlation_method_name(CorrelationMethod method);

// ---- statistics -------------------------------------------------------------------------

// I_x(a, b), by its continued fraction (modified Lentz); x in [0, 1], a, b > 0.
double regularized_incomplete_beta(double x, double a, double b);
// Two-sided p of Student's t with df degrees of freedom: P(|T| >= |t|).
double student_t_two_sided_p(double t, double df);
// The p of a coefficient over `samples` columns: t = rho*sqrt((m-2)/(1-rho^2)), df = m-2;
// |rho| = 1 gives 0. Needs samples >= 3.
double correlation_p_value(double rho, std::int64_t samples);
// The smallest |rho| whose p is <= max_p (bisection on the p function, which falls as |rho|
// grows), so that p is only ever computed for pairs that survive.
double rho_cutoff_for_p(double max_p, std::int64_t samples);
// max_p and min_abs_rho combined into the one |rho| cut-off of a run (0: keep every pair).
double combined_rho_cutoff(std::optional<double> max_p, std::optional<double> min_abs_rho, std::int64_t samples);
// What every engine compares |rho| with: the cut-off less 1e-12. A coefficient equal to the
// cut-off in exact arithmetic (Spearman's are ratios of small integers, so this happens) lands
// on either side of it after each engine's own rounding; with the allowance it survives in
// all of them. A coefficient really below the cut-off is further from it than that.
double survival_cutoff(double min_abs_rho);

// ---- the rows an engine used -------------------------------------------------------------

struct SkippedRow {
  std::int64_t table_row = 0;  // 0-based data row
  std::int64_t line = 0;       // file line, 0 for generated tables
  std::string name;
  std::string reason;          // "missing value", "constant"
};

struct RowCatalog {
  std::int32_t samples = 0;                // columns m
  bool has_names = false;
  std::vector<std::int64_t> table_row;     // per used row: its 0-based data row in the table
  std::vector<std::string> names;          // per used row, when the table has row names
  std::int64_t rows_read = 0, skipped_missing = 0, skipped_constant = 0;
  std::vector<SkippedRow> skipped_examples;  // the first few of each kind
  // Set by the engine: rho came from float32 sums (Pearson, or Spearman over more than 127
  // columns), good to about 7 significant digits, and is written with no more than that.
  bool float_rho = false;
  std::int32_t used() const { return static_cast<std::int32_t>(table_row.size()); }
  // The row's name, or its 0-based table row as text.
  std::string label(std::int32_t used_row) const;
};

// ---- output -------------------------------------------------------------------------------

struct CorrelationPair {
  std::int32_t i = 0, j = 0;  // used-row indices (RowCatalog), i < j
  double rho = 0;
};

// One survivor as a fixed 16-byte record, the row of the binary output: NumPy structured dtype
// [('i', '<u4'), ('j', '<u4'), ('rho', '<f4'), ('p', '<f4')], i and j used-row indices.
struct SurvivorRecord {
  std::uint32_t i = 0, j = 0;
  float rho = 0, p = 0;
};
static_assert(sizeof(SurvivorRecord) == 16);

// Receives the survivors band after band: each band sorted by (i, j), bands in increasing i.
class PairSink {
 public:
  virtual ~PairSink() = default;
  virtual void begin(const RowCatalog& rows) { (void)rows; }
  virtual void consume(const CorrelationPair* pairs, std::size_t count) = 0;
  virtual void finish() {}
  // A sink that stores SurvivorRecords says so; an engine that computes rho and p on its
  // device may then hand it records (same order) instead of pairs.
  virtual bool takes_records() const { return false; }
  virtual void consume_records(const SurvivorRecord* records, std::size_t count) {
    (void)records;
    (void)count;
  }
};

// "i j rho p" TSV (row names in i and j when the table has them), written in chunks under a
// temporary name and renamed by finish(). With fewer than 3 samples there is no p column.
std::unique_ptr<PairSink> make_tsv_pair_sink(const std::string& path);
// SurvivorRecords as a 1-D NumPy .npy (the count goes into the header at finish()), under a
// temporary name renamed by finish(). A background thread writes each band while the engine
// computes the next; p for pairs handed to consume() is computed on all cores. Needs >= 3
// samples (p); refuses fewer at begin().
std::unique_ptr<PairSink> make_npy_pair_sink(const std::string& path, int threads = 0);
// The survivors as a graph, written by finish(): ".json" gives networkx node-link JSON,
// ".graphml" and ".gexf" those formats (graph_export.hpp; each edge's strength is its rho), ".csv"
// and ".tsv" an edge table "source,target,weight"; any other name is refused (Error) at once,
// before a row is read. weight_rule "inverse": 1/|rho|, so a
// strong correlation is a short edge; "abs": |rho|. Refuses (Error) more than max_edges.
// drop_isolated as in correlation_graph.
std::unique_ptr<PairSink> make_graph_pair_sink(const std::string& path, const std::string& weight_rule,
                                               std::int64_t max_edges = 50'000'000, bool drop_isolated = false);
// The survivors as a graph, the one rule for graph files and the front ends' networks: nodes =
// the catalog's used rows (their names, else their table rows as ids), an edge per pair (none
// for a zero coefficient), its cost by weight_rule as above and its strength the signed rho.
// drop_isolated: only the rows that some edge joins become nodes (in table order, still named
// by their row names or table rows), so a network cut at a high |rho| is not buried in
// thousands of lone rows.
Graph correlation_graph(const RowCatalog& rows, const std::vector<CorrelationPair>& pairs,
                        const std::string& weight_rule, bool drop_isolated = false);
// Forwards to every sink in order. The files of the sinks above are all written before any is
// renamed onto its name, then renamed in sink order (the last sink's file last): a run that
// stops early leaves all old files, and only a crash between two renames can mix old and new.
std::unique_ptr<PairSink> make_fan_out_sink(std::vector<std::unique_ptr<PairSink>> sinks);

// ---- engines -------------------------------------------------------------------------------

struct CorrelateOptions : EngineResources {
  CorrelationMethod method = CorrelationMethod::spearman;
  double min_abs_rho = 0;      // the combined cut-off: |rho| >= this survives
  bool count_only = false;     // survivors counted only; the sink may be null
  // Pairs per band: bounds the survivors held before they go to the sink.
  std::int64_t pairs_per_band = std::int64_t{1} << 24;
  // > 0: only the pairs whose first row is among the first row_limit used rows. For timing a
  // slow baseline on part of the triangle (CPU engines; the GPU engine refuses it).
  std::int64_t row_limit = 0;
};

struct CorrelateResult {
  RowCatalog rows;
  std::uint64_t pairs_tested = 0;  // used*(used-1)/2
  std::uint64_t survivors = 0;
  std::string arithmetic;          // "int8 exact" / "float exact" / "float"
  // seconds: whole run from the first chunk; compute_seconds: the pair products;
  // transfer_seconds: host<->device copies; updates: pairs tested.
  Timing timing;
  double load_seconds = 0;         // reading the source and ranking the rows
};

class CorrelationEngine : public Engine {
 public:
  virtual CorrelateResult run(RowSource& source, const CorrelateOptions& options, PairSink* sink,
                              const JobContext& job) = 0;
};

// The family's registry: "cpu" (ranks once, blocked products, all threads), "gpu" (ranks on
// the device, int8 tensor-core tiles for Spearman with at most 127 columns, float otherwise;
// survivors compacted on the device and copied back while the next band runs), "cpu-rerank"
// (the baseline: both rows ranked again for every pair).
EngineRegistry<CorrelationEngine>& correlation_engines();
std::vector<std::string> correlation_engine_names();
// Throws Error for other names.
std::unique_ptr<CorrelationEngine> make_correlation_engine(const std::string& name);

}  // namespace pathscope
