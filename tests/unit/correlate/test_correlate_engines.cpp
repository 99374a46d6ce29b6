// The CPU engines against a direct computation written here: every pair of rows ranked afresh
// by counting, the textbook Pearson formula in long double, on random tables with ties,
// constant rows and missing values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"
#include "fresh_seed.hpp"
#include "shared_data.hpp"

namespace pathscope {
namespace {

// A table held in memory, handed out in chunks of a chosen size.
class MatrixSource final : public RowSource {
 public:
  MatrixSource(std::int64_t rows, int cols, std::vector<double> values, std::int64_t chunk)
      : rows_(rows), values_(std::move(values)), chunk_(chunk) {
    layout_.source = "matrix";
    for (int c = 0; c < cols; ++c) layout_.column_names.push_back("c" + std::to_string(c));
  }
  const TableLayout& layout() const override { return layout_; }
  bool next(TableChunk& chunk) override {
    if (next_ >= rows_) return false;
    const std::int64_t count = std::min(chunk_, rows_ - next_);
    const int m = layout_.columns();
    chunk.first_row = next_;
    chunk.columns = m;
    chunk.values.assign(values_.begin() + next_ * m, values_.begin() + (next_ + count) * m);
    chunk.row_names.clear();
    chunk.lines.clear();
    next_ += count;
    return true;
  }

 private:
  TableLayout layout_;
  std::int64_t rows_;
  std::vector<double> values_;
  std::int64_t chunk_, next_ = 0;
};

struct RandomMatrix {
  std::int64_t rows;
  int cols;
  std::vector<double> values;
};

// Few levels make many ties; some rows constant, some with a missing value.
RandomMatrix make_matrix(std::uint64_t seed, std::int64_t rows, int cols) {
  SplitMix64 rng(seed);
  RandomMatrix t{rows, cols, {}};
  const std::uint32_t levels = 2 + rng.below(12);
  const bool continuous = rng.below(4) == 0;
  for (std::int64_t r = 0; r < rows; ++r) {
    const std::uint32_t kind = rng.below(16);
    const double constant = rng.below(levels);
    for (int c = 0; c < cols; ++c) {
      double v = continuous ? rng.unit() * 100 - 50 : static_cast<double>(rng.below(levels));
      if (kind == 0) v = constant;
      t.values.push_back(v);
    }
    if (kind == 1) t.values[r * cols + rng.below(cols)] = NAN;
  }
  return t;
}

bool usable(const double* x, int m) {
  for (int k = 0; k < m; ++k)
    if (std::isnan(x[k])) return false;
  for (int k = 1; k < m; ++k)
    if (x[k] != x[0]) return true;
  return false;
}

// Mid-rank by counting: 1 + (values below) + (other values equal)/2.
std::vector<long double> count_ranks(const double* x, int m) {
  std::vector<long double> ranks(m);
  for (int k = 0; k < m; ++k) {
    int below = 0, equal = 0;
    for (int l = 0; l < m; ++l) {
      below += x[l] < x[k];
      equal += l != k && x[l] == x[k];
    }
    ranks[k] = 1 + below + equal / 2.0L;
  }
  return ranks;
}

long double textbook_pearson(const std::vector<long double>& x, const std::vector<long double>& y) {
  const int m = static_cast<int>(x.size());
  long double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  for (int k = 0; k < m; ++k) {
    sx += x[k];
    sy += y[k];
    sxx += x[k] * x[k];
    syy += y[k] * y[k];
    sxy += x[k] * y[k];
  }
  return (m * sxy - sx * sy) / std::sqrt((m * sxx - sx * sx) * (m * syy - sy * sy));
}

long double reference_rho(const double* x, const double* y, int m, CorrelationMethod method) {
  if (method == CorrelationMethod::spearman) return textbook_pearson(count_ranks(x, m), count_ranks(y, m));
  return textbook_pearson(std::vector<long double>(x, x + m), std::vector<long double>(y, y + m));
}

class CollectSink final : public PairSink {
 public:
  void begin(const RowCatalog& rows) override { rows_ = &rows; }
  void consume(const CorrelationPair* pairs, std::size_t count) override {
    for (std::size_t k = 0; k < count; ++k) {
      const auto key = std::make_pair(rows_->table_row[pairs[k].i], rows_->table_row[pairs[k].j]);
      EXPECT_LT(key.first, key.second);
      EXPECT_TRUE(found.emplace(key, pairs[k].rho).second) << "pair reported twice";
    }
  }
  std::map<std::pair<std::int64_t, std::int64_t>, double> found;

