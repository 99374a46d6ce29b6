// The GPU closure engine against the CPU condensation engine (itself checked against search
// from every node in the unit tests) on the same kinds of graphs, up to a blocked run of
// 20,000 nodes (79 pivot tiles). Tile edges (255, 256, 257, 511, 513) get their own sizes.
#include <gtest/gtest.h>

#include "closure_graphs.hpp"
#include "fresh_seed.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/io/load.hpp"

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
  const BitMatrix gpu = make_closure_engine("gpu")->run(g, {}, {}).reach;
  for (std::int32_t v = 0; v < n; ++v) EXPECT_EQ(gpu.test(v, v), v % 7 == 0) << v;
  EXPECT_TRUE(gpu == make_closure_engine("scc")->run(g, {}, {}).reach);
}
