#pragma once
// Integer cut-offs of counting runs (the GPU's scale-class kernel, docs/correlation.md). A row
// of twice-centred mid-ranks has the scale 1/sqrt(S), S the sum of its squares, so two rows
// of sums S_a and S_b pass the cut-off exactly when |dot| reaches one integer: their class
// pair's cut-off. Rows sorted by S then need no float arithmetic per pair.
#include <cstdint>
#include <vector>

namespace pathscope::correlate {

// 1/sqrt(S), as the ranking computes a row's scale, so that the doubles compare equal.
double scale_of_squares(std::int64_t squares);

// The most values a row of a scale class holds, and the largest S of a class: m values without
// ties, m (m^2 - 1) / 3. Up to it, the square of every pair's dot product and of its cut-off
// stays below 2^31, the kernel's test (dot^2 < T^2) in 32-bit integers.
constexpr int kMostClassSamples = 51;
constexpr std::int64_t kMostClassSquares = std::int64_t{kMostClassSamples} * (kMostClassSamples * kMostClassSamples - 1) / 3;
static_assert((kMostClassSquares + 1) * (kMostClassSquares + 1) < (std::int64_t{1} << 31));

// The least |dot| >= 1 at which a pair of rows of sums `squares_a` and `squares_b` passes
// `cutoff` by exact_rho, taken in both orders of the pair (the first row's scale first, as
// the engines multiply); beyond every attainable |dot| (sqrt(S_a S_b)) when none passes.
// -1 when the two orders disagree on some dot product: such pairs are decided one by one.
std::int32_t class_pair_cutoff(std::int64_t squares_a, std::int64_t squares_b, double cutoff);

// class_pair_cutoff of every pair of the classes' sums, row-major (classes x classes; it is
// symmetric), on all cores.
std::vector<std::int32_t> class_pair_cutoffs(const std::vector<std::int64_t>& squares, double cutoff);

}  // namespace pathscope::correlate
