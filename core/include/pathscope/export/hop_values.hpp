#pragma once
// What each hop of a path carries besides its cost, and what that value is called, for every
// place that shows or writes a path (the path panel, `path` and `paths` output, the path
// JSON). A graph read from a connection table keeps each arc's synapse count beside the cost
// the cost rule made of it (Graph::arc_strengths): its hops carry "synapses". Any other graph
// (a road network) has only costs, so its per-hop value is the arc's "cost"; calling a road
// length "synapses" would mislead whoever reads the file.
#include <cstdint>
#include <string>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// "synapses" when the graph keeps connection strengths, else "cost".
const char* hop_value_name(const Graph& g);

// The CSR arc u -> v that costs `cost` (among parallel arcs the one of that cost, else the
// first): the arc a path given by its costs took; -1 when there is none.
std::int64_t arc_between(const Graph& g, std::int32_t u, std::int32_t v, double cost);

// The strength of the arc u -> v that costs `cost` (the arc a path took; among parallel arcs
// the one of that cost, else the first); NaN when the graph keeps no strengths or has no
// such arc.
double arc_strength_between(const Graph& g, std::int32_t u, std::int32_t v, double cost);

// The per-hop value named by hop_value_name: the arc's strength, or `cost` itself.
double hop_value(const Graph& g, std::int32_t u, std::int32_t v, double cost);

}  // namespace pathscope
