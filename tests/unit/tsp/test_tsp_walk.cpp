// The index arithmetic shared by the CPU and GPU exhaustive searches and Held-Karp, checked
// against the standard library's own enumeration orders.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "pathscope/tsp/tsp.hpp"
#include "pathscope/tsp/tsp_walk.hpp"
#include "tsp_reference.hpp"

using namespace pathscope;
namespace walk = pathscope::tsp_walk;

TEST(TspWalk, FactorialNumberSystemIsLexicographicOrder) {
  for (int n = 1; n <= 8; ++n) {
    std::vector<int> expected(n);
    std::iota(expected.begin(), expected.end(), 3);  // any sorted elements, not 0..n-1
    const std::vector<int> elements = expected;
    std::uint64_t index = 0;
    do {
      std::vector<int> decoded(n);
      walk::decode_permutation(index, n, elements.data(), decoded.data());
      ASSERT_EQ(decoded, expected) << "n=" << n << " index=" << index;
      ++index;
    } while (std::next_permutation(expected.begin(), expected.end()));
    EXPECT_EQ(index, walk::factorial(n));
  }
}

TEST(TspWalk, LargeIndicesDecodeToPermutations) {
  std::mt19937_64 rng(tsp_test::fresh_seed());
  const int n = 19;  // 19! is close to 2^63: the 64-bit arithmetic must hold
  std::vector<int> elements(n);
  std::iota(elements.begin(), elements.end(), 1);
  for (int trial = 0; trial < 200; ++trial) {
    const std::uint64_t index = rng() % walk::factorial(n);
    std::vector<int> decoded(n);
    walk::decode_permutation(index, n, elements.data(), decoded.data());
    std::vector<int> sorted = decoded;
    std::sort(sorted.begin(), sorted.end());
    ASSERT_EQ(sorted, elements);
    // Rank it back by counting smaller unused elements (the definition of the digits).
    std::uint64_t rank = 0;
    for (int i = 0; i < n; ++i) {
      int smaller_later = 0;
      for (int j = i + 1; j < n; ++j) smaller_later += decoded[j] < decoded[i];
      rank += smaller_later * walk::factorial(n - 1 - i);
    }
    EXPECT_EQ(rank, index);
  }
}

TEST(TspWalk, TourSpaceVisitsEachTourOnceAndMirrorsOnce) {
  for (int k = 3; k <= 8; ++k)
    for (bool symmetric : {false, true}) {
      const auto space = walk::make_tour_space(k, symmetric);
      std::set<std::vector<int>> seen;
      for (std::uint64_t index = 0; index < space.tours; ++index) {
        std::vector<int> tour(k);
        walk::decode_tour(space, index, tour.data());
        ASSERT_EQ(tour[0], 0);
        ASSERT_TRUE(seen.insert(tour).second) << "tour index " << index << " repeats a tour";
      }
      std::uint64_t all_orders = walk::factorial(k - 1);
      if (space.mirror) {
        EXPECT_EQ(seen.size(), all_orders / 2) << "k=" << k;
        for (const auto& tour : seen) {  // no tour together with its mirror
          std::vector<int> mirror{0};
          mirror.insert(mirror.end(), tour.rbegin(), tour.rend() - 1);
          EXPECT_EQ(seen.count(mirror), 0u);
        }
      } else {
        EXPECT_EQ(seen.size(), all_orders) << "k=" << k;
      }
      EXPECT_EQ(space.units * space.suffix_factorial, space.tours);
    }
}

// The walk over any range of units finds the same (cost, index) as pricing every tour of
// that range from scratch: this is what each CPU task and each GPU thread does.
TEST(TspWalk, WalkOverRangesMatchesPricingEachTour) {
  std::mt19937_64 rng(tsp_test::fresh_seed());
  for (int k = 3; k <= 10; ++k)
    for (bool symmetric : {false, true}) {
      const auto instance = random_tsp_instance(k, rng(), symmetric, true);
      std::vector<std::int64_t> c(instance.cost.begin(), instance.cost.end());
      const auto space = walk::make_tour_space(k, instance.symmetric);
      for (int trial = 0; trial < 6; ++trial) {
        std::uint64_t a = rng() % (space.units + 1), b = rng() % (space.units + 1);
        if (a > b) std::swap(a, b);
        if (trial == 0) a = 0, b = space.units;
        walk::Best<std::int64_t> walked{std::numeric_limits<std::int64_t>::max(), 0};
        walk::search_units_any<std::int64_t>(c.data(), space, a, b, walked);
        walk::Best<std::int64_t> priced{std::numeric_limits<std::int64_t>::max(), 0};
        for (std::uint64_t index = a * space.suffix_factorial; index < b * space.suffix_factorial; ++index) {
          std::vector<int> tour(k);
          walk::decode_tour(space, index, tour.data());
          std::int64_t length = 0;
          for (int i = 0; i < k; ++i) length += c[tour[i] * k + tour[(i + 1) % k]];
          if (length < priced.cost) priced = {length, index};
        }
        SCOPED_TRACE(testing::Message() << "k=" << k << " symmetric=" << symmetric << " units " << a << ".." << b);
        EXPECT_EQ(walked.cost, priced.cost);
        if (a < b) {
          EXPECT_EQ(walked.index, priced.index);
        }
      }
    }
}

TEST(TspWalk, SubsetUnrankingIsColexOrderOfGospersHack) {
  std::vector<std::uint64_t> binomials(walk::kBinomialEntries);
  walk::fill_binomials(binomials.data());
  for (int m = 1; m <= 14; ++m)
    for (int size = 1; size <= m; ++size) {
      // Gosper's hack steps through the masks with `size` bits in increasing order = colex.
      std::uint32_t mask = (1u << size) - 1;
      std::uint64_t rank = 0;
      while (mask < (1u << m)) {
        ASSERT_EQ(walk::unrank_subset(rank, size, m, binomials.data()), mask) << "m=" << m << " size=" << size;
        ++rank;
        const std::uint32_t low = mask & (~mask + 1), ripple = mask + low;
        mask = (((ripple ^ mask) >> 2) / low) | ripple;
      }
      EXPECT_EQ(rank, walk::binomial(m, size));
    }
}
