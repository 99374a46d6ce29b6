#pragma once
// The Floyd-Warshall engines ask this before computing: a negative cycle is found exactly, in
// double on the graph's own costs, rather than read off a diagonal that int32 headroom or float
// rounding could have distorted.
#include "pathscope/apsp/apsp.hpp"

namespace pathscope::detail {

// Throws NegativeCycle naming a node on a negative cycle (a negative self-loop included); does
// nothing for graphs without negative arcs or loops.
void refuse_negative_cycles(const Graph& g, const JobContext& job);

}  // namespace pathscope::detail
