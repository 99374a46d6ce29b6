// rows_from_successors.hpp.
#include "apsp/rows_from_successors.hpp"

#include <algorithm>
#include <numeric>

namespace pathscope::detail {

namespace {

// Deriving a row reads one successor row an arc, n cells each (vectorised: several cells a
// cycle); a search does heap work per node and per arc. A row is derived when its out-degree
// times n is at most this many times the search's n + m.
constexpr std::int64_t kDeriveWorkRatio = 4;

}  // namespace

std::vector<std::uint8_t> rows_to_derive(const Graph& g, const Graph& reverse) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  const auto arcs_of = [](const Graph& graph, std::size_t u) { return graph.offsets[u + 1] - graph.offsets[u]; };
  std::vector<std::int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
    const auto sa = static_cast<std::size_t>(a), sb = static_cast<std::size_t>(b);
    return arcs_of(g, sa) + arcs_of(reverse, sa) < arcs_of(g, sb) + arcs_of(reverse, sb);
  });
  const std::int64_t search_work = kDeriveWorkRatio * (static_cast<std::int64_t>(n) + g.arc_count());
  std::vector<std::uint8_t> derived(n, 0), blocked(n, 0);
  for (const std::int32_t u : order) {
    const auto su = static_cast<std::size_t>(u);
    if (blocked[su] || arcs_of(g, su) * static_cast<std::int64_t>(n) > search_work) continue;
    // A node with an arc to itself in the CSR (engines keep loops apart, but a graph built by
    // hand may not) would read its own unfinished row.
    const auto heads = g.heads.begin();
    if (std::find(heads + g.offsets[su], heads + g.offsets[su + 1], u) != heads + g.offsets[su + 1]) continue;
    derived[su] = 1;
    for (std::int64_t a = g.offsets[su]; a < g.offsets[su + 1]; ++a) blocked[static_cast<std::size_t>(g.heads[a])] = 1;
    for (std::int64_t a = reverse.offsets[su]; a < reverse.offsets[su + 1]; ++a)
      blocked[static_cast<std::size_t>(reverse.heads[a])] = 1;
  }
  return derived;
}

template <class Dist>
void derive_row(const Graph& g, std::int32_t u, Dist* rows, Dist unreachable) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  Dist* row = rows + static_cast<std::size_t>(u) * n;
  std::fill(row, row + n, unreachable);
  for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
    const Dist cost = static_cast<Dist>(g.weights[a]);
    const Dist* from = rows + static_cast<std::size_t>(g.heads[a]) * n;
    // min(x, unreachable - cost) + cost is x + cost for every distance (far below the
    // headroom limits) and stays `unreachable` for no path, with no branch and no overflow.
    const Dist cap = unreachable - cost;
    for (std::size_t t = 0; t < n; ++t) row[t] = std::min(row[t], static_cast<Dist>(std::min(from[t], cap) + cost));
  }
  row[u] = 0;
}

template void derive_row<std::int32_t>(const Graph&, std::int32_t, std::int32_t*, std::int32_t);
template void derive_row<std::int64_t>(const Graph&, std::int32_t, std::int64_t*, std::int64_t);

}  // namespace pathscope::detail
