// p-values and the |rho| cut-off against numerical integration of Student's t density and
// against printed t and r tables.
#include <gtest/gtest.h>

#include <cmath>

#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// 2 * integral of the t density from |t| to infinity, with t = |t0|/u mapping it onto (0, 1],
// by composite Simpson in long double.
long double integrated_two_sided_p(long double t0, long double df) {
  t0 = std::fabs(t0);
  const long double norm = std::exp(std::lgamma((df + 1) / 2) - std::lgamma(df / 2)) / std::sqrt(df * M_PIl);
  auto integrand = [&](long double u) -> long double {
    if (u == 0) {
      // f(t0/u) t0/u^2 -> norm * df^((df+1)/2) * t0^(-df) * u^(df-1); nonzero only for df = 1.
      return df == 1 ? norm * std::pow(df, (df + 1) / 2) / t0 : 0.0L;
    }
    const long double t = t0 / u;
    return norm * std::pow(1 + t * t / df, -(df + 1) / 2) * t0 / (u * u);
  };
  const int intervals = 20000;
  const long double h = 1.0L / intervals;
  long double sum = integrand(0) + integrand(1);
  for (int k = 1; k < intervals; ++k) sum += integrand(k * h) * (k % 2 ? 4 : 2);
  return 2 * sum * h / 3;
}

TEST(CorrelationStatistics, PValueMatchesIntegratedDensity) {
  SplitMix64 rng(2024);
  for (int trial = 0; trial < 300; ++trial) {
    const std::int64_t m = 3 + rng.below(200);
    const double rho = (rng.unit() * 2 - 1) * (trial % 3 == 0 ? 0.2 : 0.999);
    const long double df = m - 2;
    const long double t = rho * std::sqrt(df / (1 - static_cast<long double>(rho) * rho));
    const long double expected = t == 0 ? 1.0L : integrated_two_sided_p(t, df);
    const double p = correlation_p_value(rho, m);
    EXPECT_NEAR(p, static_cast<double>(expected), 1e-7 * static_cast<double>(expected) + 1e-13)
        << "rho " << rho << " m " << m;
    EXPECT_NEAR(student_t_two_sided_p(static_cast<double>(t), static_cast<double>(df)), p, 1e-12 + 1e-9 * p);
  }
}

TEST(CorrelationStatistics, PrintedTTable) {
  // Two-sided critical values of Student's t (any statistics textbook's table).
  EXPECT_NEAR(student_t_two_sided_p(12.706, 1), 0.05, 1e-4);
  EXPECT_NEAR(student_t_two_sided_p(63.657, 1), 0.01, 1e-5);
  EXPECT_NEAR(student_t_two_sided_p(2.228, 10), 0.05, 1e-4);
  EXPECT_NEAR(student_t_two_sided_p(4.032, 5), 0.01, 1e-5);
  EXPECT_NEAR(student_t_two_sided_p(2.042, 30), 0.05, 1e-4);
  EXPECT_NEAR(student_t_two_sided_p(3.646, 30), 0.001, 1e-5);
  EXPECT_EQ(correlation_p_value(1.0, 30), 0.0);
  EXPECT_EQ(correlation_p_value(-1.0, 5), 0.0);
  EXPECT_NEAR(correlation_p_value(0.0, 30), 1.0, 1e-15);
  EXPECT_THROW(correlation_p_value(0.5, 2), Error);
}

TEST(CorrelationStatistics, CutoffIsTheSmallestSurvivingRho) {
  // Printed critical values of Pearson's r, two-sided 0.05: df 10 -> 0.576, df 28 -> 0.361.
  EXPECT_NEAR(rho_cutoff_for_p(0.05, 12), 0.576, 5e-4);
  EXPECT_NEAR(rho_cutoff_for_p(0.05, 30), 0.361, 5e-4);
  SplitMix64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const std::int64_t m = 3 + rng.below(300);
    const double max_p = std::pow(10.0, -12 * rng.unit());
    const double cut = rho_cutoff_for_p(max_p, m);
    EXPECT_LE(correlation_p_value(cut, m), max_p);
    EXPECT_GT(correlation_p_value(cut - 1e-12, m), max_p) << "m " << m << " p " << max_p;
  }
  EXPECT_EQ(combined_rho_cutoff(std::nullopt, std::nullopt, 30), 0.0);
  EXPECT_EQ(combined_rho_cutoff(std::nullopt, 0.9, 30), 0.9);
  EXPECT_EQ(combined_rho_cutoff(0.05, 0.1, 30), rho_cutoff_for_p(0.05, 30));
  EXPECT_EQ(combined_rho_cutoff(0.05, 0.95, 30), 0.95);
  EXPECT_THROW(combined_rho_cutoff(1.5, std::nullopt, 30), Error);
  EXPECT_THROW(combined_rho_cutoff(std::nullopt, -0.1, 30), Error);
}

TEST(CorrelationStatistics, IncompleteBetaSymmetryAndEnds) {
  SplitMix64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const double a = 0.1 + 50 * rng.unit(), b = 0.1 + 50 * rng.unit(), x = rng.unit();
    EXPECT_NEAR(regularized_incomplete_beta(x, a, b) + regularized_incomplete_beta(1 - x, b, a), 1.0, 1e-12);
  }
  // I_x(1, 1) = x and I_x(a, 1) = x^a in closed form.
  EXPECT_NEAR(regularized_incomplete_beta(0.3, 1, 1), 0.3, 1e-15);
  EXPECT_NEAR(regularized_incomplete_beta(0.3, 4, 1), std::pow(0.3, 4), 1e-15);
  EXPECT_EQ(regularized_incomplete_beta(0, 2, 3), 0.0);
  EXPECT_EQ(regularized_incomplete_beta(1, 2, 3), 1.0);
}

}  // namespace
}  // namespace pathscope
