// The canonical value of a float cell, decided on its bits so that the GPU computes it as the
// host does (detail/row_hash.hpp), against the rule written with the C library: +inf is
// unreachable, a whole number below 2^63 in size is its int64, anything else the bits of the
// same value as a double. Every special value, and random floats of every exponent.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "fresh_seed.hpp"
#include "pathscope/apsp/detail/row_hash.hpp"

namespace {

std::uint64_t canonical_by_library(float f) {
  if (std::isinf(f) && f > 0) return pathscope::detail::kUnreachableCanonical;
  if (f == std::trunc(f) && std::fabs(f) < 0x1.0p63f) return static_cast<std::uint64_t>(static_cast<std::int64_t>(f));
  const double d = f;
  std::uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return bits;
}

float from_bits(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

TEST(RowHash, FloatCanonicalValueFollowsTheRule) {
  using limits = std::numeric_limits<float>;
  const float specials[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 1.5f, 8388607.5f, 8388608.0f, 16777217.0f,
                            0x1.0p62f, -0x1.0p62f, 0x1.0p63f, -0x1.0p63f, 0x1.fffffep62f, limits::max(),
                            limits::lowest(), limits::min(), limits::denorm_min(), -limits::denorm_min(),
                            limits::infinity(), -limits::infinity(), limits::quiet_NaN(), 3.0e9f, -123456.0f};
  for (const float f : specials) EXPECT_EQ(pathscope::detail::canonical_cell(f), canonical_by_library(f)) << f;
  std::mt19937 random(static_cast<std::uint32_t>(test_support::fresh_seed()));
  for (int i = 0; i < 200000; ++i) {
    const float f = from_bits(random());
    if (std::isnan(f)) continue;  // NaN payloads: both give the double's bits, compared above for one
    ASSERT_EQ(pathscope::detail::canonical_cell(f), canonical_by_library(f)) << f;
  }
  // Whole numbers of every size up to 2^24 exactly, and their halves.
  for (int i = 0; i < 100000; ++i) {
    const float whole = static_cast<float>(static_cast<std::int32_t>(random() % (1u << 25)) - (1 << 24));
    ASSERT_EQ(pathscope::detail::canonical_cell(whole), canonical_by_library(whole)) << whole;
    ASSERT_EQ(pathscope::detail::canonical_cell(whole + 0.5f), canonical_by_library(whole + 0.5f)) << whole + 0.5f;
  }
}

}  // namespace
