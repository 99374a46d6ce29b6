#include "pathscope/export/hop_values.hpp"

#include <cmath>

namespace pathscope {

const char* hop_value_name(const Graph& g) { return g.has_arc_strengths() ? "synapses" : "cost"; }

std::int64_t arc_between(const Graph& g, std::int32_t u, std::int32_t v, double cost) {
  std::int64_t found = -1;
  if (u < 0 || u >= g.n) return found;
  for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
    if (g.heads[a] != v) continue;
    if (g.weights[a] == cost) return a;
    if (found < 0) found = a;
  }
  return found;
}

double arc_strength_between(const Graph& g, std::int32_t u, std::int32_t v, double cost) {
  if (!g.has_arc_strengths()) return NAN;
  const std::int64_t a = arc_between(g, u, v, cost);
  return a < 0 ? NAN : g.arc_strengths[static_cast<std::size_t>(a)];
}

double hop_value(const Graph& g, std::int32_t u, std::int32_t v, double cost) {
  return g.has_arc_strengths() ? arc_strength_between(g, u, v, cost) : cost;
}

}  // namespace pathscope
