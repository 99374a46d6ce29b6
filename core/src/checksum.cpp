#include "pathscope/checksum.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace pathscope {
namespace {

// Every cell is mapped to one 64-bit canonical value before hashing, so the checksum depends
// on the distances alone: a whole distance is its int64 value whichever type holds it (int32,
// int64, hop16, or a float that is a whole number), and all unreachable values agree.
constexpr std::uint64_t kUnreachableCanonical = 0x7FF0DEADBEEF0000ull;

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 29);
}

std::uint64_t canonical_float(float f) {
  if (std::isinf(f) && f > 0) return kUnreachableCanonical;
  if (f == std::trunc(f) && std::fabs(f) < 0x1.0p63f) return static_cast<std::uint64_t>(static_cast<std::int64_t>(f));
  double d = f;  // fractional values: their exact bits
  std::uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return bits;
}

}  // namespace

std::uint64_t matrix_checksum(const ApspResult& r) {
  std::uint64_t h = mix(0x5EED, static_cast<std::uint64_t>(r.n));
  switch (r.dist) {
    case DistType::Int32:
      for (auto v : r.d32) h = mix(h, v == kUnreachableI32 ? kUnreachableCanonical : static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
      break;
    case DistType::Int64:
      for (auto v : r.d64) h = mix(h, v == kUnreachableI64 ? kUnreachableCanonical : static_cast<std::uint64_t>(v));
      break;
    case DistType::Float32:
      for (auto v : r.df) h = mix(h, canonical_float(v));
      break;
    case DistType::Hop16:
      for (auto v : r.d16) h = mix(h, v == kUnreachableU16 ? kUnreachableCanonical : static_cast<std::uint64_t>(v));
      break;
  }
  return h;
}

std::string checksum_hex(std::uint64_t c) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(c));
  return buf;
}

}  // namespace pathscope
