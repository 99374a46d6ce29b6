// Float distances against Dijkstra in double, and the out-of-core path (forced by a tiny GPU
// memory budget) against both the reference and the in-core run.
#include <gtest/gtest.h>

#include <chrono>

#include "gpu_apsp_reference.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"

namespace pathscope::gpu_test {
namespace {

class GpuFloat : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuFloat, FractionalCostsWithNegativeArcsMatchDijkstra) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine(GetParam());
  for (int n : {1, 4, 131, 250, 1100}) {
    const TestGraph t = make_graph({n, 3.0, false, true, n % 2 ? 0 : 50}, rng);
    const ApspResult r = engine->run(t.graph, options_for(DistType::Float32), {});
    ASSERT_EQ(r.df.size(), std::size_t(n) * n);
    expect_matches(reference_distances(t), r, GetParam() + " float n=" + std::to_string(n));
  }
}

INSTANTIATE_TEST_SUITE_P(Engines, GpuFloat, ::testing::Values("gpu-blocked", "gpu-naive"));

// A budget far below the in-core need: several super-blocks (the last one narrower), several
// slabs per super-block over three streams, padding rows and columns.
TEST(GpuOutOfCore, TinyBudgetGivesTheInCoreMatrix) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  struct Case {
    int n;
    DistType dist;
    std::uint64_t budget;
  };
  // Budgets below each in-core need (about n^2 cells plus two 128-row panels) and above the
  // smallest out-of-core plan: W = 128, 256, 128, 128 respectively.
  for (const Case c : {Case{1999, DistType::Int32, 14u << 20}, Case{2411, DistType::Int32, 22u << 20},
                       Case{1900, DistType::Float32, 13u << 20}, Case{2100, DistType::Hop16, 9u << 20}}) {
    const bool unit = c.dist == DistType::Hop16, fractional = c.dist == DistType::Float32;
    const TestGraph t = make_graph({c.n, 2.0 + rng.below(3), unit, fractional, unit ? 0 : 200}, rng);
    ApspOptions streamed = options_for(c.dist);
    streamed.gpu_memory_budget = c.budget;
    const ApspResult out_of_core = engine->run(t.graph, streamed, {});
    EXPECT_NE(out_of_core.timing.device.find("out-of-core"), std::string::npos) << out_of_core.timing.device;
    const std::string what = "out-of-core n=" + std::to_string(c.n) + " " + dist_type_name(c.dist);
    expect_matches(reference_distances(t), out_of_core, what);
    const ApspResult in_core = engine->run(t.graph, options_for(c.dist), {});
    EXPECT_EQ(in_core.timing.device.find("out-of-core"), std::string::npos);
    // Float sums may round differently when super-blocks change the order of the work, so
    // only the exact types must agree bit for bit (float was held to the reference above).
    if (c.dist != DistType::Float32) EXPECT_EQ(matrix_checksum(in_core), matrix_checksum(out_of_core)) << what;
  }
}

TEST(GpuOutOfCore, NegativeCycleIsReported) {
  const int n = 1500;
  GraphBuilder b(n);
  for (int u = 0; u + 1 < n; ++u) b.add_arc(u, u + 1, 2);
  b.add_arc(1400, 700, -2.0 * 700 - 3);
  LoadReport report;
  const Graph g = b.build(true, report);
  ApspOptions o = options_for(DistType::Int32);
  o.gpu_memory_budget = 10u << 20;
  EXPECT_THROW(make_apsp_engine("gpu-blocked")->run(g, o, {}), NegativeCycle);
}

TEST(GpuOutOfCore, BudgetTooSmallEvenToStreamIsRefused) {
  SplitMix64 rng(fresh_seed());
  const TestGraph t = make_graph({5000, 2.0, false, false, 0}, rng);
  ApspOptions o = options_for(DistType::Int32);
  o.gpu_memory_budget = 1u << 20;
  EXPECT_THROW(make_apsp_engine("gpu-blocked")->run(t.graph, o, {}), OverBudget);
  EXPECT_THROW(make_apsp_engine("gpu-naive")->run(t.graph, o, {}), OverBudget);
}

}  // namespace
}  // namespace pathscope::gpu_test
