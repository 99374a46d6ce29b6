#include "pathscope/correlate/detail/class_cutoff.hpp"

#include <cmath>

#include "pathscope/correlate/detail/row_preparation.hpp"

namespace pathscope::correlate {
namespace {

// The least dot in [1, most + 1] with |exact_rho| >= cutoff: rho grows with dot (one rounded
// product of a positive factor per step), so a bisection finds it.
std::int64_t least_passing(std::int64_t most, double first_scale, double second_scale, double cutoff) {
  std::int64_t low = 1, high = most + 1;  // the answer lies in [low, high]
  while (low < high) {
    const std::int64_t mid = low + (high - low) / 2;
    if (std::fabs(exact_rho(static_cast<double>(mid), first_scale, second_scale)) >= cutoff)
      high = mid;
    else
      low = mid + 1;
  }
  return low;
}

}  // namespace

double scale_of_squares(std::int64_t squares) { return 1 / std::sqrt(static_cast<double>(squares)); }

std::int32_t class_pair_cutoff(std::int64_t squares_a, std::int64_t squares_b, double cutoff) {
  // Cauchy-Schwarz: |dot| <= sqrt(S_a S_b); a row of S = 0 has only zero products.
  const auto most = static_cast<std::int64_t>(std::floor(std::sqrt(static_cast<double>(squares_a) * squares_b)));
  if (squares_a == 0 || squares_b == 0) return 1;
  const double scale_a = scale_of_squares(squares_a), scale_b = scale_of_squares(squares_b);
  const std::int64_t forward = least_passing(most, scale_a, scale_b, cutoff);
  const std::int64_t backward = least_passing(most, scale_b, scale_a, cutoff);
  return forward == backward ? static_cast<std::int32_t>(forward) : -1;
}

std::vector<std::int32_t> class_pair_cutoffs(const std::vector<std::int64_t>& squares, double cutoff) {
  const auto classes = static_cast<std::int64_t>(squares.size());
  std::vector<std::int32_t> table(static_cast<std::size_t>(classes * classes));
#pragma omp parallel for schedule(dynamic, 8)
  for (std::int64_t a = 0; a < classes; ++a)
    for (std::int64_t b = a; b < classes; ++b)
      table[a * classes + b] = table[b * classes + a] = class_pair_cutoff(squares[a], squares[b], cutoff);
  return table;
}

}  // namespace pathscope::correlate
