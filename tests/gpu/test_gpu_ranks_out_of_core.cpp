// gpu-blocked over P = 2, 3 and 4 logical ranks on one GPU with a budget below each rank's block,
// so that every rank streams its block from host memory (distributed_out_of_core.cu): against
// the one-GPU engine in core and against Dijkstra / breadth-first search, on fresh random graphs
// whose side is not a multiple of the tile (padding rows and columns, super-blocks cut at the
// process rows' and columns' edges, several slabs a rank).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>

#include "gpu_apsp_reference.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/apsp/gpu_width.hpp"

namespace pathscope::gpu_test {
namespace {

constexpr std::int64_t kTile = 128;

// A budget for the whole GPU that gives each of P ranks exactly its largest block's bytes:
// below the in-core need (the block and its panels), above the narrowest streaming plan.
ApspOptions streaming_over(DistType dist, int ranks, int n) {
  ApspOptions o = options_for(dist);
  o.gpus.devices.assign(std::size_t(ranks), 0);
  const GpuGrid grid = gpu_grid_for_ranks(ranks);
  const std::int64_t tiles = (n + kTile - 1) / kTile;
  const std::int64_t rows = (tiles + grid.rows - 1) / grid.rows * kTile, cols = (tiles + grid.cols - 1) / grid.cols * kTile;
  o.gpu_memory_budget = std::uint64_t(ranks) * rows * cols * (dist == DistType::Hop16 ? 2 : 4);
  return o;
}

void expect_streamed(const ApspResult& r, const std::string& what) {
  EXPECT_NE(r.timing.device.find("out of core on every rank"), std::string::npos) << what << ": " << r.timing.device;
}

class RanksOutOfCore : public ::testing::TestWithParam<int> {};

TEST_P(RanksOutOfCore, EveryDistanceTypeEqualsOneGpuInCore) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  ASSERT_EQ(engine->unavailable_reason(), "");
  const int p = GetParam();
  struct Case {
    DistType dist;
    bool unit, fractional;
  };
  for (const Case c : {Case{DistType::Int32, false, false}, Case{DistType::Float32, false, true},
                       Case{DistType::Hop16, true, false}}) {
    const int n = 3800 + int(rng.below(400));
    const TestGraph t = make_graph({n, 2.0 + rng.below(3), c.unit, c.fractional, c.unit ? 0 : 250}, rng);
    const std::string what =
        std::to_string(p) + " ranks out of core, " + dist_type_name(c.dist) + ", n=" + std::to_string(n);
    const ApspResult streamed = engine->run(t.graph, streaming_over(c.dist, p, n), {});
    expect_streamed(streamed, what);
    expect_matches(reference_distances(t), streamed, what);
    // Super-blocks change the order of a float sum's additions; the exact types agree bit for bit.
    if (c.dist != DistType::Float32)
      EXPECT_EQ(matrix_checksum(engine->run(t.graph, options_for(c.dist), {})), matrix_checksum(streamed)) << what;
  }
}

TEST_P(RanksOutOfCore, NegativeCycleIsReported) {
  SplitMix64 rng(fresh_seed());
  const int n = 3000 + int(rng.below(500));
  GraphBuilder b(n);
  for (int u = 0; u + 1 < n; ++u) b.add_arc(u, u + 1, 3);
  const int a = 1000 + int(rng.below(n - 1100)), c = a + 2 + int(rng.below(50));
  b.add_arc(c, a, -3.0 * (c - a) - 1);
  LoadReport report;
  const Graph g = b.build(true, report);
  try {
    make_apsp_engine("gpu-blocked")->run(g, streaming_over(DistType::Int32, GetParam(), n), {});
    ADD_FAILURE() << "no NegativeCycle for the cycle " << a << ".." << c;
  } catch (const NegativeCycle& e) {
    EXPECT_GE(e.node(), a);
    EXPECT_LE(e.node(), c);
  }
}

INSTANTIATE_TEST_SUITE_P(P, RanksOutOfCore, ::testing::Values(2, 3, 4));

// Ranks on distinct GPUs (NCCL), each copying to and from the one pinned host matrix.
TEST(RanksOutOfCore, OverDistinctGpus) {
  const GpuInfo gpu = gpu_info();
  const int gpus = gpu.available ? gpu.device_count : 0;
  if (gpus < 2) GTEST_SKIP() << "ranks on distinct GPUs need two, and this machine has " << gpus;
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  const int n = 3800 + int(rng.below(400));
  const TestGraph t = make_graph({n, 3.0, false, false, 250}, rng);
  for (const int p : {2, std::min(gpus, 4)}) {
    ApspOptions o = streaming_over(DistType::Int32, p, n);
    for (int r = 0; r < p; ++r) o.gpus.devices[std::size_t(r)] = r;
    o.gpu_memory_budget /= std::uint64_t(p);  // per GPU: one rank on each
    const std::string what = std::to_string(p) + " GPUs out of core, n=" + std::to_string(n);
    const ApspResult streamed = engine->run(t.graph, o, {});
    expect_streamed(streamed, what);
    EXPECT_NE(streamed.timing.device.find("NCCL"), std::string::npos) << streamed.timing.device;
    expect_matches(reference_distances(t), streamed, what);
  }
}

TEST(RanksOutOfCore, CancelStopsEveryRankAndTheRanksRunAgain) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  const int n = 4000;
  const TestGraph t = make_graph({n, 3.0, false, false, 0}, rng);
  std::atomic<bool> cancel{true};
  const JobContext job([](double) {}, &cancel);
  EXPECT_THROW(engine->run(t.graph, streaming_over(DistType::Int32, 4, n), job), Cancelled);
  const ApspResult again = engine->run(t.graph, streaming_over(DistType::Int32, 4, n), {});
  expect_streamed(again, "after a cancelled run");
  EXPECT_EQ(matrix_checksum(engine->run(t.graph, options_for(DistType::Int32), {})), matrix_checksum(again));
}

TEST(RanksOutOfCore, BudgetTooSmallEvenToStreamIsRefused) {
  SplitMix64 rng(fresh_seed());
  const TestGraph t = make_graph({5000, 2.0, false, false, 0}, rng);
  ApspOptions o = options_for(DistType::Int32);
  o.gpus.devices = {0, 0};
  o.gpu_memory_budget = 2u << 20;
  try {
    make_apsp_engine("gpu-blocked")->run(t.graph, o, {});
    ADD_FAILURE() << "a 1 MiB rank accepted";
  } catch (const OverBudget& e) {
    EXPECT_NE(std::string(e.what()).find("out of core on every rank"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace pathscope::gpu_test
