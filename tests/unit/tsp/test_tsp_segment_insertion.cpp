// The segment insertion inside the Lin-Kernighan chains, and the double-bridge kicks: the move
// gives exactly the tour it promises (both stretches kept in their direction) and changes the
// kept length by exactly the tour's change; the search never lengthens a tour and leaves a
// permutation; with kicks it finds Held-Karp's optimum on tiny instances and never ends above
// a plain 2-opt local optimum.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "../../core/src/tsp/alpha_nearness.hpp"
#include "../../core/src/tsp/cpu_solvers.hpp"
#include "../../core/src/tsp/lin_kernighan.hpp"
#include "../../core/src/tsp/local_search.hpp"
#include "fresh_seed.hpp"
#include "tsp_reference.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {
namespace {

using tsp_test::random_tour;

// The same cycle reads the same: from city 0, towards its smaller neighbour.
std::vector<std::int32_t> canonical(std::vector<std::int32_t> tour) {
  std::rotate(tour.begin(), std::find(tour.begin(), tour.end(), 0), tour.end());
  if (tour.size() > 2 && tour[1] > tour.back()) std::reverse(tour.begin() + 1, tour.end());
  return tour;
}

bool is_permutation_of_k(std::vector<std::int32_t> tour, std::int32_t k) {
  if (static_cast<std::int32_t>(tour.size()) != k) return false;
  std::sort(tour.begin(), tour.end());
  for (std::int32_t i = 0; i < k; ++i)
    if (tour[i] != i) return false;
  return true;
}

double cyclic_length(const TspInstance& instance, const std::vector<std::int32_t>& tour) {
  double length = 0;
  for (std::size_t i = 0; i < tour.size(); ++i) length += instance.at(tour[i], tour[(i + 1) % tour.size()]);
  return length;
}

// First-improvement 2-opt over every pair of arcs until none shortens the tour.
std::vector<std::int32_t> two_opt_descent(const TspInstance& instance, std::vector<std::int32_t> tour) {
  const auto k = static_cast<std::int32_t>(tour.size());
  const double epsilon = tsp_detail::improvement_epsilon(instance);
  for (bool improved = true; improved;) {
    improved = false;
    for (std::int32_t i = 0; i < k; ++i)
      for (std::int32_t j = i + 2; j < k; ++j) {
        const auto a = tour[i], b = tour[i + 1], c = tour[j], d = tour[(j + 1) % k];
        if (d == a) continue;
        if (instance.at(a, b) + instance.at(c, d) - instance.at(a, c) - instance.at(b, d) > epsilon) {
          std::reverse(tour.begin() + i + 1, tour.begin() + j + 1);
          improved = true;
        }
      }
  }
  return tour;
}

TEST(SegmentInsertion, GivesTheSwappedStretchesAndChangesTheLengthByItsGain) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {5, 7, 8, 13, 50, 201}) {
    for (const bool integer_costs : {true, false}) {
      const TspInstance instance = random_tsp_instance(k, rng(), true, integer_costs);
      const auto neighbours = tsp_detail::nearest_neighbours(instance, std::min(10, k - 1), 1, [] { return false; });
      tsp_detail::LinKernighan search(instance, neighbours, tsp_detail::improvement_epsilon(instance));
      search.set_tour(random_tour(k, rng), false);
      for (int round = 0; round < 200; ++round) {
        const auto before = search.tour();
        const double before_length = search.length();
        // The tour read from t1 in the move's direction: t1, s[0] = t2, ..., s[k-2].
        std::vector<std::int32_t> s;
        const auto p1 = static_cast<std::int32_t>(rng() % k);
        const bool forward = rng() % 2 == 0;
        for (std::int32_t i = 1; i < k; ++i) s.push_back(before[(p1 + (forward ? i : k - i)) % k]);
        // t5 = s[o5] before t3 = s[o3]; t4 = s[o3 + 1] must not be t1.
        const auto o3 = static_cast<std::int32_t>(1 + rng() % (k - 3));
        const auto o5 = static_cast<std::int32_t>(rng() % o3);
        std::vector<std::int32_t> expected{before[p1]};
        expected.insert(expected.end(), s.begin() + o5 + 1, s.begin() + o3 + 1);
        expected.insert(expected.end(), s.begin(), s.begin() + o5 + 1);
        expected.insert(expected.end(), s.begin() + o3 + 1, s.end());
        search.swap_stretches(before[p1], s[0], s[o3], s[o5]);
        const std::string where = "k " + std::to_string(k) + " round " + std::to_string(round) + " seed " + std::to_string(seed);
        ASSERT_EQ(canonical(search.tour()), canonical(expected)) << where;
        const double actual = cyclic_length(instance, search.tour());
        ASSERT_NEAR(search.length() - before_length, actual - cyclic_length(instance, before), 1e-9 * actual) << where;
        if (round % 3 == 0) {
          search.undo_since_kick();
          ASSERT_EQ(search.tour(), before) << where;
          ASSERT_EQ(search.length(), before_length) << where;
        }
        search.accept();
      }
    }
  }
}

