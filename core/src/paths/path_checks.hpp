#pragma once
// What every path-set query checks first: both ends are nodes, and no arc costs less than 0
// (Dijkstra's searches, which the path sets are built on, would be wrong).
#include <cstdint>
#include <string>

#include "pathscope/error.hpp"
#include "pathscope/graph.hpp"

namespace pathscope::paths {

inline void check_path_query(const Graph& g, std::int32_t s, std::int32_t t) {
  for (const std::int32_t x : {s, t})
    if (x < 0 || x >= g.n)
      throw Error("node index " + std::to_string(x) + " is not in the graph (it has " + std::to_string(g.n) + " nodes)");
  if (g.has_negative_weights())
    throw Error("path sets need costs of at least 0, and this graph has negative arcs (choose --cost-rule hops, "
                "inverse or max-minus for strengths)");
}

}  // namespace pathscope::paths
