// The GPU centrality engine against the CPU engine (itself checked against networkx in
// tests/unit/centrality and tests/python) on fresh random graphs of awkward sizes: directed and
// undirected, hop counts, whole and real costs with ties, unreachable parts, a long path for
// deep levels, masks, sampled sources, every measure; then cancel and the budget refusal.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/centrality/centrality.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;

namespace {

// Inverse: 1 / k for k = 1..40, as inverse synapse counts make them: about half the arcs cost
// more than a path around them (dominated), and sums of them round.
enum class CostKind { Hops, Whole, Real, Inverse };

struct Shape {
  std::int32_t n;
  double mean_degree;
  bool directed;
  CostKind costs;
  std::int32_t components;  // groups of nodes with no arc between them
  bool strengths;           // arcs carry a strength (PageRank weights, in/out strength)
};

std::string describe(const Shape& s) {
  return "n=" + std::to_string(s.n) + " degree=" + std::to_string(s.mean_degree) +
         (s.directed ? " directed" : " undirected") +
         (s.costs == CostKind::Hops      ? " hops"
          : s.costs == CostKind::Whole   ? " whole costs"
          : s.costs == CostKind::Inverse ? " inverse costs"
                                         : " real costs") +
         " components=" + std::to_string(s.components) + (s.strengths ? " strengths" : "");
}

// Whole costs 1..5 make many equal-length paths (ties); real costs make few. Degrees vary from
// 0 to twice the mean, so some nodes are sinks and some are reached by nothing.
Graph random_graph(const Shape& s, std::uint64_t seed) {
  SplitMix64 rng(seed);
  GraphBuilder b(s.n);
  for (std::int32_t u = 0; u < s.n; ++u) {
    const auto degree = rng.below(static_cast<std::uint32_t>(2 * s.mean_degree) + 1);
    for (std::uint32_t i = 0; i < degree; ++i) {
      const std::int32_t group = u % s.components;
      const std::int32_t span = (s.n - group + s.components - 1) / s.components;
      const std::int32_t v = group + s.components * static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(span)));
      if (v == u || v >= s.n) continue;
      const double cost = s.costs == CostKind::Hops      ? 1.0
                          : s.costs == CostKind::Whole   ? 1.0 + rng.below(5)
                          : s.costs == CostKind::Inverse ? 1.0 / (1.0 + rng.below(40))
                                                         : 0.05 + rng.unit() * 10;
      const double strength = 1.0 + rng.below(20);
      if (s.directed) {
        if (s.strengths) b.add_arc(u, v, cost, strength);
        else b.add_arc(u, v, cost);
      } else {
        if (s.strengths) b.add_edge(u, v, cost, strength);
        else b.add_edge(u, v, cost);
      }
    }
  }
  LoadReport report;
  return b.build(s.directed, report);
}

// 0 -> 1 -> ... -> n-1 (and back when undirected): n levels from node 0.
Graph path_graph(std::int32_t n, bool directed, std::uint64_t seed) {
  SplitMix64 rng(seed);
  GraphBuilder b(n);
  for (std::int32_t u = 0; u + 1 < n; ++u) {
    const double cost = 0.5 + rng.unit();
    if (directed) b.add_arc(u, u + 1, cost);
    else b.add_edge(u, u + 1, cost);
  }
  LoadReport report;
  return b.build(directed, report);
}

bool close(double gpu, double cpu) {
  if (std::isnan(gpu) || std::isnan(cpu)) return std::isnan(gpu) && std::isnan(cpu);
  return std::abs(gpu - cpu) <= 1e-9 * std::max(std::abs(gpu), std::abs(cpu)) + 1e-300;
}

