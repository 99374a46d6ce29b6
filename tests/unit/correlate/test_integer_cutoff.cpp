// The integer cut-off the GPU's counting runs use between rows without ties, against the CPU
// engine's own decision (exact_rho of the dot product and the two scales) for every dot
// product a pair of m values can have, and the packed two-pair step against |dot| < T.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/correlate/detail/integer_cutoff.hpp"
#include "pathscope/correlate/detail/row_preparation.hpp"

namespace pathscope::correlate {
namespace {

// The sum of squares of twice-centred ranks of m distinct values, counted from the ranks.
std::int64_t squares_from_ranks(int m) {
  std::int64_t sum = 0;
  for (int rank = 0; rank < m; ++rank) sum += static_cast<std::int64_t>(2 * rank - (m - 1)) * (2 * rank - (m - 1));
  return sum;
}

bool cpu_keeps(std::int64_t dot, double scale, double cutoff) {
  return std::fabs(exact_rho(static_cast<double>(dot), scale, scale)) >= cutoff;
}

TEST(IntegerCutoff, EqualsTheCpuDecisionForEveryDotProduct) {
  std::mt19937_64 random(test_support::fresh_seed());
  for (int m = 2; m <= 36; ++m) {
    const std::int64_t squares = squares_from_ranks(m);
    const double scale = tie_free_scale(m);
    ASSERT_EQ(scale, 1.0 / std::sqrt(static_cast<double>(squares))) << m;
    std::vector<double> cutoffs = {survival_cutoff(std::uniform_real_distribution<double>(0.01, 0.99)(random)),
                                   survival_cutoff(1.0), 1e-9};
    // Coefficients that pairs attain exactly (dot / S), where the allowance of 1e-12 decides.
    for (int k = 0; k < 3; ++k)
      cutoffs.push_back(survival_cutoff(static_cast<double>(1 + random() % squares) / squares));
    if (m >= 3) cutoffs.push_back(survival_cutoff(rho_cutoff_for_p(0.05, m)));
    for (double cutoff : cutoffs) {
      SCOPED_TRACE("m " + std::to_string(m) + " cut-off " + std::to_string(cutoff));
      const std::int32_t threshold = integer_cutoff(m, cutoff);
      ASSERT_GT(threshold, 0);
      ASSERT_LE(threshold, squares + 1);
      for (std::int64_t dot = -squares; dot <= squares; ++dot)
        ASSERT_EQ(std::abs(dot) >= threshold, cpu_keeps(dot, scale, cutoff)) << dot;
    }
  }
}

TEST(IntegerCutoff, AppliesOnlyWhereTheHalvesHoldEveryProduct) {
  EXPECT_EQ(integer_cutoff(1, 0.5), 0);
  EXPECT_EQ(integer_cutoff(30, 0.0), 0);
  EXPECT_GT(integer_cutoff(36, 0.5), 0);
  EXPECT_EQ(integer_cutoff(37, 0.5), 0);  // S = 16,872: dot + 32768 - T could pass 65535
  EXPECT_EQ(integer_cutoff(64, 0.5), 0);
}

// The kernel's arithmetic on two pairs' products, each started at integer_cutoff_start as the
// tensor cores start them: bit 0 and bit 16 flag the pairs below the cut-off, for every dot
// product of the first pair beside random ones of the second, at awkward thresholds.
TEST(IntegerCutoff, PackedPairsFlagExactlyThoseBelowTheThreshold) {
  std::mt19937_64 random(test_support::fresh_seed());
  for (int m : {2, 3, 7, 30, 35, 36}) {
    const std::int64_t squares = squares_from_ranks(m);
    std::vector<std::int32_t> thresholds = {1, 2, static_cast<std::int32_t>(squares),
                                            static_cast<std::int32_t>(squares + 1)};
    for (int k = 0; k < 4; ++k) thresholds.push_back(static_cast<std::int32_t>(1 + random() % squares));
    for (std::int32_t threshold : thresholds) {
      const std::int32_t start = integer_cutoff_start(threshold);
      const std::uint32_t step = integer_cutoff_step(threshold);
      std::uniform_int_distribution<std::int64_t> any_dot(-squares, squares);
      for (std::int64_t dot = -squares; dot <= squares; ++dot) {
        const std::int64_t other = any_dot(random);
        const std::uint32_t flags = below_cutoff_pair(static_cast<std::int32_t>(dot + start),
                                                      static_cast<std::int32_t>(other + start), step);
        ASSERT_EQ(flags & ~0x10001u, 0u) << m << " " << threshold << " " << dot;
        ASSERT_EQ((flags & 1u) != 0, std::abs(dot) < threshold) << m << " " << threshold << " " << dot;
        ASSERT_EQ((flags >> 16) != 0, std::abs(other) < threshold) << m << " " << threshold << " " << other;
      }
    }
  }
}

}  // namespace
}  // namespace pathscope::correlate
