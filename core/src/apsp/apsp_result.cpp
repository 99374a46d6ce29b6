#include <cmath>
#include <limits>

#include "pathscope/apsp/apsp.hpp"

namespace pathscope {

std::uint64_t apsp_result_bytes(std::int64_t n, DistType dist, bool next_hop) {
  const auto cells = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  return cells * dist_type_bytes(dist) + (next_hop ? cells * 4 : 0);
}

bool ApspResult::reachable(std::int32_t u, std::int32_t v) const {
  const auto i = static_cast<std::size_t>(u) * static_cast<std::size_t>(n) + static_cast<std::size_t>(v);
  switch (dist) {
    case DistType::Int32: return d32[i] != kUnreachableI32;
    case DistType::Int64: return d64[i] != kUnreachableI64;
    case DistType::Float32: return !std::isinf(df[i]) || df[i] < 0;
    case DistType::Hop16: return d16[i] != kUnreachableU16;
  }
  return false;
}

double ApspResult::distance(std::int32_t u, std::int32_t v) const {
  if (!reachable(u, v)) return std::numeric_limits<double>::infinity();
  const auto i = static_cast<std::size_t>(u) * static_cast<std::size_t>(n) + static_cast<std::size_t>(v);
  switch (dist) {
    case DistType::Int32: return d32[i];
    case DistType::Int64: return static_cast<double>(d64[i]);
    case DistType::Float32: return df[i];
    case DistType::Hop16: return d16[i];
  }
  return 0;
}

}  // namespace pathscope
