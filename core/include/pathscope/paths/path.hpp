#pragma once
// One shortest path, rebuilt from an all-pairs result or found by a single-source search.
#include <cstdint>
#include <vector>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope {

struct Path {
  std::int32_t source = -1, target = -1;
  bool reachable = false;
  double distance = 0;                // sum of arc_costs
  std::vector<std::int32_t> nodes;    // source ... target (just source when equal)
  std::vector<double> arc_costs;      // nodes.size() - 1 entries
};

// Rebuilds s->t from the distance matrix and the arcs: the next node is a neighbour k of the
// current node u with w(u,k) + D[k][t] = D[u][t]. Uses result.next when present.
// Never loops on zero-weight arcs; float matrices are compared with a relative tolerance.
Path path_from_apsp(const Graph& g, const ApspResult& result, std::int32_t s, std::int32_t t);

// Single-source search for one pair: BFS (unit weights), Dijkstra (non-negative weights) or
// Bellman-Ford (negative arcs). Throws NegativeCycle when one is reachable from s, a negative
// self-loop included.
Path path_single_source(const Graph& g, std::int32_t s, std::int32_t t);

// Paths from s to each of `targets` from one search (batch queries): each equal to what
// path_single_source(g, s, t) answers. Throws NegativeCycle as it does.
std::vector<Path> paths_from_source(const Graph& g, std::int32_t s, const std::vector<std::int32_t>& targets);

}  // namespace pathscope