 private:
  const RowCatalog* rows_ = nullptr;
};

// Every pair of usable rows: present with the right rho when clearly above the cut-off,
// absent when clearly below.
void expect_matches_reference(const RandomMatrix& t, CorrelationMethod method, double cutoff,
                              const CollectSink& sink, const CorrelateResult& result, double tolerance) {
  const int m = t.cols;
  std::int64_t used = 0, skipped = 0;
  for (std::int64_t r = 0; r < t.rows; ++r) (usable(&t.values[r * m], m) ? used : skipped)++;
  EXPECT_EQ(result.rows.used(), used);
  EXPECT_EQ(result.rows.skipped_missing + result.rows.skipped_constant, skipped);
  EXPECT_EQ(result.pairs_tested, static_cast<std::uint64_t>(used * (used - 1) / 2));
  std::size_t expected_present = 0;
  for (std::int64_t i = 0; i < t.rows; ++i) {
    if (!usable(&t.values[i * m], m)) continue;
    for (std::int64_t j = i + 1; j < t.rows; ++j) {
      if (!usable(&t.values[j * m], m)) continue;
      const double ref = static_cast<double>(reference_rho(&t.values[i * m], &t.values[j * m], m, method));
      const auto it = sink.found.find({i, j});
      if (it != sink.found.end()) {
        ++expected_present;
        EXPECT_NEAR(it->second, ref, tolerance) << "pair " << i << "," << j;
        EXPECT_GE(std::fabs(ref), cutoff - 1e-5);
      } else {
        EXPECT_LT(std::fabs(ref), cutoff + 1e-5) << "pair " << i << "," << j << " rho " << ref << " missing";
      }
    }
  }
  EXPECT_EQ(expected_present, sink.found.size());
  EXPECT_EQ(result.survivors, sink.found.size());
}

TEST(CorrelateEngines, MatchDirectComputationOnRandomTables) {
  SplitMix64 rng(99);
  const std::int64_t row_choices[] = {1, 2, 3, 17, 31, 64, 65, 97};
  const int col_choices[] = {3, 4, 7, 30, 33, 130};
  for (int trial = 0; trial < 36; ++trial) {
    const std::int64_t rows = row_choices[rng.below(8)];
    const int cols = col_choices[rng.below(6)];
    const auto method = trial % 3 == 2 ? CorrelationMethod::pearson : CorrelationMethod::spearman;
    const double cutoffs[] = {0, 0.25, 0.6};
    const double cutoff = cutoffs[rng.below(3)];
    const auto t = make_matrix(1000 + trial, rows, cols);
    // Exact integers for Spearman up to 127 columns; float rows otherwise.
    const double tolerance = method == CorrelationMethod::spearman && cols <= 127 ? 1e-12 : 2e-6;
    for (const char* backend : {"cpu", "cpu-rerank"}) {
      SCOPED_TRACE(std::string(backend) + " trial " + std::to_string(trial) + ": " + std::to_string(rows) + " x " +
                   std::to_string(cols) + " " + correlation_method_name(method) + " cut " + std::to_string(cutoff));
      MatrixSource source(t.rows, t.cols, t.values, 1 + rng.below(40));
      CorrelateOptions options;
      options.method = method;
      options.min_abs_rho = cutoff;
      options.pairs_per_band = 1 + rng.below(500);  // many bands
      CollectSink sink;
      const auto result = make_correlation_engine(backend)->run(source, options, &sink, {});
      expect_matches_reference(t, method, cutoff, sink, result, std::string(backend) == "cpu" ? tolerance : 1e-12);
    }
  }
}

TEST(CorrelateEngines, CountOnlyCountsTheSameSurvivors) {
  const auto t = make_matrix(5, 203, 30);
  for (double cutoff : {0.0, 0.3, 0.7}) {
    CorrelateOptions options;
    options.min_abs_rho = cutoff;
    MatrixSource a(t.rows, t.cols, t.values, 50);
    CollectSink sink;
    const auto listed = make_correlation_engine("cpu")->run(a, options, &sink, {});
    options.count_only = true;
    MatrixSource b(t.rows, t.cols, t.values, 50);
    const auto counted = make_correlation_engine("cpu")->run(b, options, nullptr, {});
    EXPECT_EQ(counted.survivors, sink.found.size());
    EXPECT_EQ(listed.survivors, sink.found.size());
  }
}

// Spearman coefficients are ratios of small integers (square roots with ties), so a table
// easily holds pairs whose rho equals a round cut-off exactly; each engine rounds it its own
// way, and before survival_cutoff's allowance the fast engine dropped pairs at rho = -0.55
// that the baseline kept (random-table seed 581). Cut-offs here: 0.55, and coefficients the
// baseline itself computed, which sit exactly on the line.
TEST(CorrelateEngines, CoefficientsOnTheCutOffSurviveInEveryEngine) {
  for (const char* spec : {"random-table:rows=239,cols=12,seed=581", "random-table:rows=150,cols=9,seed=3,levels=4",
                           "random-table:rows=120,cols=16,seed=11"}) {
    std::vector<double> cutoffs = {0.55};
    {
      CorrelateOptions options;
      options.min_abs_rho = 0.3;
      CollectSink sink;
      make_correlation_engine("cpu-rerank")->run(*open_table(spec), options, &sink, {});
      for (const auto& [pair, rho] : sink.found)
        if (cutoffs.size() < 25) cutoffs.push_back(std::fabs(rho));
    }
    for (double cutoff : cutoffs) {
      CorrelateOptions options;
      options.min_abs_rho = cutoff;
      CollectSink fast, baseline;
      make_correlation_engine("cpu")->run(*open_table(spec), options, &fast, {});
      make_correlation_engine("cpu-rerank")->run(*open_table(spec), options, &baseline, {});
      ASSERT_FALSE(baseline.found.empty());
      EXPECT_EQ(fast.found.size(), baseline.found.size()) << spec << " at |rho| >= " << cutoff;
      for (const auto& [pair, rho] : baseline.found)
        EXPECT_TRUE(fast.found.count(pair)) << spec << ": pair " << pair.first << "," << pair.second << " rho " << rho;
    }
  }
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CorrelateEngines, StreamedOutputEqualsOneShot) {
  const auto t = make_matrix(77, 301, 19);
  const std::string dir = ::testing::TempDir();
  std::string texts[2];
  std::uint64_t survivors = 0;
  for (int k = 0; k < 2; ++k) {
    MatrixSource source(t.rows, t.cols, t.values, k ? 7 : 1000);
    CorrelateOptions options;
    options.min_abs_rho = combined_rho_cutoff(0.01, std::nullopt, t.cols);
    options.pairs_per_band = k ? 1 : (std::int64_t{1} << 40);  // one row band at a time, or one band
    const std::string path = dir + "/corr_stream_" + std::to_string(k) + ".tsv";
    auto sink = make_tsv_pair_sink(path);
    survivors = make_correlation_engine("cpu")->run(source, options, sink.get(), {}).survivors;
    texts[k] = slurp(path);
  }
  EXPECT_EQ(texts[0], texts[1]);
  ASSERT_GT(survivors, 0u);
  // Header plus one line per survivor, each with p <= 0.01 recomputed from its printed rho.
  std::istringstream lines(texts[0]);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "i\tj\trho\tp");
  std::uint64_t count = 0;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::int64_t i, j;
    double rho, p;
    fields >> i >> j >> rho >> p;
    EXPECT_LT(i, j);
    EXPECT_LE(p, 0.01 * (1 + 1e-5));
    EXPECT_NEAR(p, correlation_p_value(rho, t.cols), 5e-6 * p + 1e-12);  // p is printed to 6 digits
    ++count;
  }
  EXPECT_EQ(count, survivors);
}

