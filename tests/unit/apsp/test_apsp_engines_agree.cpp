// Every CPU engine against an independent Bellman-Ford reference and against each other, on
// random graphs of awkward sizes (tile edges +-1, a single node) with zero-cost arcs, negative
// arcs, several components and sinks, in int32 and float.
#include <gtest/gtest.h>

#include "pathscope/apsp/apsp.hpp"
#include "random_graphs.hpp"

namespace pathscope {
namespace {

using testing::Costs;
using testing::GraphRecipe;

ApspResult run_engine(const std::string& engine, const Graph& g, DistType dist, int threads = 0) {
  ApspOptions options;
  options.dist = dist;
  options.threads = threads;
  return make_apsp_engine(engine)->run(g, options, JobContext{});
}

// The engines that accept this graph: sparse (and so auto's sparse side) refuses negative arcs.
std::vector<std::string> engines_for(const Graph& g) {
  if (g.has_negative_weights()) return {"textbook", "blocked", "auto"};
  return {"textbook", "blocked", "sparse", "auto"};
}

void check_all_engines(const GraphRecipe& recipe, DistType dist) {
  const Graph g = testing::make_graph(recipe);
  const auto reference = testing::reference_all_pairs(g);
  const std::string context = testing::describe(recipe) + " " + dist_type_name(dist);
  std::vector<ApspResult> results;
  for (const auto& engine : engines_for(g)) {
    results.push_back(run_engine(engine, g, dist));
    testing::expect_matches_reference(results.back(), reference, recipe.costs, context);
  }
  // Integer-valued results must agree bit for bit, whatever the engine.
  if (dist == DistType::Int32 || recipe.costs != Costs::Real)
    for (std::size_t i = 1; i < results.size(); ++i) {
      EXPECT_EQ(results[i].d32, results[0].d32) << context << ": " << results[i].timing.engine;
      EXPECT_EQ(results[i].df, results[0].df) << context << ": " << results[i].timing.engine;
    }
}

class EnginesAgree : public ::testing::TestWithParam<std::int32_t> {};

TEST_P(EnginesAgree, PositiveCostsWithZeroArcs) {
  GraphRecipe r;
  r.n = GetParam();
  r.seed = 11;
  r.zero_share = 0.2;
  check_all_engines(r, DistType::Int32);
  check_all_engines(r, DistType::Float32);
}

TEST_P(EnginesAgree, ComponentsAndSinks) {
  GraphRecipe r;
  r.n = GetParam();
  r.seed = 12;
  r.components = 3;
  r.sink_share = 0.15;
  r.mean_degree = 2.5;
  check_all_engines(r, DistType::Int32);
  check_all_engines(r, DistType::Float32);
}

TEST_P(EnginesAgree, NegativeArcsWithoutNegativeCycles) {
  GraphRecipe r;
  r.n = GetParam();
  r.seed = 13;
  r.negative = true;
  r.zero_share = 0.1;
  r.components = 2;
  r.sink_share = 0.05;
  check_all_engines(r, DistType::Int32);
  r.costs = Costs::Quarters;
  check_all_engines(r, DistType::Float32);
}

TEST_P(EnginesAgree, RealCostsInFloat) {
  GraphRecipe r;
  r.n = GetParam();
  r.seed = 14;
  r.costs = Costs::Real;
  r.mean_degree = 6;
  check_all_engines(r, DistType::Float32);
}

TEST_P(EnginesAgree, DenseGraph) {
  GraphRecipe r;
  r.n = GetParam();
  r.seed = 15;
  r.mean_degree = std::max(1, r.n / 3);
  r.zero_share = 0.05;
  check_all_engines(r, DistType::Int32);
}

TEST_P(EnginesAgree, UnitCostsUseBreadthFirstSearch) {
  GraphRecipe r;
  r.n = GetParam();
  r.seed = 16;
  r.max_weight = 1;
  r.components = 2;
  const Graph g = testing::make_graph(r);
  ASSERT_TRUE(g.unit_weights || g.arc_count() == 0);
  check_all_engines(r, DistType::Int32);
  check_all_engines(r, DistType::Float32);
}

TEST_P(EnginesAgree, LargeCostsNearTheInt32Limit) {
  // Costs above the bucket queue's range send sparse to its radix heap; n * 1e6 stays within
  // the int32 headroom for these sizes.
  GraphRecipe r;
  r.n = GetParam();
  r.seed = 17;
  r.max_weight = 1'000'000;
  r.zero_share = 0.1;
  check_all_engines(r, DistType::Int32);
  check_all_engines(r, DistType::Float32);
}

INSTANTIATE_TEST_SUITE_P(AwkwardSizes, EnginesAgree, ::testing::Values(1, 2, 3, 31, 33, 63, 64, 65, 129, 257),
                         [](const auto& info) { return "n" + std::to_string(info.param); });

// n = 1000: textbook once (1e9 updates), the fast engines on more variants.
TEST(EnginesAgreeLarge, ThousandNodesNegativeArcsInt32) {
  GraphRecipe r;
  r.n = 1000;
  r.seed = 21;
  r.negative = true;
  r.zero_share = 0.1;
  r.components = 2;
  r.sink_share = 0.02;
  r.mean_degree = 3;
  const Graph g = testing::make_graph(r);
  const auto reference = testing::reference_all_pairs(g);
  const auto textbook = run_engine("textbook", g, DistType::Int32);
  const auto blocked = run_engine("blocked", g, DistType::Int32);
  testing::expect_matches_reference(textbook, reference, r.costs, testing::describe(r));
  testing::expect_matches_reference(blocked, reference, r.costs, testing::describe(r));
  EXPECT_EQ(textbook.d32, blocked.d32);
}

TEST(EnginesAgreeLarge, ThousandNodesSparseAndBlockedInFloat) {
  GraphRecipe r;
  r.n = 1000;
  r.seed = 22;
  r.costs = Costs::Real;
  r.zero_share = 0.05;
  r.components = 3;
  const Graph g = testing::make_graph(r);
  const auto reference = testing::reference_all_pairs(g);
  for (const char* engine : {"blocked", "sparse", "auto"})
    testing::expect_matches_reference(run_engine(engine, g, DistType::Float32), reference, r.costs,
                                      testing::describe(r));
}

TEST(EnginesAgreeLarge, ThreadCountDoesNotChangeTheResult) {
  GraphRecipe r;
  r.n = 700;
  r.seed = 23;
  r.negative = true;
  const Graph g = testing::make_graph(r);
  const auto one = run_engine("blocked", g, DistType::Int32, 1);
  for (int threads : {2, 3, 5}) EXPECT_EQ(run_engine("blocked", g, DistType::Int32, threads).d32, one.d32);
  GraphRecipe positive = r;
  positive.negative = false;
  const Graph h = testing::make_graph(positive);
  const auto sparse_one = run_engine("sparse", h, DistType::Int32, 1);
  EXPECT_EQ(run_engine("sparse", h, DistType::Int32, 3).d32, sparse_one.d32);
  EXPECT_EQ(run_engine("blocked", h, DistType::Int32, 2).d32, sparse_one.d32);
}

TEST(EnginesAgreeLarge, EmptyGraphGivesEmptyResult) {
  const Graph g = make_empty_graph(0);
  for (const char* engine : {"textbook", "blocked", "sparse", "auto"}) {
    const auto r = run_engine(engine, g, DistType::Int32);
    EXPECT_EQ(r.n, 0) << engine;
    EXPECT_TRUE(r.d32.empty()) << engine;
  }
}

}  // namespace
}  // namespace pathscope
