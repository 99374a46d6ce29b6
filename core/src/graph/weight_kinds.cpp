#include <algorithm>
#include <cmath>
#include <limits>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// GraphBuilder calls this, readers again after they change weights or nodes, and a filtered
// graph for its kept arcs.
// "Integer" means whole numbers that double holds exactly (up to 2^53), whatever their size:
// whether sums of them fit int32 or int64 depends on n as well (apsp.hpp, distance_choice.hpp).
void mark_weight_kinds(Graph& g) {
  constexpr double kLargestExactInDouble = 0x1.0p53;
  g.integer_weights = std::all_of(g.weights.begin(), g.weights.end(), [&](double w) {
    return std::isfinite(w) && w == std::floor(w) && std::fabs(w) <= kLargestExactInDouble;
  });
  g.unit_weights = std::all_of(g.weights.begin(), g.weights.end(), [](double w) { return w == 1.0; });
}

}  // namespace pathscope
