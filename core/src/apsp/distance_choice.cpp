#include "pathscope/apsp/distance_choice.hpp"
#include "pathscope/apsp/single_source.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

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

namespace {

// Rows re-checked by an exact search when a cell sits exactly on 2^24; beyond this many the
// warning is given without them (a matrix with so many such cells is at the limit anyway).
constexpr std::size_t kMaxRowsRechecked = 64;

std::string rounding_sentence(const Graph& g, const std::string& why) {
  const DistanceChoice exact = choose_distance_type(g);
  return "float distances hold whole numbers exactly only up to " + std::to_string(kLargestExactFloat32Integer) +
         " (2^24), and " + why + ", so distances above 2^24 may be rounded" +
         (exact.exact ? std::string(": choose ") + dist_type_name(exact.type) + " distances for exact values"
                      : std::string());
}

}  // namespace

// The matrix holds rounded values, so they alone cannot tell a true 16,777,217 (stored as
// 2^24) from a true 2^24. Without negative arcs every engine's float arithmetic is monotone
// and each shortest path's prefixes cost no more than the path: a distance of at most 2^24 is
// computed exactly, and one above it comes out at least 2^24. So a cell above 2^24 was
// rounded or may have been, a cell below is exact, and a cell of exactly 2^24 is decided by an
// exact search (double) from its row. With negative arcs a running sum can pass 2^24 and come
// back below it, so only the bound on every path's cost can clear the matrix.
std::string float_rounding_warning(const Graph& g, const ApspResult& r) {
  if (r.dist != DistType::Float32 || !g.integer_weights) return {};
  constexpr double kLimit = static_cast<double>(kLargestExactFloat32Integer);
  if (g.has_negative_weights()) {
    if (detail::largest_path_cost(g) <= kLimit) return {};
    return rounding_sentence(g, "with negative arcs " + describe_largest_path_cost(g));
  }
  const std::size_t n = static_cast<std::size_t>(r.n);
  double largest = 0;
  std::vector<std::int32_t> rows_on_limit;
  for (std::size_t u = 0; u < n && r.df.size() == n * n; ++u) {
    bool on_limit = false;
    for (std::size_t v = 0; v < n; ++v) {
      const double d = std::fabs(static_cast<double>(r.df[u * n + v]));
      if (!std::isfinite(d)) continue;
      largest = std::max(largest, d);
      on_limit = on_limit || d == kLimit;
    }
    if (on_limit) rows_on_limit.push_back(static_cast<std::int32_t>(u));
  }
  if (largest > kLimit)
    return rounding_sentence(g, "the largest distance here is about " + detail::whole_number_text(largest));
  if (rows_on_limit.empty()) return {};
  if (rows_on_limit.size() > kMaxRowsRechecked)
    return rounding_sentence(g, std::to_string(rows_on_limit.size()) + " rows hold distances of exactly 2^24, where "
                                "larger ones are rounded to");
  for (const std::int32_t u : rows_on_limit) {
    const std::vector<double> exact = single_source_distances(g, u);
    for (std::size_t v = 0; v < n; ++v)
      if (static_cast<double>(r.df[u * n + v]) == kLimit && exact[v] != kLimit)
        return rounding_sentence(g, "the distance from " + g.label(u) + " to " +
                                        g.label(static_cast<std::int32_t>(v)) + " is " +
                                        detail::whole_number_text(exact[v]) + ", stored as 16777216");
  }
  return {};
}

}  // namespace pathscope
