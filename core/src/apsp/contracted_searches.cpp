// contracted_searches.hpp.
#include "apsp/contracted_searches.hpp"

#include <algorithm>

namespace pathscope::detail {

ContractedGraph uncontracted(const Graph& g) {
  ContractedGraph c;
  c.offsets = g.offsets;
  c.arcs.resize(g.heads.size());
  for (std::size_t a = 0; a < g.heads.size(); ++a) {
    c.arcs[a] = {g.heads[a], static_cast<std::int32_t>(g.weights[a])};
    c.max_cost = std::max(c.max_cost, c.arcs[a].cost);
  }
  return c;
}

ContractedGraph contract_derived_nodes(const Graph& g, const Graph& reverse, const std::vector<std::uint8_t>& derived) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  std::vector<std::uint8_t> removed(n, 0);
  for (std::size_t d = 0; d < n; ++d) {
    if (!derived[d]) continue;
    const std::int64_t in = reverse.offsets[d + 1] - reverse.offsets[d], out = g.offsets[d + 1] - g.offsets[d];
    removed[d] = in * out <= 2 * (in + out);
  }

  // Each node's arcs: its own to nodes still there, then shortcuts through its removed successors.
  ContractedGraph c;
  c.offsets.assign(n + 1, 0);
  std::vector<IntArc> list;
  for (std::int32_t u = 0; u < g.n; ++u) {
    list.clear();
    if (!removed[static_cast<std::size_t>(u)])
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const std::int32_t d = g.heads[a];
        const auto cost = static_cast<std::int32_t>(g.weights[a]);
        if (!removed[static_cast<std::size_t>(d)]) {
          list.push_back({d, cost});
          continue;
        }
        for (std::int64_t b = g.offsets[d]; b < g.offsets[d + 1]; ++b)
          if (g.heads[b] != u) list.push_back({g.heads[b], cost + static_cast<std::int32_t>(g.weights[b])});
      }
    for (const IntArc& arc : list) c.max_cost = std::max(c.max_cost, arc.cost);
    c.arcs.insert(c.arcs.end(), list.begin(), list.end());
    c.offsets[static_cast<std::size_t>(u) + 1] = static_cast<std::int64_t>(c.arcs.size());
  }
  c.into_removed_offsets.push_back(0);
  for (std::int32_t d = 0; d < g.n; ++d) {
    const auto sd = static_cast<std::size_t>(d);
    if (!removed[sd]) continue;
    c.removed.push_back(d);
    for (std::int64_t a = reverse.offsets[sd]; a < reverse.offsets[sd + 1]; ++a)
      c.into_removed.push_back({reverse.heads[a], static_cast<std::int32_t>(reverse.weights[a])});
    c.into_removed_offsets.push_back(static_cast<std::int64_t>(c.into_removed.size()));
  }
  return c;
}

void fill_removed_distances(const ContractedGraph& c, std::int32_t* row, std::int32_t unreachable) {
  for (std::size_t i = 0; i < c.removed.size(); ++i) {
    std::int32_t best = unreachable;
    for (std::int64_t a = c.into_removed_offsets[i]; a < c.into_removed_offsets[i + 1]; ++a) {
      const IntArc& in = c.into_removed[static_cast<std::size_t>(a)];
      const std::int32_t from = row[in.head];
      if (from != unreachable) best = std::min(best, from + in.cost);
    }
    row[c.removed[i]] = best;
  }
}

}  // namespace pathscope::detail
