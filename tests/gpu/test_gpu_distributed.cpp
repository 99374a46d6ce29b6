// gpu-blocked and the gpu correlation engine over several ranks (--gpus): one NCCL rank, and
// P = 2, 3 and 4 logical ranks sharing one GPU (device copies), against the one-GPU engines on
// fresh random graphs and tables of awkward sizes (parts of unequal and of zero size, negative
// arcs, unreachable pairs), and the int32 result against Dijkstra.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <string>

#include "gpu_apsp_reference.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "scoped_env.hpp"
#include "pathscope/io/measurement_table.hpp"

namespace pathscope::gpu_test {
namespace {

GpuSet logical_ranks(int p) {
  GpuSet s;
  s.devices.assign(p, 0);
  return s;
}

ApspOptions on(DistType dist, const GpuSet& gpus) {
  ApspOptions o = options_for(dist);
  o.gpus = gpus;
  return o;
}

// Whole numbers bit for bit; floats within float rounding of a path's length (the order of a
// sum's additions may differ, as between two runs of the one-GPU engine: docs/gpu.md).
void expect_same_matrix(const ApspResult& one, const ApspResult& many, const std::string& what) {
  ASSERT_EQ(one.n, many.n) << what;
  ASSERT_EQ(one.dist, many.dist) << what;
  if (one.dist == DistType::Float32) {
    expect_matches(as_doubles(one), many, what);
    return;
  }
  EXPECT_EQ(one.d32, many.d32) << what;
  EXPECT_EQ(one.d16, many.d16) << what;
  EXPECT_EQ(matrix_checksum(one), matrix_checksum(many)) << what;
}

TEST(GpuDistributed, OneNcclRankEqualsOneGpu) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  ASSERT_EQ(engine->unavailable_reason(), "");
  GpuSet one;
  one.count = 1;
  for (int n : {1, 129, 901 + int(rng.below(200))}) {
    const TestGraph t = make_graph({n, 3.0, false, false, 400}, rng);
    const ApspResult single = engine->run(t.graph, options_for(DistType::Int32), {});
    ApspResult ranked;
    try {
      ranked = engine->run(t.graph, on(DistType::Int32, one), {});
    } catch (const Error& e) {
      if (std::string(e.what()).find("no NCCL") != std::string::npos) GTEST_SKIP() << e.what();
      throw;
    }
    expect_same_matrix(single, ranked, "1 NCCL rank, n=" + std::to_string(n));
    EXPECT_NE(ranked.timing.device.find("1 rank, grid 1x1, NCCL"), std::string::npos) << ranked.timing.device;
  }
}

class LogicalRanks : public ::testing::TestWithParam<int> {};

TEST_P(LogicalRanks, Int32EqualsOneGpuAndDijkstra) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  const int p = GetParam();
  // 1 and 130 nodes leave some ranks with no rows or columns at all.
  for (int n : {1, 130, 383, 700 + int(rng.below(300))}) {
    const TestGraph t = make_graph({n, 2.5 + rng.below(3), false, false, n % 2 ? 300 : 0}, rng);
    const ApspResult single = engine->run(t.graph, options_for(DistType::Int32), {});
    const ApspResult ranked = engine->run(t.graph, on(DistType::Int32, logical_ranks(p)), {});
    const std::string what = std::to_string(p) + " logical ranks, int32, n=" + std::to_string(n);
    expect_same_matrix(single, ranked, what);
    expect_matches(reference_distances(t), ranked, what);
  }
}

TEST_P(LogicalRanks, FloatAndHop16EqualOneGpu) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  const int p = GetParam();
  for (int n : {257, 611 + int(rng.below(100))}) {
    const TestGraph f = make_graph({n, 3.0, false, true, 50}, rng);
    const ApspResult floats = engine->run(f.graph, on(DistType::Float32, logical_ranks(p)), {});
    expect_same_matrix(engine->run(f.graph, options_for(DistType::Float32), {}), floats,
                       std::to_string(p) + " logical ranks, float, n=" + std::to_string(n));
    expect_matches(reference_distances(f), floats, "float against Dijkstra");
    const TestGraph h = make_graph({n, 1.5, true, false, 0}, rng);
    const ApspResult hops = engine->run(h.graph, on(DistType::Hop16, logical_ranks(p)), {});
    expect_same_matrix(engine->run(h.graph, options_for(DistType::Hop16), {}), hops,
                       std::to_string(p) + " logical ranks, hop16, n=" + std::to_string(n));
    expect_matches(reference_distances(h), hops, "hop16 against breadth-first search");
  }
}

TEST_P(LogicalRanks, NegativeCycleIsReported) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  const int n = 300 + int(rng.below(200));
  GraphBuilder b(n);
  for (int u = 0; u + 1 < n; ++u) b.add_arc(u, u + 1, 5);
  const int a = 150 + int(rng.below(n - 170)), c = a + 3 + int(rng.below(6));
  b.add_arc(c, a, -5.0 * (c - a) - 1);
  LoadReport report;
  const Graph g = b.build(true, report);
  try {
    engine->run(g, on(DistType::Int32, logical_ranks(GetParam())), {});
    ADD_FAILURE() << "no NegativeCycle for the cycle " << a << ".." << c;
  } catch (const NegativeCycle& e) {
    EXPECT_LE(e.node(), c);
  }
}

