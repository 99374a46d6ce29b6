#pragma once
// One source's shortest-path tree, the search behind single_source_distances and every path
// from one source (core/src/paths).
#include <cstdint>

#include "apsp/bellman_ford.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::detail {

// Throws NegativeCycle when a negative cycle (a negative self-loop included) is reachable from s.
ShortestPathTree search_from(const Graph& g, std::int32_t s);

}  // namespace pathscope::detail
