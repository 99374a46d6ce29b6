// The integer cut-off of a pair of scale classes against exact_rho at every attainable dot
// product, in both orders of the pair: sums of squares from real rows with ties (m = 2..51),
// cut-offs drawn at random and cut-offs placed exactly on attained coefficients.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/correlate/detail/class_cutoff.hpp"
#include "pathscope/correlate/detail/row_preparation.hpp"

namespace pathscope::correlate {
namespace {

// The sum of squared twice-centred mid-ranks of m random values from `levels` levels.
std::int64_t random_row_squares(std::mt19937_64& random, int m, int levels) {
  std::vector<double> x(m);
  for (double& v : x) v = static_cast<double>(random() % levels);
  std::vector<int> order, ranks(m);
  twice_centred_midranks(x.data(), m, order, ranks.data());
  std::int64_t squares = 0;
  for (int r : ranks) squares += std::int64_t{r} * r;
  return squares;
}

bool passes(std::int64_t dot, double first, double second, double cutoff) {
  return std::fabs(exact_rho(static_cast<double>(dot), first, second)) >= cutoff;
}

TEST(ClassPairCutoff, EqualsExactRhoAtEveryDotInBothOrders) {
  std::mt19937_64 random(test_support::fresh_seed());
  int ambiguous = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int m = 2 + static_cast<int>(random() % (kMostClassSamples - 1));
    const int levels = 2 + static_cast<int>(random() % 40);
    std::int64_t a = random_row_squares(random, m, levels), b = random_row_squares(random, m, levels);
    if (a == 0 || b == 0) continue;  // constant rows never reach an engine
    ASSERT_LE(std::max(a, b), kMostClassSquares);
    const auto most = static_cast<std::int64_t>(std::floor(std::sqrt(static_cast<double>(a) * b)));
    const double sa = scale_of_squares(a), sb = scale_of_squares(b);
    ASSERT_EQ(sa, 1 / std::sqrt(static_cast<double>(a)));
    // Half the cut-offs sit exactly on a coefficient some dot product attains.
    const double cutoff = trial % 2 ? std::uniform_real_distribution<double>(0.01, 1.0)(random)
                                    : exact_rho(static_cast<double>(1 + random() % most), sa, sb);
    SCOPED_TRACE("S " + std::to_string(a) + ", " + std::to_string(b) + " cut-off " + std::to_string(cutoff));
    const std::int32_t t = class_pair_cutoff(a, b, cutoff);
    if (t < 0) {
      ++ambiguous;
      bool differ = false;
      for (std::int64_t dot = 1; dot <= most; ++dot) differ |= passes(dot, sa, sb, cutoff) != passes(dot, sb, sa, cutoff);
      EXPECT_TRUE(differ);
      continue;
    }
    ASSERT_GE(t, 1);
    ASSERT_LE(t, most + 1);
    for (std::int64_t dot = 0; dot <= most; ++dot) {
      ASSERT_EQ(passes(dot, sa, sb, cutoff), dot >= t) << dot;
      ASSERT_EQ(passes(-dot, sb, sa, cutoff), dot >= t) << -dot;
    }
  }
  RecordProperty("ambiguous", ambiguous);
}

TEST(ClassPairCutoff, TableHoldsEveryPairInBothOrders) {
  std::mt19937_64 random(test_support::fresh_seed());
  std::vector<std::int64_t> squares;
  for (int k = 0; k < 37; ++k) squares.push_back(random_row_squares(random, 30, 2 + static_cast<int>(random() % 12)));
  const double cutoff = std::uniform_real_distribution<double>(0.1, 0.9)(random);
  const std::vector<std::int32_t> table = class_pair_cutoffs(squares, cutoff);
  ASSERT_EQ(table.size(), squares.size() * squares.size());
  for (std::size_t a = 0; a < squares.size(); ++a)
    for (std::size_t b = 0; b < squares.size(); ++b)
      ASSERT_EQ(table[a * squares.size() + b], class_pair_cutoff(squares[a], squares[b], cutoff)) << a << ", " << b;
}

TEST(ClassPairCutoff, NothingPassesBeyondTheLargestProduct) {
  EXPECT_EQ(class_pair_cutoff(8990, 8990, 1.0 + 1e-9), 8991);
  EXPECT_EQ(class_pair_cutoff(0, 8990, 0.5), 1);
}

}  // namespace
}  // namespace pathscope::correlate
