#include "pathscope/distance_choice.hpp"

#include <algorithm>
#include <cmath>

#include "apsp/integer_headroom.hpp"

namespace pathscope {

using detail::describe_largest_path_cost;

DistanceChoice choose_distance_type(const Graph& g) {
  DistanceChoice c;
  if (!g.integer_weights) {
    c.type = DistType::Float32;
    c.exact = false;
    c.reason = "fractional arc costs, which only float holds (rounded to float32)";
  } else if (detail::int32_distances_fit(g)) {
    c.type = DistType::Int32;
    c.reason = "whole-number costs, and " + describe_largest_path_cost(g) + ", within the int32 limit " +
               std::to_string(detail::kInt32PathCostLimit);
  } else if (detail::int64_distances_fit(g)) {
    c.type = DistType::Int64;
    c.reason = "whole-number costs, and " + describe_largest_path_cost(g) + ", above the int32 limit " +
               std::to_string(detail::kInt32PathCostLimit) + ": int64 keeps every distance exact";
  } else {
    c.type = DistType::Float32;
    c.exact = false;
    c.reason = "whole-number costs, but " + describe_largest_path_cost(g) + ", above even the int64 limit " +
               std::to_string(detail::kInt64PathCostLimit) + ": only float has the range (rounded to float32)";
  }
  return c;
}

std::string float_rounding_warning(const Graph& g, const ApspResult& r) {
  if (r.dist != DistType::Float32 || !g.integer_weights) return {};
  float largest = 0;
  for (const float d : r.df)
    if (!std::isinf(d)) largest = std::max(largest, std::fabs(d));
  if (largest <= static_cast<float>(kLargestExactFloat32Integer)) return {};
  const DistanceChoice exact = choose_distance_type(g);
  return "float distances hold whole numbers exactly only up to " + std::to_string(kLargestExactFloat32Integer) +
         " (2^24), and the largest distance here is about " + detail::whole_number_text(largest) +
         ", so distances above 2^24 may be rounded" +
         (exact.exact ? std::string(": choose ") + dist_type_name(exact.type) + " distances for exact values"
                      : std::string());
}

}  // namespace pathscope
