#pragma once
// Candidate cities for the Lin-Kernighan search of a symmetric instance by alpha-nearness
// (Helsgaun, "An effective implementation of the Lin-Kernighan traveling salesman heuristic",
// EJOR 126, 2000): alpha(a, b) is how much longer the cheapest spanning tree becomes when it
// must hold the arc (a, b), i.e. cost(a, b) less the costliest arc on the tree's path from a to
// b. Arcs of an optimal tour rank far higher by alpha than by cost, so the same few candidates
// leave the search fewer good moves out of reach. Here on the minimum spanning tree of the costs
// as given, or raised by node penalties pi (cost(a, b) + pi(a) + pi(b), whose tree is closer to
// a tour: one_tree_ascent.hpp).
#include <cstdint>
#include <functional>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

// The `count` cities of least alpha for each city (ties to the cheaper arc, then the lower
// index), listed cheapest arc first as the searches expect, on `threads` threads; alpha of the
// costs raised by `penalties` when given (k values), the ties and the order by the costs alone.
// The cities not reached when `stop` says so keep an empty list. The instance must be symmetric.
std::vector<std::vector<std::int32_t>> alpha_nearest_neighbours(const TspInstance& instance, std::int32_t count,
                                                                int threads, const std::function<bool()>& stop,
                                                                const std::vector<double>* penalties = nullptr);

}  // namespace pathscope::tsp_detail
