#pragma once
// An independent reference for the centrality engines, written from the definitions and
// sharing no code with the core: Floyd-Warshall distances over a dense matrix of the kept arcs,
// shortest-path counts by dynamic programming over nodes sorted by distance, betweenness as
// the sum over pairs of sigma(s,v) sigma(v,t) / sigma(s,t), closeness and harmonic from the
// distance matrix, PageRank by dense power iteration, degrees by counting matrix entries.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "pathscope/filter/graph_mask.hpp"
#include "pathscope/graph/graph.hpp"

namespace centrality_test {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Reference {
  std::int32_t n = 0;  // all nodes (dropped ones included)
  std::vector<std::uint8_t> kept;
  std::vector<double> cost;  // n x n, +inf without an arc (kept arcs only)
  std::vector<double> dist;  // n x n
  std::vector<double> sigma;  // n x n shortest path counts
  std::vector<double> loop;  // per node: 1 when it has a kept self-loop
  double tie_tolerance = 0;

  double& at(std::vector<double>& m, std::int32_t i, std::int32_t j) { return m[static_cast<std::size_t>(i) * n + j]; }
  double at(const std::vector<double>& m, std::int32_t i, std::int32_t j) const {
    return m[static_cast<std::size_t>(i) * n + j];
  }
  bool same(double a, double b) const { return std::abs(a - b) <= tie_tolerance * std::max(1.0, std::abs(b)); }
};

// hops: every kept arc costs 1. Real costs need a tolerance for ties: Floyd-Warshall adds in
// another order than a search does.
inline Reference make_reference(const pathscope::Graph& g, const pathscope::GraphMask& mask, bool hops,
                                double tie_tolerance) {
  Reference r;
  r.n = g.n;
  r.tie_tolerance = tie_tolerance;
  const auto n = static_cast<std::size_t>(g.n);
  r.kept.assign(n, 1);
  for (std::int32_t u = 0; u < g.n; ++u) r.kept[u] = mask.node_kept.empty() ? 1 : mask.node_kept[u];
  r.cost.assign(n * n, kInf);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const bool arc_kept = mask.arc_kept.empty() || mask.arc_kept[a] != 0;
      if (arc_kept && r.kept[u] && r.kept[v]) r.at(r.cost, u, v) = hops ? 1.0 : g.weights[a];
    }
  r.loop.assign(n, 0);
  for (const auto& l : g.self_loops)
    if (r.kept[l.node]) r.loop[l.node] = 1;
  r.dist = r.cost;
  for (std::int32_t v = 0; v < g.n; ++v)
    if (r.kept[v]) r.at(r.dist, v, v) = 0;
  for (std::int32_t k = 0; k < g.n; ++k)
    for (std::int32_t i = 0; i < g.n; ++i)
      for (std::int32_t j = 0; j < g.n; ++j)
        r.at(r.dist, i, j) = std::min(r.at(r.dist, i, j), r.at(r.dist, i, k) + r.at(r.dist, k, j));
  // Path counts: nodes in order of distance from s; a node's count sums its tight predecessors'.
  r.sigma.assign(n * n, 0);
  std::vector<std::int32_t> order(n);
  for (std::int32_t s = 0; s < g.n; ++s) {
    if (!r.kept[s]) continue;
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::int32_t a, std::int32_t b) { return r.at(r.dist, s, a) < r.at(r.dist, s, b); });
    r.at(r.sigma, s, s) = 1;
    for (const std::int32_t t : order) {
      if (t == s || r.at(r.dist, s, t) == kInf) continue;
      double count = 0;
      for (std::int32_t u = 0; u < g.n; ++u)
        if (u != t && r.at(r.cost, u, t) < kInf && r.at(r.dist, s, u) < kInf &&
            r.same(r.at(r.dist, s, u) + r.at(r.cost, u, t), r.at(r.dist, s, t)))
          count += r.at(r.sigma, s, u);
      r.at(r.sigma, s, t) = count;
    }
  }
  return r;
}