// The .npy sink: a header NumPy reads (structured dtype, the row count filled in at the end)
// and one 16-byte record per survivor, in the TSV's order with its rho and p, both handed
// over as pairs (CPU engine, p on the host) in bands small enough for the writer's queue to
// fill and wait.
TEST(CorrelateEngines, NpyOutputHoldsEverySurvivorAsARecord) {
  const auto t = make_matrix(83, 211, 23);
  const std::string path = ::testing::TempDir() + "/corr_records.npy";
  CorrelateOptions options;
  options.min_abs_rho = combined_rho_cutoff(0.05, std::nullopt, t.cols);
  options.pairs_per_band = 64;
  CollectSink pairs;
  std::vector<std::unique_ptr<PairSink>> sinks;
  sinks.push_back(make_npy_pair_sink(path, 3));
  auto fan_out = make_fan_out_sink(std::move(sinks));
  struct Both final : PairSink {
    PairSink *a, *b;
    void begin(const RowCatalog& rows) override { a->begin(rows), b->begin(rows); }
    void consume(const CorrelationPair* p, std::size_t n) override { a->consume(p, n), b->consume(p, n); }
    void finish() override { a->finish(), b->finish(); }
  } both;
  both.a = fan_out.get();
  both.b = &pairs;
  MatrixSource source(t.rows, t.cols, t.values, 17);
  const auto result = make_correlation_engine("cpu")->run(source, options, &both, {});
  ASSERT_GT(result.survivors, 0u);
  const std::string bytes = slurp(path);
  ASSERT_GT(bytes.size(), 10u);
  const std::size_t header = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  EXPECT_EQ(bytes.substr(0, 6), "\x93NUMPY");
  EXPECT_EQ((10 + header) % 64, 0u);
  const std::string dict = bytes.substr(10, header);
  EXPECT_NE(dict.find("('rho', '<f4')"), std::string::npos) << dict;
  EXPECT_NE(dict.find("'shape': (" + std::to_string(result.survivors) + ",)"), std::string::npos) << dict;
  ASSERT_EQ(bytes.size() - 10 - header, result.survivors * sizeof(SurvivorRecord));
  std::vector<SurvivorRecord> records(result.survivors);
  std::memcpy(records.data(), bytes.data() + 10 + header, bytes.size() - 10 - header);
  auto expected = pairs.found.begin();  // (i, j) order, as the records must be
  for (const SurvivorRecord& r : records) {
    ASSERT_NE(expected, pairs.found.end());
    EXPECT_EQ(result.rows.table_row[r.i], expected->first.first);
    EXPECT_EQ(result.rows.table_row[r.j], expected->first.second);
    EXPECT_EQ(r.rho, static_cast<float>(expected->second));
    EXPECT_EQ(r.p, static_cast<float>(correlation_p_value(expected->second, t.cols)));
    ++expected;
  }
}

