#pragma once
// Independent answers for tests of paths and reach sets: textbook Dijkstra and breadth-first
// search over the graph's arrays, written here and sharing no code with the core's searches.
// Plain C++ (no test framework), so the GoogleTest and Qt Test programs both use them.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace test_support {

inline constexpr double kUnreachable = std::numeric_limits<double>::infinity();

// Distances from s (kUnreachable where there is no path) under `costs`, one per arc; every
// cost must be >= 0.
inline std::vector<double> dijkstra_distances(const pathscope::Graph& g, std::int32_t s, const std::vector<double>& costs) {
  std::vector<double> d(static_cast<std::size_t>(g.n), kUnreachable);
  using Item = std::pair<double, std::int32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
  d[s] = 0;
  heap.push({0, s});
  while (!heap.empty()) {
    const auto [du, u] = heap.top();
    heap.pop();
    if (du > d[u]) continue;
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const double c = du + costs[a];
      if (c < d[g.heads[a]]) {
        d[g.heads[a]] = c;
        heap.push({c, g.heads[a]});
      }
    }
  }
  return d;
}

// The same under the graph's own arc costs.
inline std::vector<double> dijkstra_distances(const pathscope::Graph& g, std::int32_t s) {
  return dijkstra_distances(g, s, g.weights);
}

inline constexpr int kAnyHops = std::numeric_limits<int>::max();

enum class Along { Arcs, ArcsReversed };

// The nodes at the end of a path of 1 to max_hops arcs from start (ArcsReversed: the nodes
// with such a path to start), ascending: start itself only when a cycle leads back to it (a
// loop on it counts; loops are kept off the arcs, in Graph::self_loops).
inline std::vector<std::int32_t> reachable_within(const pathscope::Graph& g, std::int32_t start, int max_hops = kAnyHops,
                                                  Along along = Along::Arcs) {
  std::vector<std::vector<std::int32_t>> next(static_cast<std::size_t>(g.n));
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      if (along == Along::Arcs) {
        next[u].push_back(g.heads[a]);
      } else {
        next[g.heads[a]].push_back(u);
      }
    }
  }
  std::vector<int> hops(static_cast<std::size_t>(g.n), -1);
  std::deque<std::int32_t> queue{start};
  hops[start] = 0;
  bool on_cycle = false;
  while (!queue.empty()) {
    const auto u = queue.front();
    queue.pop_front();
    if (hops[u] >= max_hops) continue;
    for (const auto v : next[u]) {
      if (v == start) on_cycle = true;
      if (hops[v] < 0) {
        hops[v] = hops[u] + 1;
        queue.push_back(v);
      }
    }
  }
  for (const auto& loop : g.self_loops) on_cycle = on_cycle || (loop.node == start && max_hops >= 1);
  std::vector<std::int32_t> out;
  for (std::int32_t v = 0; v < g.n; ++v) {
    if (hops[v] > 0 || (v == start && on_cycle)) out.push_back(v);
  }
  return out;
}

}  // namespace test_support
