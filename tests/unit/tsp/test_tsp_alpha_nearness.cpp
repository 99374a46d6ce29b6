// Alpha-nearness candidates against their definition, computed the slow way: alpha(a, b) is the
// weight of the cheapest spanning tree that must hold the arc (a, b), less the cheapest spanning
// tree's (Kruskal with that arc taken first, for every pair). Each city's list must be the
// `count` cities of least alpha (ties to the cheaper arc, then the lower index), cheapest arc
// first, whatever the thread count; random symmetric instances of awkward sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <tuple>

#include "../../core/src/tsp/alpha_nearness.hpp"
#include "fresh_seed.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {
namespace {

// Kruskal's spanning tree weight, with the arc (a, b) taken first when a >= 0.
double spanning_tree_weight(const TspInstance& instance, std::int32_t a, std::int32_t b) {
  const std::int32_t k = instance.k;
  std::vector<std::tuple<double, std::int32_t, std::int32_t>> arcs;
  for (std::int32_t x = 0; x < k; ++x)
    for (std::int32_t y = x + 1; y < k; ++y) arcs.emplace_back(instance.at(x, y), x, y);
  std::sort(arcs.begin(), arcs.end());
  std::vector<std::int32_t> root(k);
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](std::int32_t x) {
    while (root[x] != x) x = root[x] = root[root[x]];
    return x;
  };
  double weight = 0;
  if (a >= 0) {
    root[find(a)] = find(b);
    weight += instance.at(a, b);
  }
  for (const auto& [cost, x, y] : arcs)
    if (find(x) != find(y)) {
      root[find(x)] = find(y);
      weight += cost;
    }
  return weight;
}

TEST(AlphaNearness, CandidatesAreTheLeastAlphaByDefinition) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {2, 3, 7, 12, 23, 40}) {
    for (const bool integer_costs : {true, false}) {
      const TspInstance instance = random_tsp_instance(k, rng(), true, integer_costs);
      const double tree = spanning_tree_weight(instance, -1, -1);
      const std::int32_t count = std::min<std::int32_t>(k - 1, 1 + std::int32_t(rng() % 8));
      const auto never = [] { return false; };
      const auto lists = tsp_detail::alpha_nearest_neighbours(instance, count, 1, never);
      EXPECT_EQ(lists, tsp_detail::alpha_nearest_neighbours(instance, count, 3, never)) << "k " << k << " seed " << seed;
      for (std::int32_t a = 0; a < k; ++a) {
        std::vector<std::tuple<double, double, std::int32_t>> ranked;  // alpha, cost, city
        for (std::int32_t b = 0; b < k; ++b)
          if (b != a) ranked.emplace_back(spanning_tree_weight(instance, a, b) - tree, instance.at(a, b), b);
        std::sort(ranked.begin(), ranked.end(), [](const auto& x, const auto& y) {
          // Alpha by Kruskal is a difference of sums: equal alphas may differ in the last bits.
          const double scale = 1e-9 * (1 + std::abs(std::get<0>(x)) + std::abs(std::get<0>(y)));
          if (std::abs(std::get<0>(x) - std::get<0>(y)) > scale) return std::get<0>(x) < std::get<0>(y);
          return std::tie(std::get<1>(x), std::get<2>(x)) < std::tie(std::get<1>(y), std::get<2>(y));
        });
        ranked.resize(std::size_t(count));
        std::sort(ranked.begin(), ranked.end(),
                  [](const auto& x, const auto& y) { return std::tie(std::get<1>(x), std::get<2>(x)) < std::tie(std::get<1>(y), std::get<2>(y)); });
        std::vector<std::int32_t> expected;
        for (const auto& r : ranked) expected.push_back(std::get<2>(r));
        ASSERT_EQ(lists[std::size_t(a)], expected) << "city " << a << " of k " << k << " seed " << seed;
      }
    }
  }
}

TEST(AlphaNearness, AStopLeavesTheListsEmpty) {
  const TspInstance instance = random_tsp_instance(30, test_support::fresh_seed(), true, false);
  const auto stopped = tsp_detail::alpha_nearest_neighbours(instance, 5, 2, [] { return true; });
  ASSERT_EQ(stopped.size(), 30u);
  for (const auto& list : stopped) EXPECT_TRUE(list.empty());
}

}  // namespace
}  // namespace pathscope