// A p-value needs 3 samples: the .npy sink refuses fewer before any survivor is written.
TEST(CorrelateEngines, NpyOutputNeedsThreeSamples) {
  const auto t = make_matrix(40, 30, 2);
  auto sink = make_npy_pair_sink(::testing::TempDir() + "/corr_two.npy");
  MatrixSource source(t.rows, t.cols, t.values, 17);
  CorrelateOptions options;
  options.min_abs_rho = 0.5;
  EXPECT_THROW(make_correlation_engine("cpu")->run(source, options, sink.get(), {}), Error);
}

TEST(CorrelateEngines, GraphOutputsKeepEverySurvivor) {
  const auto t = make_matrix(31, 120, 12);
  const std::string csv = ::testing::TempDir() + "/corr_graph.csv";
  MatrixSource source(t.rows, t.cols, t.values, 64);
  CorrelateOptions options;
  options.min_abs_rho = 0.5;
  CollectSink collected;
  std::vector<std::unique_ptr<PairSink>> sinks;
  sinks.push_back(make_graph_pair_sink(csv, "inverse"));
  auto fan = make_fan_out_sink(std::move(sinks));
  make_correlation_engine("cpu")->run(source, options, fan.get(), {});
  MatrixSource again(t.rows, t.cols, t.values, 64);
  make_correlation_engine("cpu")->run(again, options, &collected, {});
  std::istringstream lines(slurp(csv));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "source,target,weight");
  std::size_t edges = 0;
  while (std::getline(lines, line)) {
    std::int64_t i, j;
    double weight;
    char comma;
    std::istringstream fields(line);
    fields >> i >> comma >> j >> comma >> weight;
    const auto it = collected.found.find({i, j});
    ASSERT_NE(it, collected.found.end()) << line;
    EXPECT_NEAR(weight, 1 / std::fabs(it->second), 1e-6 * weight);
    ++edges;
  }
  EXPECT_EQ(edges, collected.found.size());
  EXPECT_THROW(make_graph_pair_sink(csv, "log"), Error);
}

