#pragma once
// The int32 headroom rule shared by the engines that compute in int32.
#include <cstdint>

#include "pathscope/graph.hpp"

namespace pathscope::detail {

// A shortest path has at most n-1 arcs, so |distance| <= max|w| * (n-1). We accept a graph only
// when that bound is below 2^29: the blocked engine then keeps "unreachable" as 2^30 - 1 inside
// its vectorised loop, where inf + inf still fits int32 and inf plus the most negative path
// (>= 2^30 - 2^29) stays above every real distance, so no branch is needed per cell.
inline constexpr std::int64_t kInt32PathCostLimit = (std::int64_t{1} << 29) - 1;
inline constexpr std::int32_t kInt32WorkingInfinity = (std::int32_t{1} << 30) - 1;

// True when check_int32_distances would accept g: whole costs with the headroom above.
bool int32_distances_fit(const Graph& g);

}  // namespace pathscope::detail
