#pragma once
// When two path costs count as equal. Whole costs are exact in double, so they compare
// exactly; fractional ones (the 'inverse' cost rule) are sums rounded in different orders, so
// two equally short paths may differ in the last bits.
#include <algorithm>
#include <cmath>

#include "pathscope/graph/graph.hpp"

namespace pathscope::paths {

inline bool same_cost(const Graph& g, double a, double b) {
  if (g.integer_weights) return a == b;
  return std::fabs(a - b) <= 1e-12 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

}  // namespace pathscope::paths
