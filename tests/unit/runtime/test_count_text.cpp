#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>
#include <vector>

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

namespace {

// Reference: the number split into thousands by division, each group zero-padded but the first.
std::string grouped_by_division(long long value) {
  const bool negative = value < 0;
  unsigned long long rest = negative ? 0ULL - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
  std::vector<unsigned> groups;
  do {
    groups.push_back(static_cast<unsigned>(rest % 1000));
    rest /= 1000;
  } while (rest != 0);
  std::string out = negative ? "-" : "";
  out += std::to_string(groups.back());
  for (std::size_t i = groups.size() - 1; i-- > 0;) {
    const std::string part = std::to_string(groups[i]);
    out += "," + std::string(3 - part.size(), '0') + part;
  }
  return out;
}

TEST(GroupedNumber, AgreesWithDivisionIntoThousands) {
  EXPECT_EQ(pathscope::grouped_number(2952), "2,952");
  EXPECT_EQ(pathscope::grouped_number(999), "999");
  EXPECT_EQ(pathscope::grouped_number(-1000000), "-1,000,000");
  EXPECT_EQ(pathscope::grouped_count_text(1, "node"), "1 node");
  EXPECT_EQ(pathscope::grouped_count_text(139255, "neuron"), "139,255 neurons");
  EXPECT_EQ(pathscope::grouped_number(std::numeric_limits<long long>::min()), "-9,223,372,036,854,775,808");
  std::mt19937_64 rng(test_support::fresh_seed());
  for (int i = 0; i < 2000; ++i) {
    const long long value = static_cast<long long>(rng()) >> (rng() % 64);
    ASSERT_EQ(pathscope::grouped_number(value), grouped_by_division(value)) << value;
  }
}

}  // namespace
