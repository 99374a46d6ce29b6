#include "pathscope/export/hop_values.hpp"

#include <cmath>

namespace pathscope {

const char* hop_value_name(const Graph& g) { return g.has_arc_strengths() ? "synapses" : "cost"; }

double arc_strength_between(const Graph& g, std::int32_t u, std::int32_t v, double cost) {
  double found = NAN;
  if (!g.has_arc_strengths() || u < 0 || u >= g.n) return found;
  for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
    if (g.heads[a] != v) continue;
    if (g.weights[a] == cost) return g.arc_strengths[static_cast<std::size_t>(a)];
    if (std::isnan(found)) found = g.arc_strengths[static_cast<std::size_t>(a)];
  }
  return found;
}

double hop_value(const Graph& g, std::int32_t u, std::int32_t v, double cost) {
  return g.has_arc_strengths() ? arc_strength_between(g, u, v, cost) : cost;
}

}  // namespace pathscope
