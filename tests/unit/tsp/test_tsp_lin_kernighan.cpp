// The Lin-Kernighan search against brute force: once a run from every city changes nothing, no
// 2-opt move shortens the tour (checked over every pair of arcs), the length it keeps equals the
// tour's length summed again, and undoing a kick gives back the very tour it started from.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>

#include "../../core/src/tsp/lin_kernighan.hpp"
#include "../../core/src/tsp/local_search.hpp"
#include "fresh_seed.hpp"
#include "tsp_reference.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {
namespace {

// Every other city, nearest first: with full lists the first level of a chain sees every move.
std::vector<std::vector<std::int32_t>> all_neighbours(const TspInstance& instance) {
  std::vector<std::vector<std::int32_t>> out(instance.k);
  for (std::int32_t a = 0; a < instance.k; ++a) {
    for (std::int32_t b = 0; b < instance.k; ++b)
      if (b != a) out[a].push_back(b);
    std::stable_sort(out[a].begin(), out[a].end(),
                     [&](std::int32_t x, std::int32_t y) { return instance.at(a, x) < instance.at(a, y); });
  }
  return out;
}

double best_two_opt_gain(const TspInstance& instance, const std::vector<std::int32_t>& tour) {
  const auto k = static_cast<std::int32_t>(tour.size());
  double best = 0;
  for (std::int32_t i = 0; i < k; ++i)
    for (std::int32_t j = i + 2; j < k; ++j) {
      const auto a = tour[i], b = tour[i + 1], c = tour[j], d = tour[(j + 1) % k];
      if (d == a) continue;
      best = std::max(best, instance.at(a, b) + instance.at(c, d) - instance.at(a, c) - instance.at(b, d));
    }
  return best;
}

using tsp_test::random_tour;

TEST(LinKernighan, LeavesNoImprovingTwoOptMoveAndKeepsItsLengthExact) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {8, 9, 13, 37, 64, 101}) {
    for (const bool integer_costs : {true, false}) {
      const TspInstance instance = random_tsp_instance(k, rng(), true, integer_costs);
      const auto neighbours = all_neighbours(instance);
      tsp_detail::LinKernighan search(instance, neighbours, tsp_detail::improvement_epsilon(instance));
      search.set_tour(random_tour(k, rng));
      ASSERT_TRUE(search.run([] { return false; }));
      // One run is not enough: it looks again only from cities next to an arc it changed, and a
      // move can complete an improving one that no woken city starts (arcs (a, b) and (b, c)
      // already there, (c, d) made last, and the first step of the move from c and from d loses).
      // Runs from every city until one changes nothing; each of the earlier ones shortens the
      // tour, so this ends.
      for (double before = std::numeric_limits<double>::infinity(); search.length() < before;) {
        before = search.length();
        search.set_tour(search.tour());
        ASSERT_TRUE(search.run([] { return false; }));
      }
      auto tour = search.tour();
      auto sorted = tour;
      std::sort(sorted.begin(), sorted.end());
      for (std::int32_t i = 0; i < k; ++i) ASSERT_EQ(sorted[i], i) << "k " << k << " seed " << seed;
      std::rotate(tour.begin(), std::find(tour.begin(), tour.end(), 0), tour.end());
      EXPECT_NEAR(search.length(), tour_length(instance, tour), 1e-6 * search.length()) << "k " << k << " seed " << seed;
      // Of the four cities an improving 2-opt move could start from, two have first steps whose
      // gains add up to the move's: one of them gains at least half, and a step must gain more
      // than epsilon to be tried.
      EXPECT_LE(best_two_opt_gain(instance, search.tour()), 2 * tsp_detail::improvement_epsilon(instance))
          << "k " << k << " seed " << seed;
    }
  }
}

TEST(LinKernighan, UndoingAKickRestoresTheTour) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {8, 23, 200, 1001}) {
    const TspInstance instance = random_tsp_instance(k, rng(), true, true);
    const auto neighbours = tsp_detail::nearest_neighbours(instance, 10, 1, [] { return false; });
    tsp_detail::LinKernighan search(instance, neighbours, tsp_detail::improvement_epsilon(instance));
    search.set_tour(random_tour(k, rng));
    search.run([] { return false; });
    for (int round = 0; round < 50; ++round) {
      const auto before = search.tour();
      const double length = search.length();
      search.kick(rng);
      search.run([] { return false; });
      auto after = search.tour();
      std::rotate(after.begin(), std::find(after.begin(), after.end(), 0), after.end());
      EXPECT_NEAR(search.length(), tour_length(instance, after), 1e-6 * length) << "k " << k << " seed " << seed;
      search.undo_since_kick();
      ASSERT_EQ(search.tour(), before) << "k " << k << " round " << round << " seed " << seed;
      ASSERT_EQ(search.length(), length);
    }
  }
}

TEST(IteratedLinKernighan, NeverBelowTheOptimumAndFindsItOnSmallInstances) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {9, 12, 15}) {
    const TspInstance instance = random_tsp_instance(k, rng(), true, true);
    TspOptions exact;
    const double optimum = make_tsp_engine("held-karp")->run(instance, exact, {}).length;
    TspOptions options;
    options.seed = rng();
    options.time_limit_seconds = 5;
    const TspResult result = make_tsp_engine("2opt")->run(instance, options, {});
    EXPECT_GE(result.length, optimum) << "k " << k << " seed " << seed;
    EXPECT_LE(result.length, optimum * 1.03) << "k " << k << " seed " << seed;
  }
}

}  // namespace
}  // namespace pathscope