// Every measure of the GPU engine equals the CPU engine's, node by node.
::testing::AssertionResult same_as_cpu(const Graph& g, CentralityOptions options) {
  options.measures = all_centrality_measures();
  const CentralityResult gpu = make_centrality_engine("gpu")->run(g, options, {});
  const CentralityResult cpu = make_centrality_engine("cpu")->run(g, options, {});
  if (gpu.sources_used != cpu.sources_used)
    return ::testing::AssertionFailure() << "sources " << gpu.sources_used << " vs " << cpu.sources_used;
  for (const CentralityMeasure measure : options.measures) {
    const auto& a = gpu.values(measure);
    const auto& b = cpu.values(measure);
    if (a.size() != b.size())
      return ::testing::AssertionFailure() << centrality_measure_name(measure) << ": " << a.size() << " values vs "
                                           << b.size();
    std::int64_t wrong = 0, first = -1;
    for (std::size_t v = 0; v < a.size(); ++v)
      if (!close(a[v], b[v]) && wrong++ == 0) first = static_cast<std::int64_t>(v);
    if (wrong > 0)
      return ::testing::AssertionFailure() << centrality_measure_name(measure) << ": " << wrong << " of " << a.size()
                                           << " nodes differ, first node " << first << ": gpu " << a[first]
                                           << ", cpu " << b[first];
  }
  if (!close(gpu.betweenness_error_bound, cpu.betweenness_error_bound))
    return ::testing::AssertionFailure() << "error bound " << gpu.betweenness_error_bound << " vs "
                                         << cpu.betweenness_error_bound;
  return ::testing::AssertionSuccess();
}

CentralityOptions options_for(CostKind costs) {
  CentralityOptions options;
  options.hops = costs == CostKind::Hops;
  return options;
}

}  // namespace

TEST(GpuCentrality, DeviceIsUsable) {
  const GpuInfo info = gpu_info();
  ASSERT_TRUE(info.available) << info.reason;
  EXPECT_TRUE(make_centrality_engine("gpu")->unavailable_reason().empty());
}

TEST(GpuCentrality, EqualsCpuOnRandomGraphsOfEveryKind) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::uint64_t draw = seed;
  for (const std::int32_t n : {1, 2, 37, 301, 1009})
    for (const bool directed : {true, false})
      for (const CostKind costs : {CostKind::Hops, CostKind::Whole, CostKind::Real}) {
        const Shape shape{n, n < 100 ? 1.5 : 3.0, directed, costs, n < 100 ? 1 : 3, (n + directed) % 2 == 0};
        const Graph g = random_graph(shape, ++draw);
        EXPECT_TRUE(same_as_cpu(g, options_for(costs))) << describe(shape) << ", seed " << seed;
      }
}

TEST(GpuCentrality, EqualsCpuOnDenserGraphs) {
  // Mean degree 12 takes the 16-lane kernels; 3 components keep unreachable pairs.
  const std::uint64_t seed = test_support::fresh_seed();
  for (const CostKind costs : {CostKind::Hops, CostKind::Whole, CostKind::Real, CostKind::Inverse}) {
    const Shape shape{2111, 12.0, true, costs, 3, true};
    EXPECT_TRUE(same_as_cpu(random_graph(shape, seed + static_cast<int>(costs)), options_for(costs)))
        << describe(shape) << ", seed " << seed;
  }
}

// Windowed cost searches (dense graphs by default) forced onto every sparse shape too: whole
// costs make ties, so arcs into a node reach it at equal sums from different windows.
TEST(GpuCentrality, EqualsCpuWindowedOnGraphsOfEveryKind) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::uint64_t draw = seed;
  ::setenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED", "1", 1);
  for (const std::int32_t n : {2, 37, 1009, 2503})
    for (const bool directed : {true, false})
      for (const CostKind costs : {CostKind::Whole, CostKind::Real, CostKind::Inverse}) {
        const Shape shape{n, n < 100 ? 1.5 : (n > 2000 ? 9.0 : 3.0), directed, costs, n < 100 ? 1 : 2, n % 2 == 0};
        const Graph g = random_graph(shape, ++draw);
        EXPECT_TRUE(same_as_cpu(g, options_for(costs))) << "windowed, " << describe(shape) << ", seed " << seed;
      }
  ::unsetenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED");
}

// Every count of threads a node (PATHSCOPE_GPU_CENTRALITY_LANES), with windows and without:
// the tight-head lists (places counted by a ballot of a node's lanes) depend on how a warp splits.
TEST(GpuCentrality, EqualsCpuWhateverTheLanes) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::uint64_t draw = seed;
  for (const char* lanes : {"4", "8", "16"})
    for (const char* windowed : {"0", "1"})
      for (const CostKind costs : {CostKind::Hops, CostKind::Whole, CostKind::Inverse}) {
        ::setenv("PATHSCOPE_GPU_CENTRALITY_LANES", lanes, 1);
        ::setenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED", windowed, 1);
        const Shape shape{1531, 11.0, costs != CostKind::Inverse, costs, 2, true};
        EXPECT_TRUE(same_as_cpu(random_graph(shape, ++draw), options_for(costs)))
            << lanes << " lanes, windowed " << windowed << ", " << describe(shape) << ", seed " << seed;
      }
  ::unsetenv("PATHSCOPE_GPU_CENTRALITY_LANES");
  ::unsetenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED");
}

