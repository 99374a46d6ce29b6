#pragma once
// Distance types and their "unreachable" values, shared by every engine and writer.
#include <cstdint>
#include <limits>
#include <string>

namespace pathscope {

enum class DistType {
  Int32,    // exact integer costs; unreachable = kUnreachableI32
  Float32,  // fractional costs; unreachable = +inf
  Hop16,    // hop counts of unweighted graphs, 16 bits; unreachable = kUnreachableU16
  Int64,    // exact integer costs whose sums could overflow int32; unreachable = kUnreachableI64
};

inline constexpr std::int32_t kUnreachableI32 = std::numeric_limits<std::int32_t>::max();
inline constexpr std::int64_t kUnreachableI64 = std::numeric_limits<std::int64_t>::max();
inline constexpr float kUnreachableF32 = std::numeric_limits<float>::infinity();
inline constexpr std::uint16_t kUnreachableU16 = 0xFFFF;
// Hop16 holds hop counts up to this; a longer shortest path is reported as an overflow.
inline constexpr std::uint16_t kMaxHop16 = 0xFFFE;
// Float32 holds every whole number up to this one (2^24); above it, some are rounded.
inline constexpr std::int64_t kLargestExactFloat32Integer = std::int64_t{1} << 24;

// The unreachable value by C++ type, for code written once for every distance type.
template <class D> inline constexpr D kUnreachableOf = D{};
template <> inline constexpr std::int32_t kUnreachableOf<std::int32_t> = kUnreachableI32;
template <> inline constexpr std::int64_t kUnreachableOf<std::int64_t> = kUnreachableI64;
template <> inline constexpr float kUnreachableOf<float> = kUnreachableF32;
template <> inline constexpr std::uint16_t kUnreachableOf<std::uint16_t> = kUnreachableU16;

const char* dist_type_name(DistType t);          // "int32", "int64", "float", "hop16"
DistType parse_dist_type(const std::string& s);  // throws Error for other words
std::size_t dist_type_bytes(DistType t);

}  // namespace pathscope
