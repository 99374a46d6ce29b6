#pragma once
// Strongly connected components by Tarjan's algorithm with an explicit stack, so that a long
// path (a road network, a chain of a million nodes) cannot overflow the call stack. Shared by
// the CPU "scc" closure engine and the host side of the GPU closure.
#include <cstdint>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope::detail {

struct Condensation {
  std::int32_t count = 0;
  // Component per node. Tarjan finishes sinks first, so components come numbered in reverse
  // topological order: every arc between two components goes from a higher number to a lower.
  std::vector<std::int32_t> component;
  // Nodes grouped by component: members[first[c] .. first[c+1]) belong to component c.
  std::vector<std::int32_t> first, members;
  // Per component: true when it holds a cycle (two or more nodes, or a self-loop), that is
  // when its nodes reach themselves.
  std::vector<char> cyclic;
};

Condensation strong_components(const Graph& g);

// The arcs between components as CSR over components: successors of c are
// heads[offsets[c] .. offsets[c+1]), each listed once, highest number first (the successor
// nearest the sources first, so that its reach set covers the most of the others).
struct ComponentDag {
  std::vector<std::int64_t> offsets;
  std::vector<std::int32_t> heads;
};
ComponentDag component_dag(const Graph& g, const Condensation& c);

}  // namespace pathscope::detail
