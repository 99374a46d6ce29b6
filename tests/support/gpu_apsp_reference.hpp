#pragma once
// Inputs and independent answers for the GPU engine tests: random graphs of awkward sizes
// (unreachable regions, negative arcs made by potentials so no negative cycle exists) and
// distances from textbook algorithms written here, never from the engines under test.
// Apart from random_graphs.hpp (Bellman-Ford, small graphs for the CPU engines): the GPU sizes
// need Dijkstra's speed, and every graph here keeps an unreachable third.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"
#include "search_references.hpp"

namespace pathscope::gpu_test {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

using test_support::fresh_seed;

struct GraphRecipe {
  int n = 100;
  double degree = 4;
  bool unit = false;        // every arc costs 1
  bool fractional = false;  // costs in [0.1, 100) instead of whole numbers in [1, 1000]
  int potential = 0;        // > 0: w'(u,v) = w + p(u) - p(v), p in [0, potential): negative arcs
};

struct TestGraph {
  Graph graph;
  std::vector<double> base;       // the arc costs before the potentials (all >= 0)
  std::vector<double> potential;  // per node
};

// The last third of the nodes never reaches the first third, so every matrix has
// unreachable cells; parallel arcs and self-loops are left to GraphBuilder's policy.
inline TestGraph make_graph(const GraphRecipe& r, SplitMix64& rng) {
  TestGraph t;
  t.potential.assign(r.n, 0);
  for (auto& p : t.potential) p = r.potential > 0 ? double(rng.below(r.potential)) : 0;
  GraphBuilder b(r.n);
  const std::int64_t arcs = std::int64_t(r.n * r.degree);
  const int first_third = r.n / 3, last_third = r.n - r.n / 3;
  for (std::int64_t e = 0; e < arcs && r.n > 1; ++e) {
    const int u = int(rng.below(r.n)), v = int(rng.below(r.n));
    if (u >= last_third && v < first_third) continue;
    double w = r.unit ? 1.0 : r.fractional ? 0.1 + 99.9 * rng.unit() : double(1 + rng.below(1000));
    if (r.fractional) w = double(float(w));  // what a float engine can hold exactly
    b.add_arc(u, v, w + t.potential[u] - t.potential[v]);
  }
  LoadReport report;
  t.graph = b.build(true, report);
  t.base.resize(t.graph.heads.size());
  for (int u = 0; u < t.graph.n; ++u)
    for (auto e = t.graph.offsets[u]; e < t.graph.offsets[u + 1]; ++e)
      t.base[e] = t.graph.weights[e] - t.potential[u] + t.potential[t.graph.heads[e]];
  return t;
}

// All-pairs distances (kInf when unreachable): Dijkstra from every source on the
// non-negative base costs, shifted back by the potentials.
inline std::vector<double> reference_distances(const TestGraph& t) {
  const Graph& g = t.graph;
  const int n = g.n;
  std::vector<double> d(std::size_t(n) * n, kInf);
#pragma omp parallel for schedule(dynamic, 4)
  for (int s = 0; s < n; ++s) {
    const std::vector<double> dist = test_support::dijkstra_distances(g, s, t.base);
    for (int v = 0; v < n; ++v)
      if (dist[v] < kInf) d[std::size_t(s) * n + v] = dist[v] + t.potential[s] - t.potential[v];
  }
  return d;
}

// The engine's matrix as doubles, +inf where it says unreachable.
inline std::vector<double> as_doubles(const ApspResult& r) {
  std::vector<double> out(std::size_t(r.n) * r.n);
  for (std::int32_t u = 0; u < r.n; ++u)
    for (std::int32_t v = 0; v < r.n; ++v) out[std::size_t(u) * r.n + v] = r.distance(u, v);
  return out;
}

// Exact for int32 and hop16; for float, within float rounding of a path's length.
inline void expect_matches(const std::vector<double>& expected, const ApspResult& r, const std::string& what) {
  ASSERT_EQ(expected.size(), std::size_t(r.n) * r.n) << what;
  const std::vector<double> got = as_doubles(r);
  std::int64_t wrong = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double e = expected[i], x = got[i];
    bool ok;
    if (std::isinf(e) || std::isinf(x)) ok = e == x;
    else if (r.dist == DistType::Float32) ok = std::fabs(e - x) <= 1e-2 + 1e-4 * std::fabs(e);  // float sums
    else ok = e == x;
    if (!ok && ++wrong <= 5)
      ADD_FAILURE() << what << ": cell (" << i / r.n << ", " << i % r.n << ") expected " << e << ", got " << x;
  }
  EXPECT_EQ(wrong, 0) << what;
}

inline ApspOptions options_for(DistType dist) {
  ApspOptions o;
  o.dist = dist;
  return o;
}

}  // namespace pathscope::gpu_test