INSTANTIATE_TEST_SUITE_P(P, LogicalRanks, ::testing::Values(2, 3, 4));

TEST(GpuDistributed, CancelStopsEveryRankAndTheRanksRunAgain) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  const TestGraph t = make_graph({3000, 3.0, false, false, 0}, rng);  // 24 pivots: a progress point each
  std::atomic<bool> cancel{true};
  const JobContext job([](double) {}, &cancel);
  EXPECT_THROW(engine->run(t.graph, on(DistType::Int32, logical_ranks(4)), job), Cancelled);
  const TestGraph small = make_graph({300, 3.0, false, false, 0}, rng);
  expect_same_matrix(engine->run(small.graph, options_for(DistType::Int32), {}),
                     engine->run(small.graph, on(DistType::Int32, logical_ranks(4)), {}), "after a cancelled run");
}

TEST(GpuDistributed, RefusalsNameTheReason) {
  SplitMix64 rng(fresh_seed());
  const TestGraph t = make_graph({200, 3.0, false, false, 0}, rng);
  GpuSet missing;
  missing.devices = {0, kMaxGpuRanks - 1};
  try {
    make_apsp_engine("gpu-blocked")->run(t.graph, on(DistType::Int32, missing), {});
    ADD_FAILURE() << "device " << kMaxGpuRanks - 1 << " accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("this machine has"), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_apsp_engine("gpu-naive")->run(t.graph, on(DistType::Int32, logical_ranks(2)), {}), Error);
  ApspOptions next = on(DistType::Int32, logical_ranks(2));
  next.next_hop = true;
  EXPECT_THROW(make_apsp_engine("gpu-blocked")->run(t.graph, next, {}), Error);
}

// ---- correlation ------------------------------------------------------------------------

class PairList final : public PairSink {
 public:
  void consume(const CorrelationPair* pairs, std::size_t count) override { found.insert(found.end(), pairs, pairs + count); }
  std::vector<CorrelationPair> found;
};

TEST(GpuDistributed, CorrelationOverLogicalRanksEqualsOneGpu) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_correlation_engine("gpu");
  ASSERT_EQ(engine->unavailable_reason(), "");
  // Spearman on 20 columns runs the exact int8 path, Pearson on 41 the float path; a dealt run
  // cuts at least 8 bands a rank, so every rank gets some.
  struct Case {
    CorrelationMethod method;
    int rows, cols;
    double cutoff;
  };
  for (const Case c : {Case{CorrelationMethod::spearman, 20000 + int(rng.below(3000)), 20, 0.7},
                       Case{CorrelationMethod::pearson, 12000 + int(rng.below(3000)), 41, 0.5}}) {
    const std::string spec = "random-table:rows=" + std::to_string(c.rows) + ",cols=" + std::to_string(c.cols) +
                             ",seed=" + std::to_string(rng.below(1u << 30));
    CorrelateOptions options;
    options.method = c.method;
    options.min_abs_rho = c.cutoff;
    PairList one;
    auto source = open_table(spec);
    const CorrelateResult single = engine->run(*source, options, &one, {});
    for (int p : {2, 3}) {
      options.gpus = logical_ranks(p);
      PairList many;
      auto again = open_table(spec);
      const CorrelateResult ranked = engine->run(*again, options, &many, {});
      const std::string what = spec + " over " + std::to_string(p) + " ranks";
      EXPECT_EQ(single.survivors, ranked.survivors) << what;
      ASSERT_EQ(one.found.size(), many.found.size()) << what;
      for (std::size_t k = 0; k < one.found.size(); ++k) {
        ASSERT_EQ(one.found[k].i, many.found[k].i) << what << " pair " << k;
        ASSERT_EQ(one.found[k].j, many.found[k].j) << what << " pair " << k;
        ASSERT_EQ(one.found[k].rho, many.found[k].rho) << what << " pair " << k;
      }
    }
    if (c.method != CorrelationMethod::spearman) continue;
    // Counting over ranks: every rank sweeps its bands of the rows grouped by scale class
    // (forced on this small table), copied to its device with the rows.
    const test_support::ScopedEnv grouped("PATHSCOPE_GPU_CORRELATE_CLASSES", "2");
    options.count_only = true;
    for (int p : {1, 2, 3}) {
      options.gpus = p == 1 ? GpuSet{} : logical_ranks(p);
      auto again = open_table(spec);
      const CorrelateResult counted = engine->run(*again, options, nullptr, {});
      EXPECT_EQ(counted.survivors, single.survivors) << spec << " counted over " << p << " ranks";
      EXPECT_NE(counted.timing.device.find("scale classes"), std::string::npos) << counted.timing.device;
    }
  }
}

}  // namespace
}  // namespace pathscope::gpu_test
