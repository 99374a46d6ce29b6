// The GPU correlation engine against the CPU engine on random tables of awkward sizes: rho to
// 1e-6 and the same survivor set away from the cut-off (identical sets on the exact int8 path).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <random>
#include <vector>
#include <string>
#include <utility>

#include "fresh_seed.hpp"
#include "scoped_env.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/measurement_table.hpp"

namespace pathscope {
namespace {

struct Found {
  std::int64_t i, j;
  double rho;
};

class ListSink final : public PairSink {
 public:
  void begin(const RowCatalog& rows) override { rows_ = &rows; }
  void consume(const CorrelationPair* pairs, std::size_t count) override {
    for (std::size_t k = 0; k < count; ++k)
      found.push_back({rows_->table_row[pairs[k].i], rows_->table_row[pairs[k].j], pairs[k].rho});
  }
  std::vector<Found> found;

 private:
  const RowCatalog* rows_ = nullptr;
};

struct EngineRun {
  CorrelateResult result;
  std::vector<Found> found;
};

EngineRun run(const std::string& backend, const std::string& spec, CorrelationMethod method, double cutoff, bool count_only) {
  auto source = open_table(spec);
  CorrelateOptions options;
  options.method = method;
  options.min_abs_rho = cutoff;
  options.count_only = count_only;
  ListSink sink;
  auto engine = make_correlation_engine(backend);
  EXPECT_EQ(engine->unavailable_reason(), "");
  EngineRun out;
  out.result = engine->run(*source, options, count_only ? nullptr : &sink, {});
  out.found = std::move(sink.found);
  return out;
}

bool before(const Found& a, const Found& b) { return a.i != b.i ? a.i < b.i : a.j < b.j; }

void expect_same_survivors(const EngineRun& cpu, const EngineRun& gpu, double cutoff, bool exact) {
  EXPECT_EQ(cpu.result.pairs_tested, gpu.result.pairs_tested);
  EXPECT_EQ(cpu.result.rows.used(), gpu.result.rows.used());
  ASSERT_TRUE(std::is_sorted(gpu.found.begin(), gpu.found.end(), before)) << "GPU output not in (i, j) order";
  if (exact) {
    // Same integers, same scaling formula: the same pairs with the same rho, bit for bit.
    ASSERT_EQ(cpu.found.size(), gpu.found.size());
    for (std::size_t k = 0; k < cpu.found.size(); ++k) {
      ASSERT_EQ(cpu.found[k].i, gpu.found[k].i) << k;
      ASSERT_EQ(cpu.found[k].j, gpu.found[k].j) << k;
      ASSERT_EQ(cpu.found[k].rho, gpu.found[k].rho) << k;
    }
    return;
  }
  std::size_t a = 0, b = 0;
  while (a < cpu.found.size() || b < gpu.found.size()) {
    if (b == gpu.found.size() || (a < cpu.found.size() && before(cpu.found[a], gpu.found[b]))) {
      EXPECT_LT(std::fabs(std::fabs(cpu.found[a].rho) - cutoff), 1e-5) << "only the CPU kept " << cpu.found[a].i << "," << cpu.found[a].j;
      ++a;
    } else if (a == cpu.found.size() || before(gpu.found[b], cpu.found[a])) {
      EXPECT_LT(std::fabs(std::fabs(gpu.found[b].rho) - cutoff), 1e-5) << "only the GPU kept " << gpu.found[b].i << "," << gpu.found[b].j;
      ++b;
    } else {
      EXPECT_NEAR(cpu.found[a].rho, gpu.found[b].rho, 1e-6) << cpu.found[a].i << "," << cpu.found[a].j;
      ++a;
      ++b;
    }
  }
}

TEST(CorrelateGpu, MatchesCpuOnAwkwardSizes) {
  int seed = 1;
  for (std::int64_t rows : {1, 2, 63, 65, 1000, 5000}) {
    for (int cols : {3, 30, 127, 200}) {
      for (auto method : {CorrelationMethod::spearman, CorrelationMethod::pearson}) {
        if (method == CorrelationMethod::pearson && rows > 1000) continue;
        // Few levels at 3 columns give ties everywhere; the cut-off sits between rho values there.
        const int levels = cols == 3 ? 3 : (seed % 2 ? 10 : 4);
        const double cutoff = cols == 3 ? 0.7 : (cols >= 127 ? 0.2 : 0.45);
        const std::string spec = "random-table:rows=" + std::to_string(rows) + ",cols=" + std::to_string(cols) +
                                 ",seed=" + std::to_string(seed++) + ",levels=" + std::to_string(levels);
        SCOPED_TRACE(spec + " " + correlation_method_name(method));
        const EngineRun cpu = run("cpu", spec, method, cutoff, false);
        const EngineRun gpu = run("gpu", spec, method, cutoff, false);
        const bool exact = method == CorrelationMethod::spearman && cols <= 127;
        expect_same_survivors(cpu, gpu, cutoff, exact);
        const EngineRun counted = run("gpu", spec, method, cutoff, true);
        EXPECT_EQ(counted.result.survivors, gpu.found.size());
        EXPECT_EQ(gpu.result.survivors, gpu.found.size());
      }
    }
  }
}

TEST(CorrelateGpu, MoreSurvivorsThanOneBufferHolds) {
  // 5000 rows with no cut-off: 12.5 million survivors, more than a device buffer takes, so
  // bands are split and redone; nothing may be lost or doubled.
  const std::string spec = "random-table:rows=5000,cols=30,seed=42";
  const EngineRun cpu = run("cpu", spec, CorrelationMethod::spearman, 0.0, false);
  const EngineRun gpu = run("gpu", spec, CorrelationMethod::spearman, 0.0, false);
  EXPECT_EQ(gpu.found.size(), 5000u * 4999u / 2);
  expect_same_survivors(cpu, gpu, 0.0, true);
}

// The fused int8 kernel decides pairs near the cut-off again exactly. With 30 columns of
// 100,000 levels there are almost no ties, so rho = dot / 8990 for most pairs, and a cut-off
// of exactly 2998/8990 puts thousands of pairs on the boundary itself. Rows 32 and 64 bytes
// wide (30 and 50 columns), row counts off the 128-row tile, fresh seeds.
TEST(CorrelateGpu, FusedKernelMatchesCpuOnAndAroundTheCutOff) {
  for (const auto& [rows, cols] : {std::pair{4099, 30}, std::pair{1283, 50}, std::pair{131, 30}}) {
    const std::uint64_t seed = test_support::fresh_seed() % 1000000;
    const std::string spec = "random-table:rows=" + std::to_string(rows) + ",cols=" + std::to_string(cols) +
                             ",seed=" + std::to_string(seed) + ",levels=100000";
    const double m = cols;
    // Dot products of 30 or 50 odd numbers' products are even: the boundary is an even one.
    const double boundary = (cols == 30 ? 2998.0 : 7490.0) / ((m * m * m - m) / 3.0);
    for (double cutoff : {boundary, 0.361007, 0.9}) {
      SCOPED_TRACE(spec + " cut-off " + std::to_string(cutoff));
      const EngineRun cpu = run("cpu", spec, CorrelationMethod::spearman, cutoff, false);
      const EngineRun gpu = run("gpu", spec, CorrelationMethod::spearman, cutoff, false);
      expect_same_survivors(cpu, gpu, cutoff, true);
      EXPECT_EQ(run("gpu", spec, CorrelationMethod::spearman, cutoff, true).result.survivors, cpu.found.size());
    }
  }
}

// Many ties (3 levels): the scales vary from row to row, and so do the thresholds.
TEST(CorrelateGpu, FusedKernelCountsEqualCpuWithManyTies) {
  const std::string spec = "random-table:rows=3001,cols=30,seed=" + std::to_string(test_support::fresh_seed() % 1000000) +
                           ",levels=3";
  for (double cutoff : {0.2, 0.361007, 0.6}) {
    const EngineRun cpu = run("cpu", spec, CorrelationMethod::spearman, cutoff, true);
    const EngineRun gpu = run("gpu", spec, CorrelationMethod::spearman, cutoff, true);
    EXPECT_EQ(cpu.result.survivors, gpu.result.survivors) << cutoff;
  }
}

// Counting and keeping runs of the fused kernel with each step's column fragments loaded one
// step ahead (the default) and without (PATHSCOPE_GPU_CORRELATE_PREFETCH=0), against the CPU
// engine: rows 32 and 64 bytes wide, row counts off the 128-row tile (sweeps of one column
// tile, padding in the last, one table past a 64-tile chunk), ties everywhere and almost none,
// fresh seeds and cut-offs (keeping runs at 0.5 or more, so that the CPU's list stays short).
TEST(CorrelateGpu, CountsAndSurvivorsEqualCpuWithColumnsLoadedAhead) {
  std::mt19937_64 random(test_support::fresh_seed());
  const std::vector<std::pair<std::int64_t, int>> shapes = {
      {129, 30}, {1 + static_cast<std::int64_t>(random() % 3000), 30}, {8200 + static_cast<std::int64_t>(random() % 300), 30},
      {1 + static_cast<std::int64_t>(random() % 3000), 50}, {700, 3}};
  for (const auto& [rows, cols] : shapes) {
    for (int levels : {10, 100000}) {
      const std::string spec = "random-table:rows=" + std::to_string(rows) + ",cols=" + std::to_string(cols) +
                               ",seed=" + std::to_string(random() % 1000000) + ",levels=" + std::to_string(levels);
      const double cutoff = std::uniform_real_distribution<double>(0.2, 0.8)(random);
      SCOPED_TRACE(spec + " cut-off " + std::to_string(cutoff));
      const EngineRun cpu = run("cpu", spec, CorrelationMethod::spearman, cutoff, true);
      const double keep_cutoff = std::max(cutoff, 0.5);
      const EngineRun cpu_kept = run("cpu", spec, CorrelationMethod::spearman, keep_cutoff, false);
      EXPECT_EQ(run("gpu", spec, CorrelationMethod::spearman, cutoff, true).result.survivors, cpu.result.survivors);
      expect_same_survivors(cpu_kept, run("gpu", spec, CorrelationMethod::spearman, keep_cutoff, false), keep_cutoff, true);
      test_support::ScopedEnv ahead("PATHSCOPE_GPU_CORRELATE_PREFETCH", "0");
      EXPECT_EQ(run("gpu", spec, CorrelationMethod::spearman, cutoff, true).result.survivors, cpu.result.survivors);
      expect_same_survivors(cpu_kept, run("gpu", spec, CorrelationMethod::spearman, keep_cutoff, false), keep_cutoff, true);
    }
  }
}

// Counting runs over rows grouped by scale class (the class-count kernel) against the CPU
// engine: ties of every density (3, 10 and 100,000 levels: dozens of classes, hundreds, one
// nearly alone), 3 to 51 columns, row counts off the tile, cut-offs at random and exactly on
// an attained coefficient; the grouping forced on small tables (PATHSCOPE_GPU_CORRELATE_CLASSES=2),
// every pair of distinct classes decided pair by pair (the path of class pairs whose two
// orders disagree), and the fused kernel (=0) beside them. The engine names its classes in
// timing.device, so a run that silently fell back would fail.
TEST(CorrelateGpu, CountsByScaleClassEqualCpu) {
  std::mt19937_64 random(test_support::fresh_seed());
  const std::vector<std::pair<std::int64_t, int>> shapes = {
      {129, 30}, {2 + static_cast<std::int64_t>(random() % 3000), 30}, {8200 + static_cast<std::int64_t>(random() % 300), 30},
      {2 + static_cast<std::int64_t>(random() % 3000), 36}, {2 + static_cast<std::int64_t>(random() % 2000), 51}, {700, 3}, {2 + static_cast<std::int64_t>(random() % 500), 17}};
  const auto grouped = [](const EngineRun& r) { return r.result.timing.device.find("scale classes") != std::string::npos; };
  for (const auto& [rows, cols] : shapes) {
    for (int levels : {3, 10, 100000}) {
      const std::string spec = "random-table:rows=" + std::to_string(rows) + ",cols=" + std::to_string(cols) +
                               ",seed=" + std::to_string(random() % 1000000) + ",levels=" + std::to_string(levels);
      double cutoff = std::uniform_real_distribution<double>(0.2, 0.8)(random);
      if (random() % 2) {
        // Exactly on a coefficient the table attains: a survivor of the CPU run.
        const EngineRun kept = run("cpu", spec, CorrelationMethod::spearman, cutoff, false);
        if (!kept.found.empty()) cutoff = std::fabs(kept.found[random() % kept.found.size()].rho);
      }
      SCOPED_TRACE(spec + " cut-off " + std::to_string(cutoff));
      const EngineRun cpu = run("cpu", spec, CorrelationMethod::spearman, cutoff, true);
      test_support::ScopedEnv forced("PATHSCOPE_GPU_CORRELATE_CLASSES", "2");
      const EngineRun classes = run("gpu", spec, CorrelationMethod::spearman, cutoff, true);
      EXPECT_EQ(classes.result.survivors, cpu.result.survivors);
      EXPECT_TRUE(grouped(classes)) << classes.result.timing.device;
      {
        test_support::ScopedEnv exact("PATHSCOPE_GPU_CORRELATE_CLASS_PAIRS_EXACT", "1");
        EXPECT_EQ(run("gpu", spec, CorrelationMethod::spearman, cutoff, true).result.survivors, cpu.result.survivors);
      }
      test_support::ScopedEnv off("PATHSCOPE_GPU_CORRELATE_CLASSES", "0");
      const EngineRun fused = run("gpu", spec, CorrelationMethod::spearman, cutoff, true);
      EXPECT_EQ(fused.result.survivors, cpu.result.survivors);
      EXPECT_FALSE(grouped(fused)) << fused.result.timing.device;
    }
  }
  // Survivors kept (not counted) and more than 51 columns never take the grouping.
  const std::string wide = "random-table:rows=300,cols=52,seed=" + std::to_string(random() % 1000000);
  test_support::ScopedEnv forced("PATHSCOPE_GPU_CORRELATE_CLASSES", "2");
  EXPECT_FALSE(grouped(run("gpu", wide, CorrelationMethod::spearman, 0.5, true)));
  const std::string narrow = "random-table:rows=300,cols=30,seed=" + std::to_string(random() % 1000000);
  EXPECT_FALSE(grouped(run("gpu", narrow, CorrelationMethod::spearman, 0.5, false)));
}

// The .npy output from the GPU engine: rho and p computed on the device for the survivors,
// handed to the sink as records (through the fan-out the CLI uses), equal to the CPU engine's
// pairs: the same (i, j) in the same order, rho the same double rounded to float, p within
// float rounding of the host's.
TEST(CorrelateGpu, NpyRecordsFromTheDeviceMatchTheCpuPairs) {
  const std::string spec = "random-table:rows=3001,cols=30,seed=" + std::to_string(test_support::fresh_seed() % 1000000);
  const double cutoff = combined_rho_cutoff(0.05, std::nullopt, 30);
  const EngineRun cpu = run("cpu", spec, CorrelationMethod::spearman, cutoff, false);
  const std::string path = ::testing::TempDir() + "/gpu_records.npy";
  {
    std::vector<std::unique_ptr<PairSink>> sinks;
    sinks.push_back(make_npy_pair_sink(path));
    auto sink = make_fan_out_sink(std::move(sinks));
    ASSERT_TRUE(sink->takes_records());
    auto source = open_table(spec);
    CorrelateOptions options;
    options.min_abs_rho = cutoff;
    const auto result = make_correlation_engine("gpu")->run(*source, options, sink.get(), {});
    ASSERT_EQ(result.survivors, cpu.found.size());
  }
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 10u);
  const std::size_t header = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  ASSERT_EQ(bytes.size() - 10 - header, cpu.found.size() * sizeof(SurvivorRecord));
  std::vector<SurvivorRecord> records(cpu.found.size());
  std::memcpy(records.data(), bytes.data() + 10 + header, records.size() * sizeof(SurvivorRecord));
  for (std::size_t k = 0; k < records.size(); ++k) {
    ASSERT_EQ(static_cast<std::int64_t>(records[k].i), cpu.found[k].i) << k;
    ASSERT_EQ(static_cast<std::int64_t>(records[k].j), cpu.found[k].j) << k;
    ASSERT_EQ(records[k].rho, static_cast<float>(cpu.found[k].rho)) << k;
    const double p = correlation_p_value(cpu.found[k].rho, 30);
    ASSERT_NEAR(records[k].p, p, 1e-6 * p + 1e-30) << k;
  }
}

}  // namespace
}  // namespace pathscope
