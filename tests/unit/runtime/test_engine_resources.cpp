// The one resource record every engine family takes: its validation rule, its defaults, and
// the correlation engines honouring it (they once ignored both the thread count and the
// memory budget). The other families' budget refusals are in their own tests
// (test_apsp_refusals, test_closure_engines, test_tsp_problems).
#include <gtest/gtest.h>

#include <omp.h>

#include <memory>

#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope {
namespace {

EngineResources with_threads(int threads) {
  EngineResources r;
  r.threads = threads;
  return r;
}

EngineResources with_budget(std::uint64_t bytes) {
  EngineResources r;
  r.memory_budget = bytes;
  return r;
}

TEST(EngineResources, ThreadCountsOutOfRangeAreRefusedWithTheRange) {
  for (int threads : {-1, -100, max_cpu_threads() + 1, 100000}) {
    try {
      validate_resources(with_threads(threads));
      ADD_FAILURE() << threads << " threads accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(std::to_string(max_cpu_threads())), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(std::to_string(threads)), std::string::npos) << e.what();
    }
    // The engines apply the same rule, so a caller that skips validation cannot crash OpenMP.
    EXPECT_THROW(effective_threads(with_threads(threads)), Error) << threads;
  }
  EXPECT_NO_THROW(validate_resources(with_threads(max_cpu_threads())));
  EXPECT_GE(max_cpu_threads(), 4 * omp_get_num_procs());
}

TEST(EngineResources, ZeroMeansTheDefaults) {
  EXPECT_EQ(effective_threads(with_threads(0)), omp_get_max_threads());
  EXPECT_EQ(effective_threads(with_threads(3)), 3);
  EXPECT_EQ(effective_memory_budget(EngineResources{}), default_memory_budget());
  EXPECT_EQ(effective_memory_budget(with_budget(12345)), 12345u);
  EXPECT_NO_THROW(validate_resources(EngineResources{}));
}

TEST(EngineResources, BudgetsAbovePhysicalMemoryAreRefused) {
  const std::uint64_t physical = physical_memory_bytes();
  if (physical == 0) GTEST_SKIP() << "physical memory unknown here";
  EXPECT_THROW(validate_resources(with_budget(physical + 1)), Error);
  EXPECT_NO_THROW(validate_resources(with_budget(physical / 2)));
}

TEST(EngineResources, DeviceLabelCountsThreads) {
  EXPECT_EQ(cpu_device_label(1), "CPU, 1 thread");
  EXPECT_EQ(cpu_device_label(8), "CPU, 8 threads");
}

// Hides the row count a source announces, as a file's reader does, so that only the check
// made before each chunk is kept can refuse.
class UnannouncedRows final : public RowSource {
 public:
  explicit UnannouncedRows(std::unique_ptr<RowSource> inner) : inner_(std::move(inner)) {}
  const TableLayout& layout() const override { return inner_->layout(); }
  bool next(TableChunk& chunk) override { return inner_->next(chunk); }

