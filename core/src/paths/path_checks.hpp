#pragma once
// What every path-set query checks first: both ends are nodes, no arc costs less than 0
// (Dijkstra's searches, which the path sets are built on, would be wrong), and no negative
// self-loop is reachable from the source: a loop is not an arc the searches walk
// (Graph::self_loops), yet it is a negative cycle, and `path` refuses the same query for it.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::paths {

inline void refuse_reachable_negative_loops(const Graph& g, std::int32_t s) {
  if (g.negative_self_loop_node() < 0) return;
  std::vector<char> reached(static_cast<std::size_t>(g.n), 0);
  std::vector<std::int32_t> queue{s};
  reached[s] = 1;
  for (std::size_t head = 0; head < queue.size(); ++head)
    for (std::int64_t a = g.offsets[queue[head]]; a < g.offsets[queue[head] + 1]; ++a)
      if (!reached[g.heads[a]]) {
        reached[g.heads[a]] = 1;
        queue.push_back(g.heads[a]);
      }
  for (const auto& loop : g.self_loops)
    if (loop.weight < 0 && reached[loop.node]) throw NegativeCycle(loop.node);
}

inline void check_path_query(const Graph& g, std::int32_t s, std::int32_t t) {
  for (const std::int32_t x : {s, t})
    if (x < 0 || x >= g.n)
      throw Error("node index " + std::to_string(x) + " is not in the graph (it has " + std::to_string(g.n) + " nodes)");
  if (g.has_negative_weights())
    throw Error("path sets need costs of at least 0, and this graph has negative arcs (choose --cost-rule hops, "
                "inverse or max-minus for strengths)");
  refuse_reachable_negative_loops(g, s);
}

}  // namespace pathscope::paths
