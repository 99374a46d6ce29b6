// int32 and hop16 GPU engines against Dijkstra/BFS written in the test, on fresh random graphs
// of sizes that are not multiples of any tile (128 cells, 32-deep chunks, 8 x 8 per thread).
#include <gtest/gtest.h>

#include <chrono>

#include "gpu_apsp_reference.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/io/load.hpp"
#include "scoped_env.hpp"

namespace pathscope::gpu_test {
namespace {

class GpuExact : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuExact, SmallSizesWithNegativeArcsMatchDijkstra) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine(GetParam());
  ASSERT_EQ(engine->unavailable_reason(), "");
  for (int n : {1, 2, 3, 37, 127, 129, 200}) {
    const TestGraph t = make_graph({n, 3.0, false, false, 500}, rng);
    const ApspResult r = engine->run(t.graph, options_for(DistType::Int32), {});
    expect_matches(reference_distances(t), r, GetParam() + " int32 n=" + std::to_string(n));
  }
}

TEST_P(GpuExact, LargerSizesMatchDijkstra) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine(GetParam());
  const bool naive = GetParam() == "gpu-naive";
  for (int n : {383, 1001, naive ? 1531 : 3001}) {
    const TestGraph t = make_graph({n, 2.5 + rng.below(4), false, false, n % 2 ? 300 : 0}, rng);
    const ApspResult r = engine->run(t.graph, options_for(DistType::Int32), {});
    EXPECT_GT(r.timing.seconds, 0);
    EXPECT_GE(r.timing.seconds, r.timing.compute_seconds);
    expect_matches(reference_distances(t), r, GetParam() + " int32 n=" + std::to_string(n));
  }
}

TEST_P(GpuExact, Hop16MatchesBreadthFirstSearch) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine(GetParam());
  for (int n : {1, 5, 130, 255, 1777}) {
    const TestGraph t = make_graph({n, 1.5, true, false, 0}, rng);  // sparse: long hop paths
    const ApspResult r = engine->run(t.graph, options_for(DistType::Hop16), {});
    ASSERT_EQ(r.d16.size(), std::size_t(n) * n);
    expect_matches(reference_distances(t), r, GetParam() + " hop16 n=" + std::to_string(n));
  }
}

TEST_P(GpuExact, Hop16AndInt32GiveTheSameChecksum) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine(GetParam());
  const TestGraph t = make_graph({901, 2.0, true, false, 0}, rng);
  const auto hops = engine->run(t.graph, options_for(DistType::Hop16), {});
  const auto ints = engine->run(t.graph, options_for(DistType::Int32), {});
  EXPECT_EQ(matrix_checksum(hops), matrix_checksum(ints));
}

TEST_P(GpuExact, NegativeCycleIsReported) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine(GetParam());
  for (DistType dist : {DistType::Int32, DistType::Float32}) {
    const int n = 150 + int(rng.below(100));
    GraphBuilder b(n);
    for (int u = 0; u + 1 < n; ++u) b.add_arc(u, u + 1, 5);
    const int a = int(rng.below(n - 10)), c = a + 3 + int(rng.below(6));
    b.add_arc(c, a, -5.0 * (c - a) - 1);  // the cycle a -> ... -> c -> a costs -1
    LoadReport report;
    const Graph g = b.build(true, report);
    try {
      engine->run(g, options_for(dist), {});
      ADD_FAILURE() << GetParam() << ": no NegativeCycle for a cycle through " << a << ".." << c;
    } catch (const NegativeCycle& e) {
      EXPECT_LE(e.node(), c) << "node " << e.node() << " neither on nor reaching the cycle " << a << ".." << c;
    }
  }
}

TEST_P(GpuExact, NextHopsFollowShortestPaths) {
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine(GetParam());
  const int n = 333 + int(rng.below(100));
  const TestGraph t = make_graph({n, 3.0, false, false, 0}, rng);
  ApspOptions o = options_for(DistType::Int32);
  o.next_hop = true;
  const ApspResult r = engine->run(t.graph, o, {});
  const auto expected = reference_distances(t);
  expect_matches(expected, r, GetParam() + " with next hops");
  ASSERT_EQ(r.next.size(), std::size_t(n) * n);
  std::int64_t bad = 0;
  for (int u = 0; u < n; ++u)
    for (int v = 0; v < n; ++v) {
      const std::int32_t k = r.next[std::size_t(u) * n + v];
      const double duv = expected[std::size_t(u) * n + v];
      if (u == v || std::isinf(duv)) {
        bad += k != -1;
        continue;
      }
      bool on_path = false;  // k must be a neighbour with w(u,k) + D[k][v] = D[u][v]
      for (auto e = t.graph.offsets[u]; e < t.graph.offsets[u + 1]; ++e)
        if (t.graph.heads[e] == k && t.graph.weights[e] + expected[std::size_t(k) * n + v] == duv) on_path = true;
      bad += !on_path;
    }
  EXPECT_EQ(bad, 0);
}

INSTANTIATE_TEST_SUITE_P(Engines, GpuExact, ::testing::Values("gpu-blocked", "gpu-naive"));

