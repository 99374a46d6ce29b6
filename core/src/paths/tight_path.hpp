#pragma once
// Shortest paths rebuilt from distances to the target: both the in-memory all-pairs result
// (path.cpp) and a saved table (saved/table_path.cpp) walk arcs u -> k with
// w(u,k) + D[k][t] = D[u][t], so the rule for "tight", the float tolerances and the search that
// never loops on zero-cost arcs live here once.
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/paths/path.hpp"

namespace pathscope::paths {

// Depth-first search over tight arcs from s that never enters a node twice: a zero-cost arc
// pair u -> k -> u is tight both ways, and a greedy walk could circle there forever, while the
// search simply backs out of a visited node. Every arc it keeps is tight, so the costs
// telescope to D[s][t] (exactly for integer distances). tight(u, k, w) decides an arc.
template <class Tight>
std::optional<std::vector<std::int64_t>> tight_path_search(const Graph& g, std::int32_t s, std::int32_t t,
                                                          Tight tight) {
  std::vector<char> visited(static_cast<std::size_t>(g.n), 0);
  struct Frame {
    std::int32_t node;
    std::int64_t next_arc;
  };
  std::vector<Frame> stack{{s, g.offsets[s]}};
  std::vector<std::int64_t> arcs;
  visited[s] = 1;
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.node == t) return arcs;
    bool advanced = false;
    while (top.next_arc < g.offsets[top.node + 1]) {
      const std::int64_t a = top.next_arc++;
      const std::int32_t k = g.heads[a];
      if (visited[k] || !tight(top.node, k, g.weights[a])) continue;
      visited[k] = 1;
      arcs.push_back(a);
      stack.push_back({k, g.offsets[k]});
      advanced = true;
      break;
    }
    if (!advanced) {
      stack.pop_back();
      if (!arcs.empty()) arcs.pop_back();
    }
  }
  return std::nullopt;
}

// A float entry is a sum of at most n-1 rounded terms, so it can be off by about
// hops * 2^-24 relative to its terms' size; for paths of up to some thousands of hops the
// typical error is far smaller (errors partly cancel). A tight arc is accepted within
// rel * (|w| + |D[k][t]| + |D[u][t]|), starting at 2^-20 (about 16 float roundings) and
// widening only when no path is found, so a near-tie is never preferred to the real shortest
// path while one exists within the tighter bound.
inline constexpr double kFloatTightTolerances[] = {0x1.0p-20, 0x1.0p-16, 0x1.0p-12};

inline bool float_tight(double w, double dk, double du, double rel) {
  if (std::isinf(dk)) return false;
  return std::fabs(w + dk - du) <= rel * (std::fabs(w) + std::fabs(dk) + std::fabs(du));
}

// A Path over these arcs from s; its distance is their costs' sum, as Path promises.
inline Path path_of_arcs(const Graph& g, std::int32_t s, std::int32_t t, const std::vector<std::int64_t>& arcs) {
  Path p;
  p.source = s;
  p.target = t;
  p.reachable = true;
  p.nodes.push_back(s);
  for (const std::int64_t a : arcs) {
    p.nodes.push_back(g.heads[a]);
    p.arc_costs.push_back(g.weights[a]);
    p.distance += g.weights[a];
  }
  return p;
}

}  // namespace pathscope::paths
