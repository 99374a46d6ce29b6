#pragma once
// The integer cut-off of counting runs between two rows without ties (the GPU's fused kernel,
// docs/correlation.md). Both rows then have the scale s of m values without ties, so
// rho = exact_rho(dot, s, s) is a function of dot alone, monotone in |dot|: |rho| >= cut-off
// is |dot| >= T for one integer T. With |dot| <= S = m (m^2 - 1) / 3 and m <= 36, two pairs'
// products share a 32-bit word as 16-bit halves, each decided by the same three steps.
#include <cstdint>

#include "pathscope/runtime/host_device.hpp"

namespace pathscope::correlate {

// 1 / sqrt(m (m^2 - 1) / 3): the scale of a row of m values without ties, written as the
// ranking computes it, so that the doubles compare equal.
double tie_free_scale(std::int32_t samples);

// The least dot product between two rows of the tie-free scale that passes `cutoff` by
// exact_rho (S + 1 if none does), or 0 where the test does not apply: m < 2, a cut-off of 0
// or less, or m > 36, where dot - T no longer fits 16 bits.
std::int32_t integer_cutoff(std::int32_t samples, double cutoff);

// Products start at this instead of 0, so each lies in [0, 65535]: 32768 - T - S >= 0.
PATHSCOPE_HD std::int32_t integer_cutoff_start(std::int32_t threshold) { return 32768 - threshold; }

// 2T - 1 in both halves of a word.
PATHSCOPE_HD std::uint32_t integer_cutoff_step(std::int32_t threshold) {
  return (2u * static_cast<std::uint32_t>(threshold) - 1u) * 0x10001u;
}

// Two pairs' products, each started at integer_cutoff_start: bit 0 of the result is set when
// the first pair is below the cut-off, bit 16 when the second is. A product b = dot + 32768 - T
// has bit 15 clear exactly when dot < T, and b + 2T - 1 has it set exactly when dot > -T;
// neither half carries into the other (b + 2T - 1 <= 32767 + S + T < 65536).
PATHSCOPE_HD std::uint32_t below_cutoff_pair(std::int32_t first, std::int32_t second, std::uint32_t step) {
  const std::uint32_t packed = static_cast<std::uint32_t>(first) + (static_cast<std::uint32_t>(second) << 16);
  return (~packed & (packed + step) & 0x80008000u) >> 15;
}

}  // namespace pathscope::correlate
