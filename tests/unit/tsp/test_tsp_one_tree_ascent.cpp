// The 1-tree ascent against independent references on fresh random symmetric instances: its
// first bound is the cheapest 1-tree (Kruskal over cities 1..k-1, city 0's two cheapest arcs),
// its best bound lies between that and the optimum (Held-Karp), a bound reached as a tour is the
// optimum, its penalties give that bound back when the 1-tree is recomputed under them, and a
// graph that leaves a city unreached takes no step.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <tuple>

#include "../../core/src/tsp/one_tree_ascent.hpp"
#include "fresh_seed.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {
namespace {

// The cheapest 1-tree's weight less twice the penalties, by Kruskal.
double one_tree_bound(const TspInstance& instance, const std::vector<double>& pi) {
  const std::int32_t k = instance.k;
  auto raised = [&](std::int32_t a, std::int32_t b) { return instance.at(a, b) + pi[std::size_t(a)] + pi[std::size_t(b)]; };
  std::vector<std::tuple<double, std::int32_t, std::int32_t>> arcs;
  for (std::int32_t a = 1; a < k; ++a)
    for (std::int32_t b = a + 1; b < k; ++b) arcs.emplace_back(raised(a, b), a, b);
  std::sort(arcs.begin(), arcs.end());
  std::vector<std::int32_t> root(static_cast<std::size_t>(k));
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](std::int32_t x) {
    while (root[std::size_t(x)] != x) x = root[std::size_t(x)] = root[std::size_t(root[std::size_t(x)])];
    return x;
  };
  double weight = 0;
  for (const auto& [cost, a, b] : arcs)
    if (find(a) != find(b)) {
      root[std::size_t(find(a))] = find(b);
      weight += cost;
    }
  std::vector<double> from_zero;
  for (std::int32_t b = 1; b < k; ++b) from_zero.push_back(raised(0, b));
  std::sort(from_zero.begin(), from_zero.end());
  return weight + from_zero[0] + from_zero[1] - 2 * std::accumulate(pi.begin(), pi.end(), 0.0);
}

std::vector<std::vector<std::int32_t>> every_other_city(std::int32_t k) {
  std::vector<std::vector<std::int32_t>> graph(static_cast<std::size_t>(k));
  for (std::int32_t a = 0; a < k; ++a)
    for (std::int32_t b = 0; b < k; ++b)
      if (a != b) graph[std::size_t(a)].push_back(b);
  return graph;
}

TEST(OneTreeAscent, BoundLiesBetweenTheCheapestOneTreeAndTheOptimum) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  const auto never = [] { return false; };
  for (const std::int32_t k : {3, 5, 8, 11, 13})
    for (const bool integer_costs : {true, false})
      for (int repeat = 0; repeat < 3; ++repeat) {
        const TspInstance instance = random_tsp_instance(k, rng(), true, integer_costs);
        const std::string what = "k " + std::to_string(k) + " seed " + std::to_string(seed);
        const double optimum = make_tsp_engine("held-karp")->run(instance, TspOptions{}, {}).length;
        const auto ascent = tsp_detail::one_tree_ascent(instance, every_other_city(k), 1.0, never);
        const double tolerance = 1e-9 * optimum;
        EXPECT_NEAR(ascent.first_bound, one_tree_bound(instance, std::vector<double>(std::size_t(k), 0.0)), tolerance)
            << what;
        EXPECT_GE(ascent.bound, ascent.first_bound) << what;
        EXPECT_LE(ascent.bound, optimum + tolerance) << what;
        EXPECT_NEAR(one_tree_bound(instance, ascent.penalties), ascent.bound, 1e-7 * optimum) << what;
        // Three cities' only 1-tree is their tour.
        if (k == 3) EXPECT_TRUE(ascent.tour) << what;
        if (ascent.tour) EXPECT_NEAR(ascent.bound, optimum, 1e-7 * optimum) << what << ": a 1-tree that is a tour";
      }
}

TEST(OneTreeAscent, AGraphThatLeavesACityOutTakesNoStep) {
  const TspInstance instance = random_tsp_instance(20, test_support::fresh_seed(), true, false);
  std::vector<std::vector<std::int32_t>> halves(20);
  for (std::int32_t a = 0; a < 20; ++a)
    for (std::int32_t b = 0; b < 20; ++b)
      if (a != b && (a < 10) == (b < 10)) halves[std::size_t(a)].push_back(b);
  const auto ascent = tsp_detail::one_tree_ascent(instance, halves, 1.0, [] { return false; });
  EXPECT_EQ(ascent.iterations, 0);
  EXPECT_EQ(ascent.penalties, std::vector<double>(20, 0.0));
}

}  // namespace
}  // namespace pathscope