 private:
  std::unique_ptr<RowSource> inner_;
};

class CollectingSink final : public PairSink {
 public:
  void consume(const CorrelationPair* pairs, std::size_t count) override { all.insert(all.end(), pairs, pairs + count); }
  std::vector<CorrelationPair> all;
};

// 40 GB of ranked rows: an engine that allocated before checking would fail with bad_alloc or
// be killed, not throw OverBudget; one that read the rows first would run for minutes.
constexpr const char* kHugeTable = "random-table:rows=100000000,cols=100,seed=1";

TEST(CorrelationResources, TightBudgetIsRefusedBeforeAllocating) {
  CorrelateOptions tight;
  tight.memory_budget = std::uint64_t{1} << 20;
  tight.count_only = true;
  for (const char* name : {"cpu", "cpu-rerank"}) {
    auto announced = open_table(kHugeTable);
    EXPECT_THROW(make_correlation_engine(name)->run(*announced, tight, nullptr, {}), OverBudget) << name;
    UnannouncedRows unannounced(open_table(kHugeTable));
    EXPECT_THROW(make_correlation_engine(name)->run(unannounced, tight, nullptr, {}), OverBudget) << name;
  }
}

TEST(CorrelationResources, BudgetThatFitsRuns) {
  CorrelateOptions roomy;
  roomy.memory_budget = std::uint64_t{64} << 20;
  roomy.count_only = true;
  for (const char* name : {"cpu", "cpu-rerank"}) {
    auto source = open_table("random-table:rows=300,cols=20,seed=3");
    EXPECT_EQ(make_correlation_engine(name)->run(*source, roomy, nullptr, {}).pairs_tested, 300u * 299u / 2) << name;
  }
}

// Equal answers whatever the thread count, including more threads than OpenMP's default
// (the per-thread survivor lists must be sized by the run's count, not OpenMP's).
TEST(CorrelationResources, ThreadCountDoesNotChangeTheSurvivors) {
  for (const char* name : {"cpu", "cpu-rerank"}) {
    std::vector<std::vector<CorrelationPair>> answers;
    for (int threads : {1, 2, omp_get_max_threads() + 3}) {
      CorrelateOptions options;
      options.threads = threads;
      options.min_abs_rho = 0.3;
      options.pairs_per_band = 5000;  // several bands
      auto source = open_table("random-table:rows=700,cols=12,seed=5");
      CollectingSink sink;
      const auto result = make_correlation_engine(name)->run(*source, options, &sink, {});
      EXPECT_EQ(result.timing.device, cpu_device_label(threads)) << name;
      EXPECT_EQ(result.survivors, sink.all.size()) << name;
      answers.push_back(sink.all);
    }
    ASSERT_GT(answers[0].size(), 100u) << name << ": the cut-off leaves too few pairs to compare";
    for (std::size_t k = 1; k < answers.size(); ++k) {
      ASSERT_EQ(answers[k].size(), answers[0].size()) << name;
      for (std::size_t p = 0; p < answers[0].size(); ++p) {
        EXPECT_EQ(answers[k][p].i, answers[0][p].i);
        EXPECT_EQ(answers[k][p].j, answers[0][p].j);
        EXPECT_EQ(answers[k][p].rho, answers[0][p].rho);
      }
    }
  }
}

}  // namespace
}  // namespace pathscope

namespace pathscope {
namespace {

// --gpus: every form read back, ranks resolved against a device count, bad text refused.
TEST(GpuSetText, FormsReadBackAndResolveToRanks) {
  EXPECT_TRUE(parse_gpu_set("0").is_default());
  EXPECT_TRUE(parse_gpu_set("all").all);
  EXPECT_EQ(parse_gpu_set("3").count, 3);
  EXPECT_EQ(parse_gpu_set("0,2,5").devices, (std::vector<int>{0, 2, 5}));
  EXPECT_EQ(parse_gpu_set("1+1+0").devices, (std::vector<int>{1, 1, 0}));
  for (const char* text : {"all", "0", "4", "0+0", "3+1+2"}) EXPECT_EQ(gpu_set_text(parse_gpu_set(text)), text);
  EXPECT_EQ(gpu_ranks(parse_gpu_set("all"), 3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(gpu_ranks(parse_gpu_set("2"), 8), (std::vector<int>{0, 1}));
  EXPECT_EQ(gpu_ranks(parse_gpu_set("0+0+0"), 1), (std::vector<int>{0, 0, 0}));
  EXPECT_TRUE(gpu_ranks(GpuSet{}, 4).empty());
}

TEST(GpuSetText, BadTextAndMissingDevicesAreRefused) {
  for (const char* text : {"", "-1", "two", "1.5", "0,", ",0", "0,,1", "65", "0+64", "1e3", "0x2", " 1"})
    EXPECT_THROW(parse_gpu_set(text), Error) << text;
  try {
    gpu_ranks(parse_gpu_set("4"), 2);
    ADD_FAILURE() << "4 GPUs on a machine with 2";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("this machine has 2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(gpu_ranks(parse_gpu_set("0,3"), 2), Error);
  GpuSet too_many;
  too_many.devices.assign(kMaxGpuRanks + 1, 0);
  EngineResources r;
  r.gpus = too_many;
  EXPECT_THROW(validate_resources(r), Error);
}

}  // namespace
}  // namespace pathscope
