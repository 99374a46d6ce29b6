// All shortest paths and the k shortest simple paths, checked against every simple path of
// small random graphs listed by brute force (ties, zero-cost arcs, unreachable pairs included).
#include <atomic>
#include <algorithm>
#include <gtest/gtest.h>
#include <functional>
#include <set>

#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "pathscope/runtime/error.hpp"
#include "random_graphs.hpp"

using namespace pathscope;

namespace {

struct Listed {
  std::vector<std::int32_t> nodes;
  double cost;
};

// Every simple path from s to t, by depth-first search over an adjacency matrix rebuilt from
// the arcs (sharing nothing with the code under test).
std::vector<Listed> every_simple_path(const Graph& g, std::int32_t s, std::int32_t t) {
  std::vector<std::vector<double>> w(g.n, std::vector<double>(g.n, -1));
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) w[u][g.heads[a]] = g.weights[a];
  std::vector<Listed> out;
  std::vector<std::int32_t> stack{s};
  std::vector<char> on(g.n, 0);
  on[s] = 1;
  std::function<void(double)> walk = [&](double cost) {
    const std::int32_t u = stack.back();
    if (u == t) {
      out.push_back({stack, cost});
      return;
    }
    for (std::int32_t v = 0; v < g.n; ++v) {
      if (w[u][v] < 0 || on[v]) continue;
      on[v] = 1;
      stack.push_back(v);
      walk(cost + w[u][v]);
      stack.pop_back();
      on[v] = 0;
    }
  };
  walk(0);
  return out;
}

// A path is what it claims: its arcs exist, join its nodes, sum to its cost, visit no node twice.
void expect_valid(const Graph& g, const ArcPath& p, std::int32_t s, std::int32_t t) {
  ASSERT_FALSE(p.nodes.empty());
  EXPECT_EQ(p.nodes.front(), s);
  EXPECT_EQ(p.nodes.back(), t);
  ASSERT_EQ(p.arcs.size() + 1, p.nodes.size());
  double cost = 0;
  for (std::size_t i = 0; i < p.arcs.size(); ++i) {
    const std::int64_t a = p.arcs[i];
    ASSERT_GE(a, g.offsets[p.nodes[i]]);
    ASSERT_LT(a, g.offsets[p.nodes[i] + 1]);
    EXPECT_EQ(g.heads[a], p.nodes[i + 1]);
    cost += g.weights[a];
  }
  EXPECT_DOUBLE_EQ(cost, p.cost);
  std::set<std::int32_t> distinct(p.nodes.begin(), p.nodes.end());
  EXPECT_EQ(distinct.size(), p.nodes.size()) << "not a simple path";
}

pathscope::testing::GraphRecipe small_recipe(std::uint64_t seed, int round) {
  pathscope::testing::GraphRecipe r;
  r.n = 5 + static_cast<std::int32_t>(seed % 5);
  r.mean_degree = 1.5 + (round % 4) * 0.7;
  r.seed = seed;
  r.max_weight = round % 3 == 0 ? 1 : 4;  // weight 1 everywhere: hop graphs with many ties
  r.components = round % 7 == 0 ? 2 : 1;
  return r;
}

}  // namespace

TEST(PathSets, AllShortestPathsAreExactlyTheCheapestSimplePaths) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  for (int round = 0; round < 300; ++round) {
    const Graph g = pathscope::testing::make_graph(small_recipe(rng.next(), round));
    const auto s = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(g.n)));
    const auto t = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(g.n)));
    const auto listed = every_simple_path(g, s, t);
    const ShortestPathSet set = all_shortest_paths(g, s, t);
    ASSERT_EQ(set.reachable, !listed.empty()) << "round " << round;
    if (listed.empty()) {
      EXPECT_EQ(set.total.value, 0u);
      EXPECT_TRUE(set.paths.empty());
      continue;
    }
    double best = listed.front().cost;
    for (const auto& p : listed) best = std::min(best, p.cost);
    std::set<std::vector<std::int32_t>> expected;
    for (const auto& p : listed)
      if (p.cost == best) expected.insert(p.nodes);
    std::set<std::vector<std::int32_t>> got;
    for (const auto& p : set.paths) {
      expect_valid(g, p, s, t);
      got.insert(p.nodes);
    }
    EXPECT_EQ(set.distance, best);
    EXPECT_EQ(got, expected) << "round " << round;
    EXPECT_EQ(set.paths.size(), expected.size());
    EXPECT_EQ(set.total.value, expected.size());
    EXPECT_FALSE(set.total.saturated);

    // A cap lists that many of the same paths and still counts them all.
    const std::int64_t cap = static_cast<std::int64_t>(rng.below(3));
    const ShortestPathSet capped = all_shortest_paths(g, s, t, cap);
    EXPECT_EQ(capped.total.value, expected.size());
    EXPECT_EQ(capped.paths.size(), std::min<std::size_t>(static_cast<std::size_t>(cap), expected.size()));
    for (const auto& p : capped.paths) EXPECT_TRUE(expected.count(p.nodes));
  }
}

