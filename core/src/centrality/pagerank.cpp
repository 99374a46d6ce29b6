// PageRank as networkx.pagerank computes it (its scipy power iteration): the kept nodes and
// arcs, arcs weighted by strength where the graph has strengths (else 1), a self-loop as one
// arc to itself, dangling nodes' rank spread uniformly, no personalization, stopped when the
// L1 change falls below n * tol.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "centrality/centrality_engines.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::centrality {

void compute_pagerank(const Graph& g, const CentralityOptions& options, CentralityResult& result, const JobContext& job) {
  const auto size = static_cast<std::size_t>(g.n);
  const GraphMask& mask = options.mask;
  const auto weight = [&](std::int64_t a) { return g.has_arc_strengths() ? g.arc_strengths[a] : 1.0; };
  // The loader keeps no strength for a loop: it counts 1 on graphs without strengths only.
  std::vector<double> loop_weight(size, 0);
  if (!g.has_arc_strengths())
    for (const Graph::SelfLoop& loop : g.self_loops) loop_weight[loop.node] = 1;

  std::vector<std::int32_t> kept;
  std::vector<double> out_weight(size, 0);
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (!mask.keeps_node(u)) continue;
    kept.push_back(u);
    out_weight[u] = loop_weight[u];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (mask.keeps_arc(a, u, g.heads[a])) out_weight[u] += weight(a);
  }
  const auto n = static_cast<double>(kept.size());
  result.pagerank.assign(size, std::numeric_limits<double>::quiet_NaN());
  if (kept.empty()) return;
  const double alpha = options.pagerank_alpha;
  std::vector<double> x(size, 0), next(size, 0);
  for (const std::int32_t u : kept) x[u] = 1 / n;
  for (int iteration = 1; iteration <= options.pagerank_max_iterations; ++iteration) {
    job.check_cancel();
    double dangling = 0;
    for (const std::int32_t u : kept) {
      next[u] = 0;
      if (out_weight[u] == 0) dangling += x[u];
    }
    for (const std::int32_t u : kept) {
      if (out_weight[u] == 0) continue;
      const double share = x[u] / out_weight[u];
      next[u] += share * loop_weight[u];
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const std::int32_t v = g.heads[a];
        if (mask.keeps_arc(a, u, v)) next[v] += share * weight(a);
      }
    }
    const double teleport = alpha * dangling / n + (1 - alpha) / n;
    double change = 0;
    for (const std::int32_t u : kept) {
      next[u] = alpha * next[u] + teleport;
      change += std::abs(next[u] - x[u]);
    }
    std::swap(x, next);
    if (change < n * options.pagerank_tolerance) {
      for (const std::int32_t u : kept) result.pagerank[u] = x[u];
      result.pagerank_iterations = iteration;
      return;
    }
  }
  throw Error("pagerank did not converge within " + std::to_string(options.pagerank_max_iterations) +
              " iterations (tolerance " + std::to_string(options.pagerank_tolerance) + ")");
}

}  // namespace pathscope::centrality
