#pragma once
// Candidate cities for the Lin-Kernighan search of a symmetric instance by alpha-nearness
// (Helsgaun, "An effective implementation of the Lin-Kernighan traveling salesman heuristic",
// EJOR 126, 2000): alpha(a, b) is how much longer the cheapest spanning tree becomes when it
// must hold the arc (a, b), i.e. cost(a, b) less the costliest arc on the tree's path from a to
// b. Arcs of an optimal tour rank far higher by alpha than by cost, so the same few candidates
// leave the search fewer good moves out of reach. Here on the plain minimum spanning tree,
// without Helsgaun's subgradient ascent of node penalties.
#include <cstdint>
#include <functional>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

// The `count` cities of least alpha for each city (ties to the cheaper arc, then the lower
// index), listed cheapest arc first as the searches expect, on `threads` threads. The cities not
// reached when `stop` says so keep an empty list. The instance must be symmetric.
std::vector<std::vector<std::int32_t>> alpha_nearest_neighbours(const TspInstance& instance, std::int32_t count,
                                                                int threads, const std::function<bool()>& stop);

}  // namespace pathscope::tsp_detail