TEST(GpuBlocked, SameChecksumAsCpuBlockedEngine) {
  const LoadedGraph loaded = load_graph("random:n=1217,deg=6,seed=" + std::to_string(fresh_seed() % 100000));
  const auto cpu = make_apsp_engine("blocked")->run(loaded.graph, options_for(DistType::Int32), {});
  const auto gpu = make_apsp_engine("gpu-blocked")->run(loaded.graph, options_for(DistType::Int32), {});
  EXPECT_EQ(checksum_hex(matrix_checksum(cpu)), checksum_hex(matrix_checksum(gpu)));
  EXPECT_EQ(cpu.d32, gpu.d32);
}

// The last pivots by row groups (final_row_groups.cuh) give the pivot-by-pivot matrix, bit for
// bit, for every type and however the knobs cut it: one final pivot, all of them (no row outside
// the tail), groups of one row block and groups as long as the rest; a negative cycle is still
// reported.
TEST(GpuBlockedFinalRounds, RowGroupsGiveThePivotByPivotMatrix) {
  using test_support::ScopedEnv;
  SplitMix64 rng(fresh_seed());
  auto engine = make_apsp_engine("gpu-blocked");
  const auto by_groups = [](const ApspResult& r) { return r.timing.device.find("row groups") != std::string::npos; };
  for (const DistType dist : {DistType::Int32, DistType::Float32, DistType::Hop16}) {
    const int n = 257 + int(rng.below(1800)), blocks = (n + 127) / 128;
    const bool unit = dist == DistType::Hop16, fractional = dist == DistType::Float32;
    const TestGraph t = make_graph({n, 1.5 + double(rng.below(3)), unit, fractional, unit ? 0 : 100}, rng);
    const std::string what = std::string(dist_type_name(dist)) + " n=" + std::to_string(n);
    ApspResult plain;
    {
      const ScopedEnv off("PATHSCOPE_GPU_FINAL_PIVOTS", "0");
      plain = engine->run(t.graph, options_for(dist), {});
    }
    EXPECT_FALSE(by_groups(plain)) << plain.timing.device;
    expect_matches(reference_distances(t), plain, what + " pivot by pivot");
    for (const int pivots : {1, 2, 1 + int(rng.below(blocks)), blocks - 1, blocks})
      for (const int group : {1, 2, 1 + int(rng.below(blocks))}) {
        const ScopedEnv p("PATHSCOPE_GPU_FINAL_PIVOTS", std::to_string(pivots));
        const ScopedEnv g("PATHSCOPE_GPU_FINAL_GROUP_BLOCKS", std::to_string(group));
        const ApspResult r = engine->run(t.graph, options_for(dist), {});
        const std::string how = what + ", last " + std::to_string(pivots) + " pivots, groups of " + std::to_string(group);
        EXPECT_TRUE(by_groups(r)) << how << ": " << r.timing.device;
        EXPECT_TRUE(r.d32 == plain.d32 && r.df == plain.df && r.d16 == plain.d16) << how;
      }
  }
  const int n = 300 + int(rng.below(500));
  GraphBuilder b(n);
  for (int u = 0; u + 1 < n; ++u) b.add_arc(u, u + 1, 5);
  const int a = int(rng.below(n - 10)), c = a + 3 + int(rng.below(6));
  b.add_arc(c, a, -5.0 * (c - a) - 1);
  LoadReport report;
  const Graph cycle = b.build(true, report);
  const ScopedEnv p("PATHSCOPE_GPU_FINAL_PIVOTS", "2");
  const ScopedEnv g("PATHSCOPE_GPU_FINAL_GROUP_BLOCKS", "1");
  EXPECT_THROW(engine->run(cycle, options_for(DistType::Int32), {}), NegativeCycle);
}

// A directed path 0 -> 1 -> ... -> n-1: D[i][j] = j - i for j >= i, unreachable otherwise.
Graph path_graph(int n) {
  GraphBuilder b(n);
  for (int u = 0; u + 1 < n; ++u) b.add_arc(u, u + 1, 1);
  LoadReport report;
  return b.build(true, report);
}

TEST(GpuBlockedHop16, CountsAbove32765HopsAreExact) {
  const int n = 33000;  // beyond the 16-bit working range: the engine redoes it in int32
  const auto r = make_apsp_engine("gpu-blocked")->run(path_graph(n), options_for(DistType::Hop16), {});
  ASSERT_EQ(r.d16.size(), std::size_t(n) * n);
  SplitMix64 rng(fresh_seed());
  std::int64_t bad = 0;
  for (int sample = 0; sample < 200000; ++sample) {
    const int i = int(rng.below(n)), j = int(rng.below(n));
    const std::uint16_t expected = j >= i ? std::uint16_t(j - i) : kUnreachableU16;
    bad += r.d16[std::size_t(i) * n + j] != expected;
  }
  EXPECT_EQ(bad, 0);
  EXPECT_EQ(r.d16[n - 1], n - 1);
}

TEST(GpuBlockedHop16, PathsLongerThan65534HopsAreRefused) {
  const int n = 65537;  // D[0][n-1] = 65536 hops
  try {
    make_apsp_engine("gpu-blocked")->run(path_graph(n), options_for(DistType::Hop16), {});
    ADD_FAILURE() << "hop16 overflow not detected";
  } catch (const NegativeCycle&) {
    ADD_FAILURE() << "overflow reported as a negative cycle";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("overflow"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace pathscope::gpu_test
