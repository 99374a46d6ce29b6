// The GPU closure engine against the CPU condensation engine (itself checked against search
// from every node in the unit tests) on the same kinds of graphs, up to a run of 20,000 nodes
// through the condensation. Both paths of the engine (direct searches up to 8,192 nodes, the
// condensation above) are also forced through PATHSCOPE_GPU_CLOSURE_PATH at the same sizes:
// word and batch edges (31, 32, 33, 63, 65) and both sides of the size where they meet.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "closure_graphs.hpp"
#include "fresh_seed.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/io/load.hpp"
#include "scoped_env.hpp"

using namespace pathscope;

namespace {

::testing::AssertionResult same_as_scc(const Graph& g, const ClosureOptions& options = {}) {
  const ClosureResult gpu = make_closure_engine("gpu")->run(g, options, {});
  const ClosureResult scc = make_closure_engine("scc")->run(g, {}, {});
  if (gpu.reach == scc.reach) return ::testing::AssertionSuccess();
  std::int64_t wrong = 0;
  for (std::size_t w = 0; w < gpu.reach.words().size() && w < scc.reach.words().size(); ++w)
    wrong += __builtin_popcountll(gpu.reach.words()[w] ^ scc.reach.words()[w]);
  return ::testing::AssertionFailure() << "GPU n=" << gpu.reach.size() << " vs scc n=" << scc.reach.size() << ": "
                                       << wrong << " bits differ";
}

using test_support::ScopedEnv;

constexpr const char* kPathKnob = "PATHSCOPE_GPU_CLOSURE_PATH";
const char* const kPaths[] = {"direct", "condensed"};

// The closure through the path `path` forces.
BitMatrix gpu_closure_by(const char* path, const Graph& g, const ClosureOptions& options = {}) {
  ScopedEnv forced(kPathKnob, path);
  return make_closure_engine("gpu")->run(g, options, {}).reach;
}

::testing::AssertionResult same_bits(const BitMatrix& got, const BitMatrix& expected) {
  if (got == expected) return ::testing::AssertionSuccess();
  if (got.size() != expected.size())
    return ::testing::AssertionFailure() << "n=" << got.size() << ", expected n=" << expected.size();
  std::int64_t wrong = 0;
  std::string first;
  for (std::int32_t i = 0; i < got.size(); ++i)
    for (std::int64_t w = 0; w < got.words_per_row(); ++w) {
      const std::uint64_t diff = got.row(i)[w] ^ expected.row(i)[w];
      if (diff && wrong == 0)
        first = "row " + std::to_string(i) + ", bit " + std::to_string(w * 64 + __builtin_ctzll(diff));
      wrong += __builtin_popcountll(diff);
    }
  return ::testing::AssertionFailure() << wrong << " bits differ, first " << first;
}

// Arcs within each half, and from the upper half to the lower only: the lower half never
// reaches the upper one, and both halves have cycles.
Graph one_way_halves(std::int32_t n, std::uint64_t seed) {
  SplitMix64 rng(seed);
  const std::int32_t half = n / 2;
  closure_test::Arcs arcs;
  for (std::int32_t a = 0; a < 2 * n; ++a) {
    const auto u = static_cast<std::int32_t>(rng.below(n));
    const bool low = u < half;
    const std::int32_t from = low ? 0 : half, size = low ? half : n - half;
    if (size > 0) arcs.push_back({u, from + static_cast<std::int32_t>(rng.below(size))});
    if (!low && half > 0 && rng.below(4) == 0) arcs.push_back({u, static_cast<std::int32_t>(rng.below(half))});
  }
  return closure_test::graph_from_arcs(n, std::move(arcs));
}

// Every kind the engines are tried on, plus a random DAG with self-loops (kept apart from the
// arcs, so set by make_closure_engine), a graph whose lower half cannot reach its upper half,
// and a graph of isolated nodes.
std::vector<closure_test::NamedGraph> awkward_graphs(std::int32_t n, std::uint64_t seed) {
  auto graphs = closure_test::graph_kinds(n, seed);
  Graph dag = load_graph("random-dag:n=" + std::to_string(n) + ",deg=4,seed=" + std::to_string(seed % 1000000)).graph;
  for (std::int32_t v = 0; v < n; v += 7) dag.self_loops.push_back({v, 1.0});
  graphs.push_back({"random dag with self-loops", std::move(dag)});
  graphs.push_back({"one-way halves", one_way_halves(n, seed + 5)});
  graphs.push_back({"isolated nodes", make_empty_graph(n)});
  return graphs;
}

}  // namespace

