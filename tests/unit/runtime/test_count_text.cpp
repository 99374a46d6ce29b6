#include <gtest/gtest.h>

#include <random>
#include <string>

#include "fresh_seed.hpp"
#include "pathscope/runtime/count_text.hpp"

namespace {

using pathscope::count_noun;
using pathscope::count_text;

TEST(CountText, OneTakesTheSingular) {
  EXPECT_EQ(count_text(1, "hop"), "1 hop");
  EXPECT_EQ(count_text(1, "shortest path"), "1 shortest path");
  EXPECT_EQ(count_text(1, "match", "matches"), "1 match");
  EXPECT_EQ(count_noun(-1, "degree"), "degree");
}

TEST(CountText, ZeroAndManyTakeThePlural) {
  EXPECT_EQ(count_text(0, "hop"), "0 hops");
  EXPECT_EQ(count_text(2, "shortest path"), "2 shortest paths");
  EXPECT_EQ(count_text(3, "city", "cities"), "3 cities");
  EXPECT_EQ(count_text(-2, "degree"), "-2 degrees");
}

// Any count: the number as std::to_string writes it, then the noun, plural unless it is one.
TEST(CountText, FreshCountsAgreeWithTheRule) {
  std::mt19937_64 rng(test_support::fresh_seed());
  std::uniform_int_distribution<long long> count(-1000000, 1000000);
  for (int trial = 0; trial < 200; ++trial) {
    const long long n = trial < 3 ? trial : count(rng);
    const std::string expected = std::to_string(n) + (n == 1 || n == -1 ? " stop" : " stops");
    EXPECT_EQ(count_text(n, "stop"), expected) << n;
    EXPECT_EQ(count_noun(n, "stop"), expected.substr(expected.find(' ') + 1)) << n;
  }
}

}  // namespace
