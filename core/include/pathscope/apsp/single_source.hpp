#pragma once
// Distances from one node to every other, without an all-pairs table.
#include <cstdint>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// Distances from s to every node (+inf for unreachable): breadth-first for unit costs, Dijkstra
// without negative arcs, Bellman-Ford with them. Throws NegativeCycle when one is reachable
// from s, a negative self-loop included; Error when s is not a node index.
std::vector<double> single_source_distances(const Graph& g, std::int32_t s);

}  // namespace pathscope