TEST(GpuClosure, DeviceIsUsable) {
  const GpuInfo info = gpu_info();
  ASSERT_TRUE(info.available) << info.reason;
  EXPECT_TRUE(make_closure_engine("gpu")->unavailable_reason().empty());
}

TEST(GpuClosure, MatchesSccOnEveryKindAndAwkwardSize) {
  for (std::int32_t n : {1, 2, 63, 64, 65, 127, 129, 255, 256, 257, 511, 513, 1000, 3000})
    for (const auto& [kind, g] : closure_test::graph_kinds(n, 5000 + n)) EXPECT_TRUE(same_as_scc(g)) << kind << ", n=" << n;
}

TEST(GpuClosure, MatchesSearchFromEveryNodeDirectly) {
  for (std::int32_t n : {65, 300, 777}) {
    const auto g = closure_test::dag_of_cycles(n, 61 + n);
    EXPECT_TRUE(closure_test::same_closure(make_closure_engine("gpu")->run(g, {}, {}).reach,
                                           closure_test::reference_closure(g), n))
        << n;
  }
}

TEST(GpuClosure, LargeBlockedRunMatchesScc) {
  EXPECT_TRUE(same_as_scc(closure_test::random_sparse(20000, 1.3, 17))) << "sparse";
  EXPECT_TRUE(same_as_scc(closure_test::dag_of_cycles(20000, 18))) << "dag of cycles";
}

TEST(GpuClosure, GivesTheSameBitsOnEveryRun) {
  const auto g = closure_test::random_sparse(3001, 2, 3);
  const BitMatrix first = make_closure_engine("gpu")->run(g, {}, {}).reach;
  for (int run = 0; run < 3; ++run) EXPECT_TRUE(make_closure_engine("gpu")->run(g, {}, {}).reach == first) << run;
}

TEST(GpuClosure, OverBudgetIsRefused) {
  const auto g = closure_test::random_sparse(5000, 2, 4);
  ClosureOptions tight;
  tight.gpu_memory_budget = 1 << 20;  // the padded 5120^2 bits need 3.1 MiB
  EXPECT_THROW(make_closure_engine("gpu")->run(g, tight, {}), OverBudget);
  for (const char* path : kPaths) EXPECT_THROW(gpu_closure_by(path, g, tight), OverBudget) << path;
  EXPECT_THROW(make_closure_engine("gpu")->run(make_empty_graph(3'000'000), {}, {}), OverBudget);
}

// Random DAGs (nothing to condense: every component a singleton, the worst shape for the
// condensation) of awkward sizes with fresh seeds, against search from every node.
TEST(GpuClosure, RandomDagsMatchSearchFromEveryNode) {
  for (std::int32_t n : {2, 97, 1031, 2777}) {
    for (int degree : {1, 4, 10}) {
      const std::string spec = "random-dag:n=" + std::to_string(n) + ",deg=" + std::to_string(degree) +
                               ",seed=" + std::to_string(test_support::fresh_seed() % 1000000);
      const Graph g = load_graph(spec).graph;
      EXPECT_TRUE(closure_test::same_closure(make_closure_engine("gpu")->run(g, {}, {}).reach,
                                             closure_test::reference_closure(g), n))
          << spec;
    }
  }
}

// The self-loop rule, set in one place (make_closure_engine): a looped node reaches
// itself, a node on no cycle and without a loop does not, also through the GPU engine.
TEST(GpuClosure, SelfLoopsGiveDiagonalBitsAndNothingElse) {
  const std::int32_t n = 1500;
  Graph g = load_graph("random-dag:n=1500,deg=3,seed=" + std::to_string(test_support::fresh_seed() % 1000000)).graph;
  for (std::int32_t v = 0; v < n; v += 7) g.self_loops.push_back({v, 1.0});
  const BitMatrix scc = make_closure_engine("scc")->run(g, {}, {}).reach;
  for (const char* path : kPaths) {
    const BitMatrix gpu = gpu_closure_by(path, g);
    for (std::int32_t v = 0; v < n; ++v) EXPECT_EQ(gpu.test(v, v), v % 7 == 0) << path << ", " << v;
    EXPECT_TRUE(same_bits(gpu, scc)) << path;
  }
}

