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
};

inline constexpr std::int32_t kUnreachableI32 = std::numeric_limits<std::int32_t>::max();
inline constexpr float kUnreachableF32 = std::numeric_limits<float>::infinity();
inline constexpr std::uint16_t kUnreachableU16 = 0xFFFF;
// Hop16 holds hop counts up to this; a longer shortest path is reported as an overflow.
inline constexpr std::uint16_t kMaxHop16 = 0xFFFE;

const char* dist_type_name(DistType t);          // "int32", "float", "hop16"
DistType parse_dist_type(const std::string& s);  // throws Error for other words
std::size_t dist_type_bytes(DistType t);

}  // namespace pathscope
