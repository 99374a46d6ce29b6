#pragma once
// All-pairs rows that need no search: every path out of u other than the empty one starts with
// one of u's arcs, so d(u, t) = min over arcs u -> v of c(u, v) + d(v, t) for t != u, and
// d(u, u) = 0 without negative costs. Once the rows of u's successors are known, u's row is
// that minimum, a few vectorised passes over rows instead of a whole search. The sparse engine
// searches from the other nodes first (an independent set of the graph, arcs taken both ways,
// is chosen to be derived, so no derived node needs another), then derives these.
// Whole costs only: the sums are exact, so the rows equal the searched ones bit for bit.
#include <cstdint>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope::detail {

// 1 for the nodes whose rows are derived (reverse: reverse_graph(g)): no two of them joined by an arc either way, none with
// a self-loop's worth of dependence on itself, and each with few enough arcs that its minimum
// over successor rows costs less than a search (out-degree times n against a few times the
// search's n + m). Low-degree nodes first (greedy), so most of a road graph's nodes go in.
std::vector<std::uint8_t> rows_to_derive(const Graph& g, const Graph& reverse);

// Row u (length n, of `rows`, a row-major n x n table whose successors' rows of u are final)
// as the minimum above; `unreachable` marks no path.
template <class Dist>
void derive_row(const Graph& g, std::int32_t u, Dist* rows, Dist unreachable);

}  // namespace pathscope::detail
