// In and out degree and strength, counted as networkx counts them on the kept nodes and arcs.
#include <algorithm>
#include <limits>

#include "centrality/centrality_engines.hpp"

namespace pathscope::centrality {

void compute_degrees(const Graph& g, const CentralityOptions& options, CentralityResult& result) {
  const auto wanted = [&](CentralityMeasure m) {
    return std::find(options.measures.begin(), options.measures.end(), m) != options.measures.end();
  };
  const bool degrees = wanted(CentralityMeasure::InDegree) || wanted(CentralityMeasure::OutDegree);
  const bool strengths = wanted(CentralityMeasure::InStrength) || wanted(CentralityMeasure::OutStrength);
  if (!degrees && !strengths) return;
  const auto n = static_cast<std::size_t>(g.n);
  std::vector<double> in_degree(n, 0), out_degree(n, 0), in_strength(n, 0), out_strength(n, 0);
  const GraphMask& mask = options.mask;
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (!mask.keeps_node(u)) continue;
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (!mask.keeps_arc(a, u, v)) continue;
      const double strength = g.has_arc_strengths() ? g.arc_strengths[a] : 1.0;
      out_degree[u] += 1;
      in_degree[v] += 1;
      out_strength[u] += strength;
      in_strength[v] += strength;
    }
  }
  // A loop's two ends are both at its node: one in and one out in a DiGraph; an undirected
  // Graph's degree counts it twice. The loader keeps no strength for a loop, so on a graph with
  // strengths it adds to the degrees only (docs/centrality.md).
  for (const Graph::SelfLoop& loop : g.self_loops) {
    if (!mask.keeps_node(loop.node)) continue;
    const double ends = g.directed ? 1 : 2;
    out_degree[loop.node] += ends;
    in_degree[loop.node] += ends;
    if (!g.has_arc_strengths()) {
      out_strength[loop.node] += ends;
      in_strength[loop.node] += ends;
    }
  }
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (mask.keeps_node(u)) continue;
    in_degree[u] = out_degree[u] = in_strength[u] = out_strength[u] = std::numeric_limits<double>::quiet_NaN();
  }
  if (wanted(CentralityMeasure::InDegree)) result.in_degree = std::move(in_degree);
  if (wanted(CentralityMeasure::OutDegree)) result.out_degree = std::move(out_degree);
  if (wanted(CentralityMeasure::InStrength)) result.in_strength = std::move(in_strength);
  if (wanted(CentralityMeasure::OutStrength)) result.out_strength = std::move(out_strength);
}

}  // namespace pathscope::centrality
