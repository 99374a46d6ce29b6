#include "pathscope/correlate/detail/integer_cutoff.hpp"

#include <cmath>

#include "pathscope/correlate/detail/row_preparation.hpp"

namespace pathscope::correlate {
namespace {

// Twice-centred ranks of m values without ties are -(m - 1), -(m - 3), ..., m - 1.
std::int64_t tie_free_squares(std::int64_t m) { return m * (m * m - 1) / 3; }

}  // namespace

double tie_free_scale(std::int32_t samples) { return 1.0 / std::sqrt(static_cast<double>(tie_free_squares(samples))); }

std::int32_t integer_cutoff(std::int32_t samples, double cutoff) {
  const std::int64_t squares = tie_free_squares(samples);
  if (samples < 2 || !(cutoff > 0) || 2 * squares + 1 > 32767) return 0;
  const double scale = tie_free_scale(samples);
  for (std::int64_t dot = 1; dot <= squares; ++dot)
    if (std::fabs(exact_rho(static_cast<double>(dot), scale, scale)) >= cutoff) return static_cast<std::int32_t>(dot);
  return static_cast<std::int32_t>(squares + 1);
}

}  // namespace pathscope::correlate