// Keeps the run's rows and survivors for building a network afterwards.
class KeepSink final : public PairSink {
 public:
  void begin(const RowCatalog& rows) override { rows_ = &rows; }
  void consume(const CorrelationPair* pairs, std::size_t count) override { kept.insert(kept.end(), pairs, pairs + count); }
  void finish() override { rows = *rows_; }
  RowCatalog rows;
  std::vector<CorrelationPair> kept;

 private:
  const RowCatalog* rows_ = nullptr;
};

// Dropping isolated rows leaves exactly the rows that have a partner past the cut-off by a
// direct computation over every pair, each still called by its own table row, and every
// survivor an edge between the right two of them.
TEST(CorrelationGraph, DropIsolatedKeepsTheRowsWithAPartner) {
  // High enough that many rows have no partner at all, whatever the table's ties.
  const double cutoff = 0.95;
  const std::uint64_t first = test_support::fresh_seed();
  int checked = 0;
  for (std::uint64_t seed = first; seed < first + 6; ++seed) {
    const auto t = make_matrix(seed, 90, 8);
    const int m = t.cols;
    std::set<std::int64_t> partnered, usable_rows;
    bool borderline = false;
    for (std::int64_t i = 0; i < t.rows; ++i) {
      if (!usable(&t.values[i * m], m)) continue;
      usable_rows.insert(i);
      for (std::int64_t j = i + 1; j < t.rows; ++j) {
        if (!usable(&t.values[j * m], m)) continue;
        const double rho = std::fabs(static_cast<double>(
            reference_rho(&t.values[i * m], &t.values[j * m], m, CorrelationMethod::spearman)));
        borderline = borderline || std::fabs(rho - cutoff) < 1e-5;
        if (rho >= cutoff) {
          partnered.insert(i);
          partnered.insert(j);
        }
      }
    }
    if (borderline) continue;  // float sums could fall either side of the cut-off
    MatrixSource source(t.rows, t.cols, t.values, 32);
    CorrelateOptions options;
    options.min_abs_rho = cutoff;
    KeepSink sink;
    make_correlation_engine("cpu")->run(source, options, &sink, {});

    const Graph every_row = correlation_graph(sink.rows, sink.kept, "inverse");
    EXPECT_EQ(static_cast<std::size_t>(every_row.n), usable_rows.size()) << "seed " << seed;
    const Graph joined = correlation_graph(sink.rows, sink.kept, "inverse", true);
    ASSERT_EQ(static_cast<std::size_t>(joined.n), partnered.size()) << "seed " << seed;
    EXPECT_LT(partnered.size(), usable_rows.size()) << "seed " << seed << ": the cut-off leaves no row alone";
    EXPECT_EQ(joined.ids, std::vector<std::int64_t>(partnered.begin(), partnered.end())) << "seed " << seed;
    std::set<std::pair<std::int64_t, std::int64_t>> edges;
    for (std::int32_t u = 0; u < joined.n; ++u)
      for (std::int64_t a = joined.offsets[u]; a < joined.offsets[u + 1]; ++a)
        if (u < joined.heads[a]) edges.insert({joined.ids[u], joined.ids[joined.heads[a]]});
    std::set<std::pair<std::int64_t, std::int64_t>> expected;
    for (const auto& p : sink.kept)
      if (p.rho != 0) expected.insert({sink.rows.table_row[p.i], sink.rows.table_row[p.j]});
    EXPECT_EQ(edges, expected) << "seed " << seed;
    ++checked;
  }
  EXPECT_GT(checked, 0) << "every table had a coefficient on the cut-off";
}