TEST(GpuCentrality, EqualsCpuOnALongPath) {
  // 3,000 levels from the first node: thousands of barriers in one block, no launch per level.
  const std::uint64_t seed = test_support::fresh_seed();
  for (const bool directed : {true, false})
    for (const CostKind costs : {CostKind::Hops, CostKind::Real})
      EXPECT_TRUE(same_as_cpu(path_graph(3000, directed, seed), options_for(costs)))
          << (directed ? "directed" : "undirected") << ", seed " << seed;
}

TEST(GpuCentrality, EqualsCpuUnnormalizedAndSampled) {
  const std::uint64_t seed = test_support::fresh_seed();
  for (const CostKind costs : {CostKind::Hops, CostKind::Real}) {
    const Shape shape{777, 3.0, true, costs, 2, true};
    const Graph g = random_graph(shape, seed);
    CentralityOptions options = options_for(costs);
    options.normalized = false;
    EXPECT_TRUE(same_as_cpu(g, options)) << "unnormalized, " << describe(shape) << ", seed " << seed;
    options.normalized = true;
    options.samples = 101;
    options.seed = seed;
    EXPECT_TRUE(same_as_cpu(g, options)) << "k=101, " << describe(shape) << ", seed " << seed;
  }
}

// Hop searches keep a bit per node in shared memory up to 393,216 nodes; past that the bits
// live in device memory.
TEST(GpuCentrality, EqualsCpuPastTheSharedMemoryBitmap) {
  const std::uint64_t seed = test_support::fresh_seed();
  const Shape shape{400'003, 2.5, true, CostKind::Hops, 1, false};
  const Graph g = random_graph(shape, seed);
  CentralityOptions options = options_for(CostKind::Hops);
  options.samples = 37;
  options.seed = seed;
  EXPECT_TRUE(same_as_cpu(g, options)) << describe(shape) << ", seed " << seed;
}

TEST(GpuCentrality, EqualsCpuUnderMasks) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  for (const CostKind costs : {CostKind::Hops, CostKind::Whole}) {
    const Shape shape{613, 4.0, costs == CostKind::Hops, costs, 1, true};
    const Graph g = random_graph(shape, seed + 7);
    CentralityOptions options = options_for(costs);
    options.mask.node_kept.resize(g.n);
    for (auto& kept : options.mask.node_kept) kept = rng.unit() < 0.8;
    EXPECT_TRUE(same_as_cpu(g, options)) << "node mask, " << describe(shape) << ", seed " << seed;
    options.mask.arc_kept.resize(g.arc_count());
    for (auto& kept : options.mask.arc_kept) kept = rng.unit() < 0.7;
    EXPECT_TRUE(same_as_cpu(g, options)) << "node and arc masks, " << describe(shape) << ", seed " << seed;
  }
}

// The near-far step decides only the order of relaxations: a step far under the mean arc cost
// (a threshold step every few nodes), and none at all (plain Bellman-Ford), give the same values,
// with windows or without.
TEST(GpuCentrality, EqualsCpuWhateverTheNearFarStep) {
  const std::uint64_t seed = test_support::fresh_seed();
  const Shape shape{1201, 3.0, true, CostKind::Real, 2, false};
  const Graph g = random_graph(shape, seed);
  const Graph dense = random_graph({1301, 20.0, true, CostKind::Inverse, 1, false}, seed + 1);
  for (const char* windowed : {"0", "1"})
    for (const char* step : {"0.01", "inf"}) {
      ::setenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED", windowed, 1);
      ::setenv("PATHSCOPE_GPU_CENTRALITY_DELTA", step, 1);
      EXPECT_TRUE(same_as_cpu(g, {})) << "step " << step << ", windowed " << windowed << ", " << describe(shape)
                                      << ", seed " << seed;
      EXPECT_TRUE(same_as_cpu(dense, {})) << "dense, step " << step << ", windowed " << windowed << ", seed " << seed;
      EXPECT_TRUE(same_as_cpu(path_graph(2000, false, seed), {}))
          << "path, step " << step << ", windowed " << windowed << ", seed " << seed;
    }
  ::unsetenv("PATHSCOPE_GPU_CENTRALITY_DELTA");
  ::unsetenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED");
}

