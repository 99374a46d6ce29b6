#include "apsp/int32_range.hpp"

#include <algorithm>
#include <cmath>

#include "pathscope/apsp.hpp"

namespace pathscope {

namespace {
double largest_path_cost(const Graph& g) {
  return std::max(std::fabs(g.min_weight()), std::fabs(g.max_weight())) * std::max(0, g.n - 1);
}
}  // namespace

bool detail::int32_distances_fit(const Graph& g) {
  return g.integer_weights && largest_path_cost(g) <= static_cast<double>(detail::kInt32PathCostLimit);
}

void check_int32_distances(const Graph& g) {
  if (!g.integer_weights)
    throw Error("int32 distances need whole-number arc costs, and this graph has fractional ones: "
                "choose float distances");
  const double largest = std::max(std::fabs(g.min_weight()), std::fabs(g.max_weight()));
  const double bound = largest_path_cost(g);
  if (bound > static_cast<double>(detail::kInt32PathCostLimit))
    throw Error("int32 distances could overflow: the longest possible path costs up to " +
                std::to_string(static_cast<std::int64_t>(largest)) + " x " + std::to_string(g.n - 1) +
                " = " + std::to_string(static_cast<std::int64_t>(bound)) + ", above the limit " +
                std::to_string(detail::kInt32PathCostLimit) + ": choose float distances");
}

}  // namespace pathscope
