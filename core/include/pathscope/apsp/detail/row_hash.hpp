#pragma once
// The steps of a distance row's hash (checksum.hpp), as plain arithmetic that the host
// (checksum.cpp) and the GPU (a job's rows, hashed where they are assembled) compile alike, so
// that both give the same checksum.
//
// Every cell is mapped to one 64-bit canonical value before hashing, so the checksum depends
// on the distances alone: a whole distance is its int64 value whichever type holds it (int32,
// int64, hop16, or a float that is a whole number), and all unreachable values agree. Cells
// go round-robin into kRowHashLanes independent chains (cell j into lane j mod 8): one chain is
// a dependency chain of a multiply and shifts per cell, and eight keep a core's units busy.
#include <cstdint>
#include <cstring>

#include "pathscope/graph/distance.hpp"
#include "pathscope/runtime/host_device.hpp"

namespace pathscope::detail {

inline constexpr std::uint64_t kUnreachableCanonical = 0x7FF0DEADBEEF0000ull;
inline constexpr int kRowHashLanes = 8;

PATHSCOPE_HD std::uint64_t row_hash_mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 29);
}

// Lane `lane`'s start for row `row`.
PATHSCOPE_HD std::uint64_t row_hash_seed(int lane, std::int64_t row) {
  return row_hash_mix(0x5EED0000ull + static_cast<std::uint64_t>(lane), static_cast<std::uint64_t>(row));
}

PATHSCOPE_HD std::uint64_t canonical_cell(std::int32_t v) {
  return v == kUnreachableI32 ? kUnreachableCanonical : static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
}
PATHSCOPE_HD std::uint64_t canonical_cell(std::int64_t v) {
  return v == kUnreachableI64 ? kUnreachableCanonical : static_cast<std::uint64_t>(v);
}
PATHSCOPE_HD std::uint64_t canonical_cell(std::uint16_t v) {
  return v == kUnreachableU16 ? kUnreachableCanonical : static_cast<std::uint64_t>(v);
}
// +inf is unreachable; a whole number below 2^63 in size is its int64; any other value
// (fractions, -inf, NaN) the bits of the same value as a double. Decided on the bits, so the
// host and the GPU agree without either's math library.
PATHSCOPE_HD std::uint64_t canonical_cell(float f) {
  std::uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  if (bits == 0x7F800000u) return kUnreachableCanonical;
  if ((bits & 0x7FFFFFFFu) == 0) return 0;
  const int exponent = static_cast<int>((bits >> 23) & 0xFFu) - 127;
  const bool whole = exponent >= 23 ? exponent < 128 : exponent >= 0 && (bits & ((1u << (23 - exponent)) - 1)) == 0;
  if (whole && exponent < 63) return static_cast<std::uint64_t>(static_cast<std::int64_t>(f));
  const double d = f;
  std::uint64_t wide;
  std::memcpy(&wide, &d, sizeof wide);
  return wide;
}

// The row's hash from its lanes' ends.
PATHSCOPE_HD std::uint64_t row_hash_combine(const std::uint64_t* lanes) {
  std::uint64_t h = lanes[0];
  for (int k = 1; k < kRowHashLanes; ++k) h = row_hash_mix(h, lanes[k]);
  return h;
}

}  // namespace pathscope::detail