// What the engine does only for speed changes no value: the settled bitmap of cost searches,
// the hub-first numbering, the dominated arcs learned as the run goes (with one block, every
// search after the first reads what the ones before it learned), the windowed relaxation.
TEST(GpuCentrality, EqualsCpuWhateverTheSpeedSwitches) {
  const std::uint64_t seed = test_support::fresh_seed();
  const Shape shape{1733, 14.0, true, CostKind::Inverse, 2, true};
  const Graph g = random_graph(shape, seed);
  for (const char* blocks : {"1", "0"})
    for (const char* on : {"0", "1"}) {
      ::setenv("PATHSCOPE_GPU_CENTRALITY_BLOCKS", blocks, 1);
      for (const char* variable : {"PATHSCOPE_GPU_CENTRALITY_SETTLED", "PATHSCOPE_GPU_CENTRALITY_HUB_ORDER",
                                   "PATHSCOPE_GPU_CENTRALITY_DOMINATED", "PATHSCOPE_GPU_CENTRALITY_WINDOWED",
                                   "PATHSCOPE_GPU_CENTRALITY_LIVE_ENDS", "PATHSCOPE_GPU_CENTRALITY_HUB_BOUNDS"})
        ::setenv(variable, on, 1);
      EXPECT_TRUE(same_as_cpu(g, {})) << "switches " << on << ", blocks " << blocks << ", " << describe(shape)
                                      << ", seed " << seed;
      EXPECT_TRUE(same_as_cpu(random_graph({1733, 14.0, false, CostKind::Inverse, 1, false}, seed + 1), {}))
          << "undirected, switches " << on << ", blocks " << blocks << ", seed " << seed;
    }
  for (const char* variable : {"PATHSCOPE_GPU_CENTRALITY_BLOCKS", "PATHSCOPE_GPU_CENTRALITY_SETTLED",
                               "PATHSCOPE_GPU_CENTRALITY_HUB_ORDER", "PATHSCOPE_GPU_CENTRALITY_DOMINATED",
                               "PATHSCOPE_GPU_CENTRALITY_WINDOWED", "PATHSCOPE_GPU_CENTRALITY_LIVE_ENDS",
                               "PATHSCOPE_GPU_CENTRALITY_HUB_BOUNDS"})
    ::unsetenv(variable);
}

// Live ends: once a node's search is done, later searches stop reading its arcs after its last
// one not dominated. With one block every search after the first reads the ends learned before
// it, so fewer arcs are scanned than without them, and no value changes.
TEST(GpuCentrality, ReadsNoArcPastTheLastLiveOne) {
  const std::uint64_t seed = test_support::fresh_seed();
  const Shape shape{1291, 17.0, true, CostKind::Inverse, 1, false};
  const Graph g = random_graph(shape, seed);
  ::setenv("PATHSCOPE_GPU_CENTRALITY_BLOCKS", "1", 1);
  for (const char* windowed : {"0", "1"}) {
    ::setenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED", windowed, 1);
    double scanned[2] = {0, 0};
    for (const int on : {0, 1}) {
      ::setenv("PATHSCOPE_GPU_CENTRALITY_LIVE_ENDS", on ? "1" : "0", 1);
      CentralityOptions options;
      options.measures = {CentralityMeasure::Betweenness};
      scanned[on] = make_centrality_engine("gpu")->run(g, options, {}).timing.updates;
      EXPECT_TRUE(same_as_cpu(g, {})) << "live ends " << on << ", windowed " << windowed << ", seed " << seed;
    }
    EXPECT_LT(scanned[1], scanned[0]) << "windowed " << windowed << ", " << describe(shape) << ", seed " << seed;
  }
  for (const char* variable : {"PATHSCOPE_GPU_CENTRALITY_BLOCKS", "PATHSCOPE_GPU_CENTRALITY_WINDOWED",
                               "PATHSCOPE_GPU_CENTRALITY_LIVE_ENDS"})
    ::unsetenv(variable);
}

