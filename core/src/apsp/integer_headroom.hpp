#pragma once
// The headroom rules of the engines that compute in int32 or int64: which graphs they accept,
// and the working "unreachable" value each keeps inside its loops.
#include <cstdint>
#include <string>

#include "pathscope/graph/graph.hpp"

namespace pathscope::detail {

// A shortest path has at most n-1 arcs, so |distance| <= max|w| * (n-1). We accept a graph only
// when that bound is below 2^29: the blocked engine then keeps "unreachable" as 2^30 - 1 inside
// its vectorised loop, where inf + inf still fits int32 and inf plus the most negative path
// (>= 2^30 - 2^29) stays above every real distance, so no branch is needed per cell.
inline constexpr std::int64_t kInt32PathCostLimit = (std::int64_t{1} << 29) - 1;
inline constexpr std::int32_t kInt32WorkingInfinity = (std::int32_t{1} << 30) - 1;
// The same rule one word wider: paths below 2^61, working infinity 2^62 - 1.
inline constexpr std::int64_t kInt64PathCostLimit = (std::int64_t{1} << 61) - 1;
inline constexpr std::int64_t kInt64WorkingInfinity = (std::int64_t{1} << 62) - 1;

// max|w| * (n-1), in double (rounding up never matters: the limits are powers of two less one).
double largest_path_cost(const Graph& g);

// "a path of N arcs of cost up to W costs at most B": the bound above, for messages.
std::string describe_largest_path_cost(const Graph& g);
// A whole number of any size written out in full ("%.0f"), for messages.
std::string whole_number_text(double x);

// True when check_int32_distances / check_int64_distances would accept g.
bool int32_distances_fit(const Graph& g);
bool int64_distances_fit(const Graph& g);

}  // namespace pathscope::detail
