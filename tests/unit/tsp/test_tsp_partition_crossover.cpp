// Partition crossover (core/src/tsp/partition_crossover.hpp) against a reference built apart
// from it: a tour changed in several separate windows (a reversal or a double bridge inside
// each) merges back into the first tour with exactly the windows that shorten it, whose gains
// are measured one window at a time on whole tours; and two unrelated tours always merge into
// a whole tour of their arcs, never longer than either.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <random>
#include <utility>

#include "../../core/src/tsp/local_search.hpp"
#include "../../core/src/tsp/partition_crossover.hpp"
#include "fresh_seed.hpp"
#include "tsp_reference.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {
namespace {

using tsp_test::random_tour;

std::set<std::pair<std::int32_t, std::int32_t>> arcs_of(const std::vector<std::int32_t>& tour) {
  std::set<std::pair<std::int32_t, std::int32_t>> out;
  for (std::size_t i = 0; i < tour.size(); ++i) {
    const auto u = tour[i], v = tour[(i + 1) % tour.size()];
    out.emplace(std::min(u, v), std::max(u, v));
  }
  return out;
}

// A whole tour of the instance whose every arc is one of a's or b's.
void expect_whole_tour_of_their_arcs(const TspInstance& instance, const std::vector<std::int32_t>& merged,
                                     const std::vector<std::int32_t>& a, const std::vector<std::int32_t>& b) {
  ASSERT_EQ(static_cast<std::int32_t>(merged.size()), instance.k);
  auto sorted = merged;
  std::sort(sorted.begin(), sorted.end());
  for (std::int32_t i = 0; i < instance.k; ++i) ASSERT_EQ(sorted[i], i);
  const auto from_a = arcs_of(a), from_b = arcs_of(b);
  for (const auto& arc : arcs_of(merged)) EXPECT_TRUE(from_a.count(arc) || from_b.count(arc)) << arc.first << "-" << arc.second;
}

// The stops at positions [start, start + length) of `tour` rearranged inside, the two ends kept:
// the inner ones reversed, or cut into three blocks put back in the opposite order.
void change_window(std::vector<std::int32_t>& tour, std::int32_t start, std::int32_t length, bool bridge,
                   std::mt19937_64& rng) {
  const auto first = tour.begin() + start + 1, last = tour.begin() + start + length - 1;
  if (!bridge) {
    std::reverse(first, last);
    return;
  }
  const std::int32_t inner = length - 2;
  const std::int32_t cut1 = 1 + static_cast<std::int32_t>(rng() % (inner - 2));
  const std::int32_t cut2 = cut1 + 1 + static_cast<std::int32_t>(rng() % (inner - cut1 - 1));
  // B C D -> D C B
  std::vector<std::int32_t> blocks(first, last);
  std::vector<std::int32_t> reordered(blocks.begin() + cut2, blocks.end());
  reordered.insert(reordered.end(), blocks.begin() + cut1, blocks.begin() + cut2);
  reordered.insert(reordered.end(), blocks.begin(), blocks.begin() + cut1);
  std::copy(reordered.begin(), reordered.end(), first);
}

TEST(PartitionCrossover, TakesExactlyTheWindowsThatShortenTheTour) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {9, 40, 101, 1009}) {
    for (const bool integer_costs : {true, false}) {
      const TspInstance instance = random_tsp_instance(k, rng(), true, integer_costs);
      const double epsilon = tsp_detail::improvement_epsilon(instance);
      for (int round = 0; round < 20; ++round) {
        const auto a = random_tour(k, rng);
        const double length_a = tour_length(instance, a);
        // Windows of 5..24 stops and at most about a quarter of the tour (so that the tour
        // outside one is longer than any gap inside it), one stop between neighbours at least,
        // none across the array's end.
        auto b = a;
        double expected = length_a;
        int windows = 0;
        const std::int32_t longest = std::clamp(k / 4, 5, 24);
        for (std::int32_t start = static_cast<std::int32_t>(rng() % 3);;) {
          const std::int32_t length = 5 + static_cast<std::int32_t>(rng() % (longest - 4));
          if (start + length > k) break;
          const bool bridge = rng() % 2 == 0;
          auto alone = a;
          std::mt19937_64 cuts(rng());
          auto same_cuts = cuts;
          change_window(alone, start, length, bridge, cuts);
          change_window(b, start, length, bridge, same_cuts);
          expected += std::min(0.0, tour_length(instance, alone) - length_a);
          ++windows;
          start += length + 1 + static_cast<std::int32_t>(rng() % 30);
        }
        // b from a random place and either way round: the merge must not depend on where arrays start.
        std::rotate(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(rng() % k), b.end());
        if (rng() % 2) std::reverse(b.begin(), b.end());
        const auto merged = tsp_detail::partition_crossover(instance, a, b, epsilon);
        expect_whole_tour_of_their_arcs(instance, merged, a, b);
        EXPECT_NEAR(tour_length(instance, merged), expected, windows * epsilon + 1e-9 * length_a)
            << "k " << k << " windows " << windows << " round " << round << " seed " << seed;
      }
    }
  }
}

TEST(PartitionCrossover, UnrelatedToursGiveAWholeTourNoLongerThanEither) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  for (const std::int32_t k : {4, 5, 7, 50, 333}) {
    const TspInstance instance = random_tsp_instance(k, rng(), true, false);
    const double epsilon = tsp_detail::improvement_epsilon(instance);
    for (int round = 0; round < 50; ++round) {
      const auto a = random_tour(k, rng), b = random_tour(k, rng);
      const auto merged = tsp_detail::partition_crossover(instance, a, b, epsilon);
      expect_whole_tour_of_their_arcs(instance, merged, a, b);
      EXPECT_LE(tour_length(instance, merged),
                std::min(tour_length(instance, a), tour_length(instance, b)) + 1e-9 * tour_length(instance, a))
          << "k " << k << " round " << round << " seed " << seed;
      EXPECT_EQ(tsp_detail::partition_crossover(instance, a, a, epsilon), a);
    }
  }
}

}  // namespace
}  // namespace pathscope
