// What surrounds the arithmetic: progress, cancellation, refusals, device facts and the peak.
#include <gtest/gtest.h>

#include <atomic>

#include "gpu_apsp_reference.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/gpu.hpp"

namespace pathscope::gpu_test {
namespace {

class GpuJobs : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuJobs, ProgressRisesToOne) {
  SplitMix64 rng(7);
  const TestGraph t = make_graph({2000, 3.0, false, false, 0}, rng);
  std::vector<double> seen;
  JobContext job([&](double f) { seen.push_back(f); }, nullptr);
  make_apsp_engine(GetParam())->run(t.graph, options_for(DistType::Int32), job);
  ASSERT_GE(seen.size(), 3u);
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GE(seen[i], seen[i - 1]);
  EXPECT_GE(seen.front(), 0.0);
  EXPECT_EQ(seen.back(), 1.0);
}

TEST_P(GpuJobs, CancelStopsBetweenBlocks) {
  SplitMix64 rng(11);
  const TestGraph t = make_graph({3000, 3.0, false, false, 0}, rng);
  std::atomic<bool> cancel{false};
  int calls_after_cancel = 0;
  JobContext job(
      [&](double f) {
        if (cancel) ++calls_after_cancel;
        if (f > 0.2) cancel = true;
      },
      &cancel);
  EXPECT_THROW(make_apsp_engine(GetParam())->run(t.graph, options_for(DistType::Int32), job), Cancelled);
  EXPECT_LE(calls_after_cancel, 1);
  // The engine is still usable afterwards (nothing leaked or left running).
  const TestGraph small = make_graph({200, 3.0, false, false, 0}, rng);
  const ApspResult r = make_apsp_engine(GetParam())->run(small.graph, options_for(DistType::Int32), {});
  expect_matches(reference_distances(small), r, "after a cancel");
}

TEST_P(GpuJobs, BadRequestsAreRefusedClearly) {
  SplitMix64 rng(3);
  auto engine = make_apsp_engine(GetParam());
  const TestGraph weighted = make_graph({50, 3.0, false, false, 0}, rng);
  EXPECT_THROW(engine->run(weighted.graph, options_for(DistType::Hop16), {}), Error);
  const TestGraph fractional = make_graph({50, 3.0, false, true, 0}, rng);
  EXPECT_THROW(engine->run(fractional.graph, options_for(DistType::Int32), {}), Error);
  ApspOptions tiny_host = options_for(DistType::Int32);
  tiny_host.memory_budget = 1000;
  EXPECT_THROW(engine->run(weighted.graph, tiny_host, {}), OverBudget);
}

INSTANTIATE_TEST_SUITE_P(Engines, GpuJobs, ::testing::Values("gpu-blocked", "gpu-naive"));

TEST(GpuDevice, InfoAndPeakAreSane) {
  const GpuInfo info = gpu_info();
  ASSERT_TRUE(info.available) << info.reason;
  EXPECT_FALSE(info.name.empty());
  EXPECT_GE(info.compute_major * 10 + info.compute_minor, 75);
  EXPECT_GT(info.multiprocessors, 0);
  EXPECT_GT(info.total_memory, info.free_memory / 2);
  const double int32 = gpu_minplus_peak(DistType::Int32), hop16 = gpu_minplus_peak(DistType::Hop16);
  // Far above any CPU (1e11) and below what 2x the listed ceilings would allow.
  EXPECT_GT(int32, 1e12);
  EXPECT_LT(int32, 4e13);
  EXPECT_GT(hop16, int32);
  EXPECT_EQ(gpu_minplus_peak(DistType::Int32), int32);  // measured once, then remembered
  EXPECT_GT(gpu_minplus_peak(DistType::Float32), 1e12);
}

}  // namespace
}  // namespace pathscope::gpu_test
