// Yen's k shortest loopless paths against brute force: every simple path enumerated by
// depth-first search on small random graphs (directed and undirected, ties, zero costs).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "fresh_seed.hpp"
#include "pathscope/error.hpp"
#include "pathscope/graph_builder.hpp"
#include "pathscope/k_shortest_paths.hpp"
#include "pathscope/random_graph.hpp"

namespace {

using namespace pathscope;

double arc_cost(const Graph& g, std::int32_t u, std::int32_t v) {
  for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
    if (g.heads[a] == v) return g.weights[a];
  return NAN;
}

// Costs of every simple s-t path, ascending.
std::vector<double> all_simple_path_costs(const Graph& g, std::int32_t s, std::int32_t t) {
  std::vector<double> costs;
  std::vector<char> on(g.n, 0);
  std::function<void(std::int32_t, double)> walk = [&](std::int32_t u, double cost) {
    if (u == t) {
      costs.push_back(cost);
      return;
    }
    on[u] = 1;
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (!on[g.heads[a]]) walk(g.heads[a], cost + g.weights[a]);
    on[u] = 0;
  };
  walk(s, 0);
  std::sort(costs.begin(), costs.end());
  return costs;
}

Graph random_small_graph(SplitMix64& rng, std::int32_t n, bool directed) {
  GraphBuilder b(n);
  const auto m = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(n) * 3 + 1));
  for (std::int64_t e = 0; e < m; ++e) {
    const auto u = static_cast<std::int32_t>(rng.below(n)), v = static_cast<std::int32_t>(rng.below(n));
    const double w = static_cast<double>(rng.below(4));  // few values: many ties, some zero costs
    if (directed) b.add_arc(u, v, w);
    else b.add_edge(u, v, w);
  }
  LoadReport report;
  return b.build(directed, report);
}

TEST(KShortestPaths, MatchBruteForceOnRandomGraphs) {
  SplitMix64 rng(test_support::fresh_seed());
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const auto n = static_cast<std::int32_t>(1 + rng.below(8));
    const Graph g = random_small_graph(rng, n, rng.below(2) == 0);
    const auto s = static_cast<std::int32_t>(rng.below(n)), t = static_cast<std::int32_t>(rng.below(n));
    const auto k = static_cast<std::int32_t>(1 + rng.below(12));
    const auto reference = all_simple_path_costs(g, s, t);
    const auto found = k_shortest_paths(g, s, t, k);
    ASSERT_EQ(found.size(), std::min<std::size_t>(k, reference.size())) << "trial " << trial;
    std::set<std::vector<std::int32_t>> distinct;
    for (std::size_t i = 0; i < found.size(); ++i) {
      const Path& p = found[i];
      ASSERT_TRUE(p.reachable);
      ASSERT_EQ(p.nodes.front(), s);
      ASSERT_EQ(p.nodes.back(), t);
      ASSERT_EQ(p.arc_costs.size() + 1, p.nodes.size());
      double sum = 0;
      for (std::size_t h = 0; h + 1 < p.nodes.size(); ++h) {
        ASSERT_EQ(p.arc_costs[h], arc_cost(g, p.nodes[h], p.nodes[h + 1])) << "arc not in the graph";
        sum += p.arc_costs[h];
      }
      EXPECT_EQ(p.distance, sum);
      EXPECT_EQ(p.distance, reference[i]) << "trial " << trial << ", path " << i;
      EXPECT_EQ(std::set<std::int32_t>(p.nodes.begin(), p.nodes.end()).size(), p.nodes.size()) << "not simple";
      distinct.insert(p.nodes);
      ++compared;
    }
    EXPECT_EQ(distinct.size(), found.size()) << "a path was returned twice";
  }
  EXPECT_GT(compared, 300);
}

TEST(KShortestPaths, RefusesNegativeCostsAndBadArguments) {
  GraphBuilder b(3);
  b.add_arc(0, 1, -1);
  b.add_arc(1, 2, 1);
  LoadReport report;
  const Graph g = b.build(true, report);
  EXPECT_THROW(k_shortest_paths(g, 0, 2, 2), Error);
  EXPECT_THROW(k_shortest_paths(g, 0, 5, 2), Error);
  EXPECT_THROW(k_shortest_paths(g, 0, 2, 0), Error);
}

TEST(KShortestPaths, CancelStopsTheSearch) {
  LoadReport report;
  const Graph g = generate_random_graph(parse_random_spec("random:n=400,deg=6,seed=5"), report);
  std::atomic<bool> cancel{true};
  EXPECT_THROW(k_shortest_paths(g, 0, 399, 50, JobContext({}, &cancel)), Cancelled);
}

}  // namespace