// delta_s(v): the share of shortest paths from s to every t that pass through v.
inline double dependency(const Reference& r, std::int32_t s, std::int32_t v) {
  if (s == v || r.at(r.dist, s, v) == kInf) return 0;
  double sum = 0;
  for (std::int32_t t = 0; t < r.n; ++t) {
    if (t == s || t == v || r.at(r.dist, s, t) == kInf || r.at(r.dist, v, t) == kInf) continue;
    if (r.same(r.at(r.dist, s, v) + r.at(r.dist, v, t), r.at(r.dist, s, t)))
      sum += r.at(r.sigma, s, v) * r.at(r.sigma, v, t) / r.at(r.sigma, s, t);
  }
  return sum;
}

inline std::int32_t kept_count(const Reference& r) {
  return static_cast<std::int32_t>(std::count(r.kept.begin(), r.kept.end(), 1));
}

// networkx's betweenness_centrality (exact, endpoints=False), NaN for dropped nodes.
inline std::vector<double> betweenness(const Reference& r, bool normalized, bool directed) {
  const double n = kept_count(r);
  double scale = 1;
  if (n > 2) scale = normalized ? 1 / ((n - 1) * (n - 2)) : (directed ? 1.0 : 0.5);
  std::vector<double> out(static_cast<std::size_t>(r.n), std::numeric_limits<double>::quiet_NaN());
  for (std::int32_t v = 0; v < r.n; ++v) {
    if (!r.kept[v]) continue;
    double sum = 0;
    for (std::int32_t s = 0; s < r.n; ++s)
      if (r.kept[s]) sum += dependency(r, s, v);
    out[v] = sum * scale;
  }
  return out;
}

// networkx's closeness_centrality (wf_improved) and harmonic_centrality: distances to the node.
inline std::vector<double> closeness(const Reference& r) {
  const double n = kept_count(r);
  std::vector<double> out(static_cast<std::size_t>(r.n), std::numeric_limits<double>::quiet_NaN());
  for (std::int32_t v = 0; v < r.n; ++v) {
    if (!r.kept[v]) continue;
    double reached = 0, total = 0;
    for (std::int32_t u = 0; u < r.n; ++u)
      if (u != v && r.kept[u] && r.at(r.dist, u, v) < kInf) {
        reached += 1;
        total += r.at(r.dist, u, v);
      }
    out[v] = total > 0 && n > 1 ? reached / total * reached / (n - 1) : 0.0;
  }
  return out;
}

inline std::vector<double> harmonic(const Reference& r) {
  std::vector<double> out(static_cast<std::size_t>(r.n), std::numeric_limits<double>::quiet_NaN());
  for (std::int32_t v = 0; v < r.n; ++v) {
    if (!r.kept[v]) continue;
    double sum = 0;
    for (std::int32_t u = 0; u < r.n; ++u)
      if (u != v && r.kept[u] && r.at(r.dist, u, v) > 0 && r.at(r.dist, u, v) < kInf) sum += 1 / r.at(r.dist, u, v);
    out[v] = sum;
  }
  return out;
}

// Dense power iteration of networkx's Google matrix, run far past convergence. weight: the
// matrix of arc weights (strengths, or 1), self-loops on the diagonal.
inline std::vector<double> pagerank(const Reference& r, const std::vector<double>& weight, double alpha) {
  const double n = kept_count(r);
  std::vector<double> x(static_cast<std::size_t>(r.n), 0), next(x.size());
  for (std::int32_t v = 0; v < r.n; ++v) x[v] = r.kept[v] ? 1 / n : 0;
  for (int iteration = 0; iteration < 3000; ++iteration) {
    double dangling = 0;
    std::fill(next.begin(), next.end(), 0.0);
    for (std::int32_t u = 0; u < r.n; ++u) {
      if (!r.kept[u]) continue;
      double row = 0;
      for (std::int32_t v = 0; v < r.n; ++v) row += r.at(weight, u, v);
      if (row == 0) {
        dangling += x[u];
        continue;
      }
      for (std::int32_t v = 0; v < r.n; ++v) next[v] += x[u] * r.at(weight, u, v) / row;
    }
    for (std::int32_t v = 0; v < r.n; ++v)
      if (r.kept[v]) next[v] = alpha * (next[v] + dangling / n) + (1 - alpha) / n;
    std::swap(x, next);
  }
  for (std::int32_t v = 0; v < r.n; ++v)
    if (!r.kept[v]) x[v] = std::numeric_limits<double>::quiet_NaN();
  return x;
}

}  // namespace centrality_test
