#pragma once
// Queue-based Bellman-Ford (SPFA) in double: the one search in the core that accepts negative
// arcs without an n^2 matrix. The Floyd-Warshall engines run it first to find negative cycles
// exactly, before their own arithmetic (int32 with headroom, or float with rounding) could be
// misled by one; path queries use it as their single-source fallback.
#include <cstdint>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope::detail {

struct ShortestPathTree {
  std::vector<double> dist;              // +inf when unreachable
  std::vector<std::int64_t> parent_arc;  // arc index into g.heads, -1 at the root or unreached
};

inline constexpr std::int32_t kEveryNode = -1;

// From `source`, or from every node at distance 0 when source == kEveryNode (which finds any
// negative cycle in the graph). Returns a node on a negative cycle reachable from the source,
// or -1 when there is none; `tree` (optional) then holds the distances.
std::int32_t bellman_ford(const Graph& g, std::int32_t source, ShortestPathTree* tree,
                          const JobContext& job);

}  // namespace pathscope::detail