TEST(PathSets, KShortestPathsMatchTheSortedListOfSimplePaths) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  for (int round = 0; round < 300; ++round) {
    auto recipe = small_recipe(rng.next(), round);
    if (round % 5 == 1) recipe.zero_share = 0.3;  // zero-cost arcs: ties and 0-cost cycles
    const Graph g = pathscope::testing::make_graph(recipe);
    const auto s = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(g.n)));
    const auto t = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(g.n)));
    auto listed = every_simple_path(g, s, t);
    std::sort(listed.begin(), listed.end(), [](const Listed& a, const Listed& b) { return a.cost < b.cost; });
    const int k = 1 + static_cast<int>(rng.below(12));
    const auto paths = k_shortest_paths(g, s, t, k);
    ASSERT_EQ(paths.size(), std::min<std::size_t>(static_cast<std::size_t>(k), listed.size())) << "round " << round;
    std::set<std::vector<std::int32_t>> distinct;
    for (std::size_t i = 0; i < paths.size(); ++i) {
      expect_valid(g, paths[i], s, t);
      // The i-th cheapest cost, whichever of the tied paths holds it.
      EXPECT_EQ(paths[i].cost, listed[i].cost) << "round " << round << ", path " << i;
      distinct.insert(paths[i].nodes);
    }
    EXPECT_EQ(distinct.size(), paths.size()) << "a path listed twice";
  }
}

TEST(PathSets, CountsBeyondSixtyFourBitsSaturate) {
  // A chain of 70 diamonds has 2^70 shortest paths.
  const std::int32_t diamonds = 70;
  GraphBuilder b(3 * diamonds + 1);
  for (std::int32_t d = 0; d < diamonds; ++d) {
    const std::int32_t at = 3 * d;
    b.add_arc(at, at + 1, 1);
    b.add_arc(at, at + 2, 1);
    b.add_arc(at + 1, at + 3, 1);
    b.add_arc(at + 2, at + 3, 1);
  }
  LoadReport report;
  const Graph g = b.build(true, report);
  const auto set = all_shortest_paths(g, 0, 3 * diamonds, 5);
  EXPECT_TRUE(set.total.saturated);
  EXPECT_EQ(set.total.text(), "at least 18446744073709551615");
  EXPECT_EQ(set.paths.size(), 5u);
  const auto exact = all_shortest_paths(g, 0, 3 * 10, 0);  // 2^10 paths
  EXPECT_EQ(exact.total.value, 1024u);
  EXPECT_FALSE(exact.total.saturated);
}

TEST(PathSets, RefusesNegativeCostsAndNodesOutsideTheGraph) {
  pathscope::testing::GraphRecipe r;
  r.n = 20;
  r.negative = true;
  r.seed = 3;
  const Graph g = pathscope::testing::make_graph(r);
  ASSERT_TRUE(g.has_negative_weights());
  EXPECT_THROW(all_shortest_paths(g, 0, 1), Error);
  EXPECT_THROW(k_shortest_paths(g, 0, 1, 3), Error);
  const Graph fine = pathscope::testing::make_graph(pathscope::testing::GraphRecipe{});
  EXPECT_THROW(k_shortest_paths(fine, 0, fine.n, 3), Error);
  EXPECT_THROW(all_shortest_paths(fine, -1, 0), Error);
}

// A negative self-loop is a negative cycle although no search walks it: a query whose source
// reaches one is refused like `path` refuses it, and one that cannot reach it is answered.
// Reach is decided by the brute-force listing of simple paths.
TEST(PathSets, NegativeSelfLoopsReachableFromTheSourceAreRefused) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  int refused = 0, answered = 0;
  for (int round = 0; round < 200; ++round) {
    const Graph plain = pathscope::testing::make_graph(small_recipe(rng.next(), round));
    const auto loop_node = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(plain.n)));
    GraphBuilder b(plain.n);
    for (std::int32_t u = 0; u < plain.n; ++u)
      for (std::int64_t a = plain.offsets[u]; a < plain.offsets[u + 1]; ++a) b.add_arc(u, plain.heads[a], plain.weights[a]);
    b.add_arc(loop_node, loop_node, -1);
    LoadReport report;
    const Graph g = b.build(true, report);
    ASSERT_EQ(g.negative_self_loop_node(), loop_node);
    const auto s = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(g.n)));
    const auto t = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(g.n)));
    const bool reaches_loop = !every_simple_path(g, s, loop_node).empty();
    if (reaches_loop) {
      ++refused;
      EXPECT_THROW(all_shortest_paths(g, s, t), NegativeCycle) << "seed " << seed << " round " << round;
      EXPECT_THROW(k_shortest_paths(g, s, t, 3), NegativeCycle) << "seed " << seed << " round " << round;
    } else {
      ++answered;
      EXPECT_EQ(all_shortest_paths(g, s, t).reachable, !every_simple_path(g, s, t).empty());
      EXPECT_NO_THROW(k_shortest_paths(g, s, t, 3));
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(answered, 0);
}

// The explorer cancels a path set it no longer needs: both searches stop with Cancelled, and
// report their share done as they go.
TEST(PathSets, CancelledJobsStopAndProgressIsReported) {
  const std::uint64_t seed = test_support::fresh_seed();
  GraphBuilder b(12);
  for (std::int32_t u = 0; u + 1 < 12; ++u) {  // a ladder: many paths from 0 to 11
    b.add_arc(u, u + 1, 1);
    if (u + 2 < 12) b.add_arc(u, u + 2, 2);
  }
  LoadReport report;
  const Graph g = b.build(true, report);
  std::atomic<bool> cancel{true};
  const JobContext cancelled(nullptr, &cancel);
  EXPECT_THROW(k_shortest_paths(g, 0, 11, 5, cancelled), Cancelled);
  EXPECT_THROW(all_shortest_paths(g, 0, 11, -1, cancelled), Cancelled);
  std::vector<double> reports;
  std::atomic<bool> go_on{false};
  const JobContext watched([&](double f) { reports.push_back(f); }, &go_on);
  const int k = 3 + static_cast<int>(seed % 6);
  EXPECT_EQ(k_shortest_paths(g, 0, 11, k, watched).size(), static_cast<std::size_t>(k));
  ASSERT_FALSE(reports.empty());
  EXPECT_TRUE(std::is_sorted(reports.begin(), reports.end()));
  EXPECT_LT(reports.back(), 1.0);
}
