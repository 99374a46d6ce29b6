#include <algorithm>
#include <cmath>
#include <limits>

#include "io/readers.hpp"

namespace pathscope::io {

// The same rule as GraphBuilder's, applied again after a reader changes weights or nodes.
void mark_weight_kinds(Graph& g) {
  constexpr double kInt32Max = std::numeric_limits<std::int32_t>::max();
  g.integer_weights = std::all_of(g.weights.begin(), g.weights.end(), [&](double w) {
    return std::isfinite(w) && w == std::floor(w) && std::fabs(w) < kInt32Max;
  });
  g.unit_weights = std::all_of(g.weights.begin(), g.weights.end(), [](double w) { return w == 1.0; });
}

}  // namespace pathscope::io
