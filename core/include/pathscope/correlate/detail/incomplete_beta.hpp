#pragma once
// The regularised incomplete beta function and the p-value of a correlation coefficient, as
// plain arithmetic that the host (student_t.cpp) and the GPU engine (p for its survivors)
// compile alike, so that both give the same p. Arguments are assumed valid; a fraction that
// does not converge gives NaN, which the host functions in correlate.hpp turn into an Error.
#include <cmath>

#include "pathscope/runtime/host_device.hpp"

namespace pathscope::detail {

// The continued fraction of I_x(a, b) (Numerical Recipes' betacf form, modified Lentz), which
// converges fast for x < (a+1)/(a+b+2); the caller uses the symmetry otherwise.
PATHSCOPE_HD double incomplete_beta_fraction(double x, double a, double b) {
  constexpr double tiny = 1e-300;
  constexpr double epsilon = 1e-16;
  const double qab = a + b, qap = a + 1, qam = a - 1;
  double c = 1;
  double d = 1 - qab * x / qap;
  if (::fabs(d) < tiny) d = tiny;
  d = 1 / d;
  double fraction = d;
  for (int m = 1; m <= 10000; ++m) {
    const double m2 = 2.0 * m;
    // Even step: d_{2m} = m(b-m)x / ((a+2m-1)(a+2m)).
    double coefficient = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + coefficient * d;
    if (::fabs(d) < tiny) d = tiny;
    c = 1 + coefficient / c;
    if (::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    fraction *= d * c;
    // Odd step: d_{2m+1} = -(a+m)(a+b+m)x / ((a+2m)(a+2m+1)).
    coefficient = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + coefficient * d;
    if (::fabs(d) < tiny) d = tiny;
    c = 1 + coefficient / c;
    if (::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double step = d * c;
    fraction *= step;
    if (::fabs(step - 1) < epsilon) return fraction;
  }
  return NAN;
}

// I_x(a, b) for x in [0, 1], a, b > 0.
PATHSCOPE_HD double incomplete_beta(double x, double a, double b) {
  if (x == 0 || x == 1) return x;
  const double log_front = ::lgamma(a + b) - ::lgamma(a) - ::lgamma(b) + a * ::log(x) + b * ::log1p(-x);
  const double front = ::exp(log_front);
  if (x < (a + 1) / (a + b + 2)) return front * incomplete_beta_fraction(x, a, b) / a;
  return 1 - front * incomplete_beta_fraction(1 - x, b, a) / b;
}

// The two-sided p of rho over `samples` >= 3 columns: t^2 = rho^2 df / (1 - rho^2), so
// df/(df+t^2) = 1 - rho^2 exactly, which avoids t overflow; |rho| = 1 gives 0.
PATHSCOPE_HD double correlation_p(double rho, double samples) {
  const double r = ::fabs(rho);
  if (r >= 1) return 0;
  return incomplete_beta(1 - r * r, (samples - 2) / 2, 0.5);
}

}  // namespace pathscope::detail
