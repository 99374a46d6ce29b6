// A stretch of a tour as a problem of its own (core/src/tsp/tour_segment.hpp): any tour of it
// that keeps its pinned arc reads back as a path between the stretch's ends, as long as the
// tour less the pinned arc; Lin-Kernighan with kicks on a stretch, joined back, never lengthens
// the whole tour; and the iterated search that splits large instances gives whole tours far
// shorter than a nearest-neighbour tour.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "../../core/src/tsp/cpu_solvers.hpp"
#include "../../core/src/tsp/lin_kernighan.hpp"
#include "../../core/src/tsp/local_search.hpp"
#include "../../core/src/tsp/tour_segment.hpp"
#include "fresh_seed.hpp"
#include "tsp_reference.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {
namespace {

using tsp_test::random_tour;

double path_length(const TspInstance& instance, const std::vector<std::int32_t>& path) {
  double sum = 0;
  for (std::size_t i = 1; i < path.size(); ++i) sum += instance.at(path[i - 1], path[i]);
  return sum;
}

double cycle_length(const TspInstance& instance, const std::vector<std::int32_t>& tour) {
  return path_length(instance, tour) + instance.at(tour.back(), tour.front());
}

// A random stretch of `tour`: m cities from a random place, in tour order.
std::vector<std::int32_t> stretch_of(const std::vector<std::int32_t>& tour, std::int32_t m, std::mt19937_64& rng) {
  const auto k = static_cast<std::int32_t>(tour.size());
  const std::int32_t from = static_cast<std::int32_t>(rng() % k);
  std::vector<std::int32_t> cities;
  for (std::int32_t i = 0; i < m; ++i) cities.push_back(tour[(from + i) % k]);
  return cities;
}

TEST(TourSegment, AnyTourKeepingThePinnedArcIsAPathBetweenTheEnds) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (int round = 0; round < 60; ++round) {
    const std::int32_t k = 8 + static_cast<std::int32_t>(rng() % 150);
    const TspInstance instance = random_tsp_instance(k, rng(), true, round % 2 == 0);
    const auto neighbours = tsp_detail::nearest_neighbours(instance, 10, 1, [] { return false; });
    const std::int32_t m = 8 + static_cast<std::int32_t>(rng() % (k - 7));
    const auto cities = stretch_of(random_tour(k, rng), m, rng);
    const tsp_detail::TourSegment segment(instance, neighbours, cities);
    EXPECT_EQ(segment.path_of(segment.first_tour()), cities);
    // A tour of the stretch with 0 and m-1 adjacent, rotated and turned at random.
    std::vector<std::int32_t> middle(m - 2);
    std::iota(middle.begin(), middle.end(), 1);
    std::shuffle(middle.begin(), middle.end(), rng);
    std::vector<std::int32_t> tour{0};
    tour.insert(tour.end(), middle.begin(), middle.end());
    tour.push_back(m - 1);
    if (rng() % 2) std::reverse(tour.begin(), tour.end());
    std::rotate(tour.begin(), tour.begin() + static_cast<std::ptrdiff_t>(rng() % m), tour.end());
    const auto path = segment.path_of(tour);
    ASSERT_EQ(path.size(), cities.size());
    EXPECT_EQ(path.front(), cities.front());
    EXPECT_EQ(path.back(), cities.back());
    EXPECT_TRUE(std::is_permutation(path.begin(), path.end(), cities.begin())) << "seed " << seed;
    const TspInstance& sub = segment.instance();
    EXPECT_NEAR(path_length(instance, path), cycle_length(sub, tour) - sub.at(m - 1, 0), 1e-6 * (1 + path_length(instance, path)))
        << "seed " << seed;
    for (std::int32_t i = 0; i < m; ++i)
      for (const std::int32_t j : segment.neighbours()[i]) {
        EXPECT_TRUE(j >= 0 && j < m && j != i);
        EXPECT_FALSE((i == 0 && j == m - 1) || (i == m - 1 && j == 0));
      }
  }
}

TEST(TourSegment, KicksInsideAStretchNeverLengthenTheWholeTour) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const bool integer_costs : {true, false}) {
    const std::int32_t k = 300 + static_cast<std::int32_t>(rng() % 200);
    const TspInstance instance = random_tsp_instance(k, rng(), true, integer_costs);
    const auto neighbours = tsp_detail::nearest_neighbours(instance, 10, 1, [] { return false; });
    const double epsilon = tsp_detail::improvement_epsilon(instance);
    std::vector<std::int32_t> whole = random_tour(k, rng);
    for (int stretch = 0; stretch < 6; ++stretch) {
      const double before = cycle_length(instance, whole);
      const std::int32_t m = 8 + static_cast<std::int32_t>(rng() % (k - 7));
      const std::int32_t from = static_cast<std::int32_t>(rng() % k);
      std::rotate(whole.begin(), whole.begin() + from, whole.end());  // the stretch first
      const std::vector<std::int32_t> cities(whole.begin(), whole.begin() + m);
      const tsp_detail::TourSegment segment(instance, neighbours, cities);
      tsp_detail::LinKernighan part(segment.instance(), segment.neighbours(), epsilon);
      part.set_tour(segment.first_tour());
      part.run([] { return false; });
      for (int kick = 0; kick < 40; ++kick) {
        const double kept = part.length();
        part.kick(rng);
        part.run([] { return false; });
        if (part.length() <= kept) part.accept();
        else part.undo_since_kick();
      }
      const auto path = segment.path_of(part.tour());
      std::copy(path.begin(), path.end(), whole.begin());
      EXPECT_TRUE(std::is_permutation(path.begin(), path.end(), cities.begin()));
      EXPECT_LE(cycle_length(instance, whole), before + epsilon) << "seed " << seed << " stretch " << stretch;
    }
    auto sorted = whole;
    std::sort(sorted.begin(), sorted.end());
    for (std::int32_t i = 0; i < k; ++i) ASSERT_EQ(sorted[i], i);
  }
}

// 1,500 cities on 2 threads: stretches of 750, past the 700 from which the search splits.
TEST(TourSegment, TheSplittingSearchGivesShortWholeTours) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  const TspInstance instance = random_tsp_instance(1500, rng(), true, true);
  TspOptions options;
  options.seed = rng();
  options.threads = 2;
  options.time_limit_seconds = 4;
  const TspResult result = make_tsp_engine("2opt")->run(instance, options, {});
  check_tour(instance, result.tour);
  EXPECT_NEAR(result.length, tour_length(instance, result.tour), 1e-9 * result.length);
  const double nearest = tour_length(instance, tsp_detail::nearest_neighbour_tour(instance, 0));
  EXPECT_LT(result.length, 0.9 * nearest) << "seed " << seed;
}

}  // namespace
}  // namespace pathscope