// Named rows keep their names on the nodes that remain.
TEST(CorrelationGraph, DropIsolatedKeepsRowNames) {
  RowCatalog rows;
  rows.has_names = true;
  rows.table_row = {0, 1, 2, 3, 4};
  rows.names = {"a", "b", "c", "d", "e"};
  const std::vector<CorrelationPair> pairs = {{1, 3, 0.9}, {3, 4, -0.85}, {0, 2, 0}};
  const Graph g = correlation_graph(rows, pairs, "abs", true);
  EXPECT_EQ(g.names, (std::vector<std::string>{"b", "d", "e"}));
  EXPECT_EQ(g.arc_count(), 4);
}

// The real tables load and run; a random sample of their pairs is checked directly.
void check_expression_table(const std::string& file, double max_p, std::int64_t expected_rows) {
  const std::string path = test_support::shared_data_file("expression/" + file);
  auto source = open_table(path);
  auto again = open_table(path);
  const Table table = read_whole_table(*again);
  ASSERT_EQ(table.rows, expected_rows);
  const int m = table.layout.columns();
  CorrelateOptions options;
  options.min_abs_rho = combined_rho_cutoff(max_p, std::nullopt, m);
  CollectSink sink;
  const auto result = make_correlation_engine("cpu")->run(*source, options, &sink, {});
  EXPECT_EQ(result.rows.rows_read, expected_rows);
  EXPECT_GT(sink.found.size(), 0u);
  SplitMix64 rng(3);
  int checked = 0;
  for (int trial = 0; trial < 4000 && checked < 400; ++trial) {
    const std::int64_t i = rng.below(static_cast<std::uint32_t>(table.rows));
    const std::int64_t j = rng.below(static_cast<std::uint32_t>(table.rows));
    if (i >= j || !usable(table.row(i), m) || !usable(table.row(j), m)) continue;
    const double ref = static_cast<double>(reference_rho(table.row(i), table.row(j), m, CorrelationMethod::spearman));
    const auto it = sink.found.find({i, j});
    if (std::fabs(std::fabs(ref) - options.min_abs_rho) < 1e-9) continue;
    EXPECT_EQ(it != sink.found.end(), std::fabs(ref) >= options.min_abs_rho) << file << " pair " << i << "," << j;
    if (it != sink.found.end()) EXPECT_NEAR(it->second, ref, 1e-12);
    ++checked;
  }
  EXPECT_EQ(checked, 400);
  // Pairs found must be real and above the cut-off.
  int verified = 0;
  for (const auto& [key, rho] : sink.found) {
    if (++verified > 300) break;
    const double ref =
        static_cast<double>(reference_rho(table.row(key.first), table.row(key.second), m, CorrelationMethod::spearman));
    EXPECT_NEAR(rho, ref, 1e-12);
    EXPECT_LE(correlation_p_value(rho, m), max_p);
  }
}

TEST(CorrelateEngines, YeastCellCycleTable) {
  check_expression_table("yeast_cellcycle_oscillating-genes_normalized-profiles.tsv", 1e-6, 1705);
}

TEST(CorrelateEngines, GolubTables) {
  check_expression_table("golub_data_set_ALL_AML_train.csv", 1e-9, 7129);
  check_expression_table("golub_data_set_ALL_AML_independent.csv", 1e-9, 7129);
}

}  // namespace
}  // namespace pathscope
