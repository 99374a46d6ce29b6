#pragma once
// Random graphs with the features that break all-pairs engines (zero-cost arcs, negative arcs,
// several components, sinks, awkward sizes) and an independent reference for them:
// Bellman-Ford from every source in double, written here and sharing no code with the core.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"

namespace pathscope::testing {

enum class Costs {
  Integer,   // whole numbers 1..max_weight (and 0)
  Quarters,  // multiples of 1/4: exact in float, so float engines must agree exactly
  Real,      // arbitrary reals: float engines agree only within a rounding tolerance
};

struct GraphRecipe {
  std::int32_t n = 64;
  double mean_degree = 4;
  std::uint64_t seed = 1;
  std::int32_t components = 1;  // nodes fall into this many groups with no arc between groups
  double sink_share = 0;        // share of nodes without outgoing arcs
  double zero_share = 0;        // share of arcs that cost 0
  std::int32_t max_weight = 100;
  Costs costs = Costs::Integer;
  // Reweights every arc by random node potentials, w'(u,v) = w(u,v) + p(u) - p(v): many arcs
  // become negative, yet every cycle keeps its non-negative cost, so there is no negative
  // cycle and shortest paths stay the same paths.
  bool negative = false;
};

inline double draw_cost(SplitMix64& rng, const GraphRecipe& r) {
  if (rng.unit() < r.zero_share) return 0;
  switch (r.costs) {
    case Costs::Integer: return 1 + rng.below(static_cast<std::uint32_t>(r.max_weight));
    case Costs::Quarters: return 0.25 * (1 + rng.below(static_cast<std::uint32_t>(4 * r.max_weight)));
    case Costs::Real: return 0.01 + rng.unit() * r.max_weight;
  }
  return 1;
}

inline Graph make_graph(const GraphRecipe& r) {
  SplitMix64 rng(r.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(r.n));
  std::vector<std::int32_t> group(r.n);
  std::vector<std::vector<std::int32_t>> members(r.components);
  for (std::int32_t v = 0; v < r.n; ++v) {
    group[v] = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(r.components)));
    members[group[v]].push_back(v);
  }
  std::vector<double> potential(r.n, 0);
  if (r.negative)
    for (auto& p : potential)
      p = r.costs == Costs::Integer ? rng.below(static_cast<std::uint32_t>(r.max_weight) + 1)
                                    : 0.25 * rng.below(static_cast<std::uint32_t>(4 * r.max_weight) + 1);
  GraphBuilder b(r.n);
  for (std::int32_t u = 0; u < r.n; ++u) {
    if (rng.unit() < r.sink_share) continue;
    const auto& mine = members[group[u]];
    // Degrees vary from 0 to twice the mean, so some nodes are leaves and some hubs.
    const auto degree = rng.below(static_cast<std::uint32_t>(2 * r.mean_degree) + 1);
    for (std::uint32_t i = 0; i < degree; ++i) {
      const std::int32_t v = mine[rng.below(static_cast<std::uint32_t>(mine.size()))];
      b.add_arc(u, v, draw_cost(rng, r) + potential[u] - potential[v]);
    }
  }
  LoadReport report;
  return b.build(true, report);
}

// A graph whose only negative cycles run through `cycle` (planted on top of a graph without
// negative cycles).
struct CycleGraph {
  Graph graph;
  std::vector<std::int32_t> cycle;
};

inline CycleGraph make_graph_with_negative_cycle(const GraphRecipe& recipe) {
  const Graph base = make_graph(recipe);
  SplitMix64 rng(recipe.seed + 77);
  GraphBuilder b(base.n);
  for (std::int32_t u = 0; u < base.n; ++u)
    for (std::int64_t a = base.offsets[u]; a < base.offsets[u + 1]; ++a) b.add_arc(u, base.heads[a], base.weights[a]);
  CycleGraph out;
  const std::int32_t length = 3;  // recipe.n must be at least 3
  const auto start = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(base.n)));
  out.cycle = {start, (start + 1) % base.n, (start + 2) % base.n};
  // Each planted arc costs -(max_weight * n), so the cycle is negative whatever else it meets.
  const double cost = -static_cast<double>(recipe.max_weight) * base.n;
  for (std::int32_t i = 0; i < length; ++i) b.add_arc(out.cycle[i], out.cycle[(i + 1) % length], cost);
  LoadReport report;
  out.graph = b.build(true, report);
  return out;
}