TEST(SegmentInsertion, LinKernighanNeverLengthensATourAndLeavesAPermutation) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {5, 7, 8, 9, 13, 31, 64, 101, 200}) {
    for (const bool integer_costs : {true, false}) {
      const TspInstance instance = random_tsp_instance(k, rng(), true, integer_costs);
      const auto neighbours = tsp_detail::alpha_nearest_neighbours(instance, std::min(10, k - 1), 1, [] { return false; });
      const double epsilon = tsp_detail::improvement_epsilon(instance);
      tsp_detail::LinKernighan search(instance, neighbours, epsilon);
      const auto start = random_tour(k, rng);
      search.set_tour(start);
      ASSERT_TRUE(search.run([] { return false; }));
      const std::string where = "k " + std::to_string(k) + " seed " + std::to_string(seed);
      ASSERT_TRUE(is_permutation_of_k(search.tour(), k)) << where;
      EXPECT_LE(search.length(), cyclic_length(instance, start) + epsilon) << where;
      double kept = search.length();
      for (int round = 0; round < 300; ++round) {
        search.kick(rng);
        ASSERT_TRUE(is_permutation_of_k(search.tour(), k)) << where;
        ASSERT_NEAR(search.length(), cyclic_length(instance, search.tour()), 1e-9 * kept) << where;
        search.run([] { return false; });
        ASSERT_TRUE(is_permutation_of_k(search.tour(), k)) << where;
        ASSERT_NEAR(search.length(), cyclic_length(instance, search.tour()), 1e-9 * kept) << where;
        if (search.length() <= kept) {
          kept = search.length();
          search.accept();
        } else {
          search.undo_since_kick();
        }
        ASSERT_EQ(search.length(), kept) << where;
      }
    }
  }
}

TEST(SegmentInsertion, KicksReachHeldKarpsOptimumOnTinyInstances) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {8, 9, 11, 13, 14}) {
    for (int instance_round = 0; instance_round < 3; ++instance_round) {
      const TspInstance instance = random_tsp_instance(k, rng(), true, true);
      const double optimum = make_tsp_engine("held-karp")->run(instance, TspOptions{}, {}).length;
      TspOptions options;
      options.seed = rng();
      options.threads = 2;
      options.time_limit_seconds = 5;
      const TspResult result = make_tsp_engine("2opt")->run(instance, options, {});
      EXPECT_EQ(result.length, optimum) << "k " << k << " seed " << seed;
    }
  }
}

TEST(SegmentInsertion, KicksNeverEndAboveATwoOptLocalOptimum) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {23, 57, 120, 199}) {
    const TspInstance instance = random_tsp_instance(k, rng(), true, true);
    const double two_opt = cyclic_length(instance, two_opt_descent(instance, tsp_detail::nearest_neighbour_tour(instance, 0)));
    TspOptions options;
    options.seed = rng();
    options.threads = 2;
    options.time_limit_seconds = 2;
    const TspResult result = make_tsp_engine("2opt")->run(instance, options, {});
    ASSERT_TRUE(is_permutation_of_k(result.tour, k));
    EXPECT_LE(result.length, two_opt) << "k " << k << " seed " << seed;
  }
}

}  // namespace
}  // namespace pathscope