// Both paths, forced, against scc on fresh graphs of awkward sizes: 1 and 2 nodes, a batch of
// 32 sources and a word of 64 nodes on either side, about 1,000 nodes, and both sides of the
// size where the engine changes path by itself.
TEST(GpuClosure, BothPathsMatchSccAtAwkwardSizes) {
  const std::uint64_t seed = test_support::fresh_seed();
  const auto about_1000 = static_cast<std::int32_t>(1000 + seed % 64);
  for (std::int32_t n : {1, 2, 31, 32, 33, 63, 65, about_1000, 8191, 8192, 8193}) {
    for (const auto& [kind, g] : awkward_graphs(n, seed + static_cast<std::uint64_t>(n) * 16)) {
      const BitMatrix scc = make_closure_engine("scc")->run(g, {}, {}).reach;
      for (const char* path : kPaths)
        EXPECT_TRUE(same_bits(gpu_closure_by(path, g), scc)) << path << ", " << kind << ", n=" << n;
    }
  }
}

// The direct path's rows go straight from the kernel into a pinned result unless they are
// staged (pinned_result_memory.hpp); staged, the same bits.
TEST(GpuClosure, DirectPathStagedGivesTheSameBits) {
  const std::uint64_t seed = test_support::fresh_seed();
  const ScopedEnv staged("PATHSCOPE_GPU_RESULT_LANDING", "staged");
  for (std::int32_t n : {1, 33, static_cast<std::int32_t>(1000 + seed % 64), 8192}) {
    for (const auto& [kind, g] : awkward_graphs(n, seed + static_cast<std::uint64_t>(n) * 16))
      EXPECT_TRUE(same_bits(gpu_closure_by("direct", g), make_closure_engine("scc")->run(g, {}, {}).reach))
          << kind << ", n=" << n;
  }
}

// Past the size the engine chooses it for: one block a multiprocessor, several waves, up to
// nearly all the shared memory an H100 or H200 block may take (19,000 nodes: 228,096 bytes).
TEST(GpuClosure, DirectPathPastItsSizeMatchesScc) {
  const std::uint64_t seed = test_support::fresh_seed();
  for (std::int32_t n : {12007, 19000}) {
    const std::vector<closure_test::NamedGraph> graphs = {
        {"sparse deg 3", closure_test::random_sparse(n, 3, seed + n)},
        {"dag of cycles", closure_test::dag_of_cycles(n, seed + n + 1)}};
    for (const auto& [kind, g] : graphs)
      EXPECT_TRUE(same_bits(gpu_closure_by("direct", g), make_closure_engine("scc")->run(g, {}, {}).reach))
          << kind << ", n=" << n;
  }
}

// The trace names the path each run took: by size when nothing is forced, else the forced one.
TEST(GpuClosure, PathKnobPicksThePath) {
  const ScopedEnv trace("PATHSCOPE_GPU_TRACE", "1");
  const auto path_taken = [](std::int32_t n, const char* forced) {
    const ScopedEnv knob(kPathKnob, forced ? forced : "");  // empty: chosen by size
    const Graph g = closure_test::random_sparse(n, 2, 7);
    ::testing::internal::CaptureStderr();
    try {
      make_closure_engine("gpu")->run(g, {}, {});
    } catch (...) {
      ::testing::internal::GetCapturedStderr();
      throw;
    }
    const std::string err = ::testing::internal::GetCapturedStderr();
    if (err.find("direct path chosen") != std::string::npos) return std::string("direct");
    if (err.find("condensed path chosen") != std::string::npos) return std::string("condensed");
    return "neither, stderr: " + err;
  };
  EXPECT_EQ(path_taken(100, nullptr), "direct");
  EXPECT_EQ(path_taken(8192, nullptr), "direct");
  EXPECT_EQ(path_taken(8193, nullptr), "condensed");
  EXPECT_EQ(path_taken(100, "condensed"), "condensed");
  EXPECT_EQ(path_taken(9000, "direct"), "direct");
  {
    const ScopedEnv bad(kPathKnob, "warshall");
    EXPECT_THROW(make_closure_engine("gpu")->run(closure_test::random_sparse(10, 2, 1), {}, {}), Error);
  }
  // 12 bytes a node do not fit the shared memory of one block at 40,000 nodes.
  const ScopedEnv direct(kPathKnob, "direct");
  EXPECT_THROW(make_closure_engine("gpu")->run(make_empty_graph(40000), {}, {}), Error);
}