// Bellman-Ford from s in double, by full passes over the arcs until none relaxes. +inf marks
// unreachable. The caller guarantees there is no negative cycle.
inline std::vector<double> reference_distances(const Graph& g, std::int32_t s) {
  std::vector<double> d(g.n, std::numeric_limits<double>::infinity());
  d[s] = 0;
  for (std::int32_t pass = 0; pass < g.n; ++pass) {
    bool changed = false;
    for (std::int32_t u = 0; u < g.n; ++u) {
      if (std::isinf(d[u])) continue;
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const double candidate = d[u] + g.weights[a];
        if (candidate < d[g.heads[a]]) {
          d[g.heads[a]] = candidate;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return d;
}

inline std::vector<std::vector<double>> reference_all_pairs(const Graph& g) {
  std::vector<std::vector<double>> rows;
  rows.reserve(g.n);
  for (std::int32_t s = 0; s < g.n; ++s) rows.push_back(reference_distances(g, s));
  return rows;
}

inline std::string describe(const GraphRecipe& r) {
  static const char* cost_names[] = {"integer", "quarters", "real"};
  return "n=" + std::to_string(r.n) + " deg=" + std::to_string(r.mean_degree) + " seed=" + std::to_string(r.seed) +
         " components=" + std::to_string(r.components) + " sinks=" + std::to_string(r.sink_share) +
         " zeros=" + std::to_string(r.zero_share) + " costs=" + cost_names[static_cast<int>(r.costs)] +
         (r.negative ? " negative" : "");
}

// How far a float result may sit from the exact (double) reference.
// Integer and Quarters costs: every partial sum an engine forms is a multiple of 1/4 below
// 2^22, which float holds exactly, so the tolerance is 0. Real costs (non-negative): a float
// shortest distance is a sum of at most n-1 non-negative terms; each addition rounds by at
// most 2^-24 of a partial sum, and no partial sum exceeds the final value, so the error is
// below (n-1) * 2^-24 * |d|, plus one last rounding when an engine rounds a double result.
// Engines may also pick a different path among near-ties, which moves them by no more than
// the same bound, hence the factor 2.
inline double float_tolerance(std::int32_t n, Costs costs, double reference) {
  if (costs != Costs::Real) return 0;
  return 2.0 * (n + 1) * 0x1.0p-24 * std::fabs(reference);
}

// Checks every cell of r against the reference rows; reports the first few differences.
inline void expect_matches_reference(const ApspResult& r, const std::vector<std::vector<double>>& reference,
                                     Costs costs, const std::string& context) {
  ASSERT_EQ(r.n, static_cast<std::int32_t>(reference.size())) << context;
  std::int64_t wrong = 0;
  for (std::int32_t s = 0; s < r.n; ++s) {
    for (std::int32_t t = 0; t < r.n; ++t) {
      const double expected = reference[s][t];
      const double got = r.distance(s, t);
      const bool ok = std::isinf(expected) ? !r.reachable(s, t)
                                           : r.reachable(s, t) &&
                                                 std::fabs(got - expected) <= float_tolerance(r.n, costs, expected);
      if (ok) continue;
      if (++wrong <= 5)
        ADD_FAILURE() << context << ": " << r.timing.engine << " gives d(" << s << "," << t << ") = " << got
                      << ", reference " << expected;
    }
  }
  EXPECT_EQ(wrong, 0) << context << ": " << r.timing.engine << " differs from the reference in " << wrong
                      << " cells";
}

}  // namespace pathscope::testing
