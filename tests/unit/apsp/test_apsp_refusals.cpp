// What the CPU engines refuse, and how: negative cycles, negative arcs for Dijkstra, results
// over the memory budget, int32 overflow, cancellation, unsupported distance types.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "fresh_seed.hpp"
#include "random_graphs.hpp"

namespace pathscope {
namespace {

using testing::GraphRecipe;

const std::vector<std::string> kCpuEngines = {"textbook", "blocked", "sparse", "auto"};

ApspOptions options_for(DistType dist) {
  ApspOptions o;
  o.dist = dist;
  return o;
}

// True when `node` can reach one of `targets` (or is one): every negative cycle of the planted
// graphs runs through a planted arc, so a node on one reaches the planted nodes.
bool reaches_any(const Graph& g, std::int32_t node, const std::vector<std::int32_t>& targets) {
  std::vector<char> seen(g.n, 0);
  std::vector<std::int32_t> stack{node};
  seen[node] = 1;
  while (!stack.empty()) {
    const std::int32_t u = stack.back();
    stack.pop_back();
    for (const auto t : targets)
      if (u == t) return true;
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (!seen[g.heads[a]]) {
        seen[g.heads[a]] = 1;
        stack.push_back(g.heads[a]);
      }
  }
  return false;
}

class NegativeCycles : public ::testing::TestWithParam<std::int32_t> {};

TEST_P(NegativeCycles, FloydWarshallEnginesReportThem) {
  GraphRecipe r;
  r.n = GetParam();
  r.seed = 31;
  r.negative = true;
  r.components = 2;
  const auto planted = testing::make_graph_with_negative_cycle(r);
  for (const char* engine : {"textbook", "blocked", "auto"}) {
    for (const DistType dist : {DistType::Int32, DistType::Float32}) {
      try {
        make_apsp_engine(engine)->run(planted.graph, options_for(dist), JobContext{});
        ADD_FAILURE() << engine << " returned distances for a graph with a negative cycle";
      } catch (const NegativeCycle& e) {
        ASSERT_GE(e.node(), 0);
        ASSERT_LT(e.node(), planted.graph.n);
        EXPECT_TRUE(reaches_any(planted.graph, e.node(), planted.cycle)) << engine << " named node " << e.node();
      }
    }
  }
}

TEST_P(NegativeCycles, SparseRefusesNegativeArcs) {
  GraphRecipe r;
  r.n = GetParam();
  r.seed = 32;
  r.negative = true;
  // Reweighting makes negative arcs on all but the smallest graphs; one more makes sure.
  const Graph base = testing::make_graph(r);
  GraphBuilder b(base.n);
  for (std::int32_t u = 0; u < base.n; ++u)
    for (std::int64_t a = base.offsets[u]; a < base.offsets[u + 1]; ++a) b.add_arc(u, base.heads[a], base.weights[a]);
  b.add_arc(0, base.n - 1, -1);
  LoadReport report;
  const Graph g = b.build(true, report);
  ASSERT_TRUE(g.has_negative_weights());
  try {
    make_apsp_engine("sparse")->run(g, ApspOptions{}, JobContext{});
    ADD_FAILURE() << "sparse accepted negative arcs";
  } catch (const NegativeCycle&) {
    ADD_FAILURE() << "sparse should refuse the arcs, not claim a cycle";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("negative arc"), std::string::npos) << message;
    EXPECT_NE(message.find("blocked"), std::string::npos) << message;
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, NegativeCycles, ::testing::Values(3, 40, 65, 300),
                         [](const auto& info) { return "n" + std::to_string(info.param); });

TEST(Refusals, OverBudgetBeforeAllocating) {
  GraphRecipe r;
  r.n = 500;
  const Graph g = testing::make_graph(r);
  for (const auto& engine : kCpuEngines) {
    ApspOptions o;
    o.memory_budget = apsp_result_bytes(g.n, DistType::Int32, false) - 1;
    EXPECT_THROW(make_apsp_engine(engine)->run(g, o, JobContext{}), OverBudget) << engine;
    // The budget covers next hops when they are asked for.
    o.memory_budget = apsp_result_bytes(g.n, DistType::Int32, false) + 1024;
    o.next_hop = true;
    EXPECT_THROW(make_apsp_engine(engine)->run(g, o, JobContext{}), OverBudget) << engine;
  }
  // A budget that would need an absurd allocation is refused as fast as a small one.
  GraphRecipe big;
  big.n = 2'000'000;
  big.mean_degree = 0.5;
  const Graph huge = testing::make_graph(big);
  for (const auto& engine : kCpuEngines) {
    ApspOptions o;
    o.memory_budget = std::uint64_t{1} << 30;
    try {
      make_apsp_engine(engine)->run(huge, o, JobContext{});
      ADD_FAILURE() << engine << " accepted a 16 TB result";
    } catch (const OverBudget& e) {
      EXPECT_NE(std::string(e.what()).find("TiB"), std::string::npos) << e.what();
    }
  }
}

TEST(Refusals, Int32OverflowAndFractionalCostsNeedFloat) {
  GraphBuilder b(1000);
  for (std::int32_t v = 0; v + 1 < 1000; ++v) b.add_arc(v, v + 1, 1'000'000);
  LoadReport report;
  const Graph long_path = b.build(true, report);
  EXPECT_THROW(check_int32_distances(long_path), Error);
  for (const auto& engine : kCpuEngines) {
    EXPECT_THROW(make_apsp_engine(engine)->run(long_path, ApspOptions{}, JobContext{}), Error) << engine;
    // Float has the range: the far end is 999 * 1e6 away.
    const auto r = make_apsp_engine(engine)->run(long_path, options_for(DistType::Float32), JobContext{});
    EXPECT_EQ(r.distance(0, 999), 999e6) << engine;
  }

  GraphRecipe fractional;
  fractional.costs = testing::Costs::Real;
  const Graph real = testing::make_graph(fractional);
  ASSERT_FALSE(real.integer_weights);
  EXPECT_THROW(check_int32_distances(real), Error);
  for (const auto& engine : kCpuEngines)
    EXPECT_THROW(make_apsp_engine(engine)->run(real, ApspOptions{}, JobContext{}), Error) << engine;

  // Just inside the limit is accepted: 2^29 - 1 = 536870911 = 7 * 76695844 + 3, so 8 nodes at
  // weight 76695844 fit and the matrix is exact.
  GraphBuilder edge(8);
  for (std::int32_t v = 0; v + 1 < 8; ++v) edge.add_arc(v, v + 1, 76695844);
  const Graph at_limit = edge.build(true, report);
  EXPECT_NO_THROW(check_int32_distances(at_limit));
  for (const auto& engine : kCpuEngines)
    EXPECT_EQ(make_apsp_engine(engine)->run(at_limit, ApspOptions{}, JobContext{}).distance(0, 7), 7.0 * 76695844)
        << engine;
}

TEST(Refusals, Hop16IsNotACpuType) {
  GraphRecipe r;
  r.max_weight = 1;
  const Graph g = testing::make_graph(r);
  for (const auto& engine : kCpuEngines) {
    EXPECT_FALSE(make_apsp_engine(engine)->supports(DistType::Hop16));
    EXPECT_THROW(make_apsp_engine(engine)->run(g, options_for(DistType::Hop16), JobContext{}), Error) << engine;
  }
}

TEST(Cancellation, FlagSetFromProgressStopsEveryEngine) {
  GraphRecipe r;
  r.n = 600;
  r.seed = 41;
  const Graph g = testing::make_graph(r);
  for (const auto& engine : kCpuEngines) {
    std::atomic<bool> cancel{false};
    int reports = 0;
    double last_fraction = 0;
    JobContext job(
        [&](double fraction) {
          ++reports;
          last_fraction = fraction;
          if (fraction > 0.1) cancel = true;
        },
        &cancel);
    EXPECT_THROW(make_apsp_engine(engine)->run(g, ApspOptions{}, job), Cancelled) << engine;
    EXPECT_TRUE(cancel.load()) << engine;
    // It stopped early: well before the end, and without flooding the callback.
    EXPECT_LT(last_fraction, 0.5) << engine;
    EXPECT_LE(reports, 300) << engine;
  }
}

TEST(Progress, ReachesOneInAFewHundredCalls) {
  GraphRecipe r;
  r.n = 700;
  const Graph g = testing::make_graph(r);
  for (const auto& engine : kCpuEngines) {
    int reports = 0;
    double last = -1;
    bool monotone = true;
    JobContext job(
        [&](double fraction) {
          ++reports;
          monotone = monotone && fraction >= last;
          last = fraction;
        },
        nullptr);
    make_apsp_engine(engine)->run(g, ApspOptions{}, job);
    EXPECT_GE(reports, 2) << engine;
    EXPECT_LE(reports, 300) << engine;
    EXPECT_TRUE(monotone) << engine;
    EXPECT_DOUBLE_EQ(last, 1.0) << engine;
  }
}

TEST(Timing, NamesTheEngineDeviceAndWork) {
  GraphRecipe r;
  r.n = 300;
  const Graph g = testing::make_graph(r);
  for (const auto& engine : kCpuEngines) {
    ApspOptions o;
    o.threads = engine == "textbook" ? 0 : 2;
    const auto result = make_apsp_engine(engine)->run(g, o, JobContext{});
    const Timing& t = result.timing;
    EXPECT_EQ(t.engine.substr(0, engine.size()), engine);
    EXPECT_EQ(t.device, engine == "textbook" ? "CPU, 1 thread" : "CPU, 2 threads") << engine;
    EXPECT_GT(t.seconds, 0) << engine;
    EXPECT_LE(t.compute_seconds, t.seconds) << engine;
    if (t.engine == "sparse" || t.engine == "auto(sparse)") {
      // Dijkstra from every source scans each reachable node's arcs once per source.
      double scanned = 0;
      for (std::int32_t s = 0; s < g.n; ++s)
        for (std::int32_t u = 0; u < g.n; ++u)
          if (result.reachable(s, u)) scanned += static_cast<double>(g.out_degree(u));
      EXPECT_EQ(t.updates, scanned) << engine;
    } else {
      EXPECT_EQ(t.updates, 300.0 * 300.0 * 300.0) << engine;
    }
  }
}

// Tiny graphs go to the one-thread triple loop at any density and sign, up to 256 nodes and
// not one more, and its distances are the other engines'.
TEST(AutoEngine, TinyGraphsUseTextbook) {
  SplitMix64 rng(test_support::fresh_seed());
  for (int round = 0; round < 6; ++round) {
    GraphRecipe recipe;
    recipe.n = 2 + static_cast<std::int32_t>(rng.below(255));
    recipe.mean_degree = 1 + static_cast<int>(rng.below(recipe.n < 40 ? recipe.n / 2 + 1 : 40));
    recipe.negative = round % 3 == 2;
    recipe.seed = rng.next();
    const Graph g = testing::make_graph(recipe);
    SCOPED_TRACE("n " + std::to_string(g.n) + ", degree " + std::to_string(recipe.mean_degree));
    EXPECT_EQ(auto_engine_choice(g), "textbook");
    ApspResult reference;
    try {
      reference = make_apsp_engine(g.has_negative_weights() ? "blocked" : "sparse")->run(g, ApspOptions{}, JobContext{});
    } catch (const NegativeCycle&) {
      EXPECT_THROW(make_apsp_engine("auto")->run(g, ApspOptions{}, JobContext{}), NegativeCycle);
      continue;
    }
    const auto picked = make_apsp_engine("auto")->run(g, ApspOptions{}, JobContext{});
    EXPECT_EQ(picked.timing.engine, "auto(textbook)");
    EXPECT_EQ(picked.d32, reference.d32);
  }
  GraphRecipe edge;
  edge.n = 256;
  edge.mean_degree = 200;
  EXPECT_EQ(auto_engine_choice(testing::make_graph(edge)), "textbook");
  edge.n = 257;
  EXPECT_NE(auto_engine_choice(testing::make_graph(edge)), "textbook");
  edge.mean_degree = 2;
  EXPECT_NE(auto_engine_choice(testing::make_graph(edge)), "textbook");
}

TEST(AutoEngine, ChoosesByDensityAndSign) {
  // Large and sparse: Dijkstra from every source is several times cheaper than n^3.
  GraphRecipe sparse_recipe;
  sparse_recipe.n = 3000;
  sparse_recipe.mean_degree = 2;
  const Graph sparse_graph = testing::make_graph(sparse_recipe);
  EXPECT_EQ(auto_engine_choice(sparse_graph), "sparse");

  GraphRecipe dense_recipe = sparse_recipe;
  dense_recipe.n = 1000;
  dense_recipe.mean_degree = 100;
  const Graph dense_graph = testing::make_graph(dense_recipe);
  EXPECT_EQ(auto_engine_choice(dense_graph), "blocked");

  GraphRecipe small_recipe = sparse_recipe;
  small_recipe.n = 400;
  EXPECT_EQ(auto_engine_choice(testing::make_graph(small_recipe)), "blocked");

  GraphRecipe negative_recipe = sparse_recipe;
  negative_recipe.negative = true;
  const Graph negative_graph = testing::make_graph(negative_recipe);
  ASSERT_TRUE(negative_graph.has_negative_weights());
  EXPECT_EQ(auto_engine_choice(negative_graph), "blocked");

  const auto sparse_run = make_apsp_engine("auto")->run(sparse_graph, ApspOptions{}, JobContext{});
  EXPECT_EQ(sparse_run.timing.engine, "auto(sparse)");
  const auto blocked_run = make_apsp_engine("auto")->run(dense_graph, ApspOptions{}, JobContext{});
  EXPECT_EQ(blocked_run.timing.engine, "auto(blocked)");
  EXPECT_EQ(blocked_run.d32, make_apsp_engine("sparse")->run(dense_graph, ApspOptions{}, JobContext{}).d32);
}

}  // namespace
}  // namespace pathscope