// An arc that costs more than the path around it by one rounding step is not dominated: from
// t, 0.2 + 1 equals 0.2 + 1/6 + ... + 1/6 (six times) in double, so u -> v is tight and v has
// two shortest paths from t, while from u the six sixths sum to less than 1. The margin keeps
// the arc; a search from u (first: it has the most arcs) that dropped it would make t's count
// one path. So do the bounds through hubs, v (the most arcs in) the first of them.
TEST(GpuCentrality, KeepsAnArcLongerOnlyByRounding) {
  double around = 0, from_t = 0.2;
  for (int i = 0; i < 6; ++i) {
    around += 1.0 / 6;
    from_t += 1.0 / 6;
  }
  ASSERT_LT(around, 1.0);
  ASSERT_EQ(0.2 + 1.0, from_t);
  const std::int32_t t = 0, u = 1, v = 2, leaves = 8;
  GraphBuilder b(3 + 5 + leaves);
  b.add_arc(t, u, 0.2);
  b.add_arc(u, v, 1.0);
  std::int32_t previous = u;
  for (std::int32_t i = 0; i < 5; ++i) {
    b.add_arc(previous, 3 + i, 1.0 / 6);
    previous = 3 + i;
  }
  b.add_arc(previous, v, 1.0 / 6);
  for (std::int32_t i = 0; i < leaves; ++i) b.add_arc(u, 8 + i, 5.0);
  LoadReport report;
  const Graph g = b.build(true, report);
  ::setenv("PATHSCOPE_GPU_CENTRALITY_BLOCKS", "1", 1);
  for (const char* windowed : {"0", "1"})
    for (const char* hub_bounds : {"0", "1"}) {
      ::setenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED", windowed, 1);
      ::setenv("PATHSCOPE_GPU_CENTRALITY_HUB_BOUNDS", hub_bounds, 1);
      EXPECT_TRUE(same_as_cpu(g, {})) << "windowed " << windowed << ", bounds through hubs " << hub_bounds;
    }
  ::unsetenv("PATHSCOPE_GPU_CENTRALITY_HUB_BOUNDS");
  ::unsetenv("PATHSCOPE_GPU_CENTRALITY_WINDOWED");
  ::unsetenv("PATHSCOPE_GPU_CENTRALITY_BLOCKS");
}

TEST(GpuCentrality, GivesTheSameValuesOnEveryRun) {
  const Graph g = random_graph({1500, 3.0, true, CostKind::Whole, 1, false}, test_support::fresh_seed());
  CentralityOptions options;
  options.measures = {CentralityMeasure::Betweenness, CentralityMeasure::Closeness};
  const CentralityResult first = make_centrality_engine("gpu")->run(g, options, {});
  for (int run = 0; run < 3; ++run) {
    const CentralityResult again = make_centrality_engine("gpu")->run(g, options, {});
    for (std::int32_t v = 0; v < g.n; ++v) {
      EXPECT_TRUE(close(again.betweenness[v], first.betweenness[v])) << run << " node " << v;
      EXPECT_TRUE(close(again.closeness[v], first.closeness[v])) << run << " node " << v;
    }
  }
}

TEST(GpuCentrality, CancelStopsBetweenLaunches) {
  // More sources than one launch takes: the flag raised at the first progress report stops it.
  const Graph g = random_graph({60000, 2.0, true, CostKind::Real, 1, false}, test_support::fresh_seed());
  std::atomic<bool> cancel{false};
  const JobContext job([&cancel](double) { cancel = true; }, &cancel);
  EXPECT_THROW(make_centrality_engine("gpu")->run(g, {}, job), Cancelled);
}

TEST(GpuCentrality, OverBudgetIsRefusedBeforeAllocating) {
  const Graph g = random_graph({100000, 2.0, true, CostKind::Real, 1, false}, test_support::fresh_seed());
  CentralityOptions tight;
  tight.gpu_memory_budget = 1 << 20;  // the graph alone needs 3 MiB, one search's arrays 5 MiB
  try {
    make_centrality_engine("gpu")->run(g, tight, {});
    ADD_FAILURE() << "a 1 MiB budget was accepted";
  } catch (const OverBudget& e) {
    EXPECT_NE(std::string(e.what()).find("GPU centrality"), std::string::npos) << e.what();
  }
  tight.measures = {CentralityMeasure::PageRank};
  EXPECT_THROW(make_centrality_engine("gpu")->run(g, tight, {}), OverBudget);
}

TEST(GpuCentrality, RefusesNegativeCostsButNotForHops) {
  GraphBuilder b(3);
  b.add_arc(0, 1, 2.0);
  b.add_arc(1, 2, -1.0);
  LoadReport report;
  const Graph g = b.build(true, report);
  EXPECT_THROW(make_centrality_engine("gpu")->run(g, {}, {}), Error);
  CentralityOptions hops;
  hops.hops = true;
  EXPECT_TRUE(same_as_cpu(g, hops));
}
