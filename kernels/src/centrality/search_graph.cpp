// make_search_graph (search_graph.hpp).
#include "centrality/search_graph.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace pathscope::gpu::centrality {

SearchGraph make_search_graph(const Graph& g, const GraphMask& mask, bool with_costs, bool hub_first, bool by_cost) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  std::vector<std::int64_t> in_degree(n, 0), out_degree(n, 0);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (mask.keeps_arc(a, u, g.heads[a])) {
        ++in_degree[static_cast<std::size_t>(g.heads[a])];
        ++out_degree[static_cast<std::size_t>(u)];
      }

  SearchGraph s;
  std::vector<std::int32_t> old_id(n);
  std::iota(old_id.begin(), old_id.end(), 0);
  if (hub_first)
    std::stable_sort(old_id.begin(), old_id.end(), [&](std::int32_t a, std::int32_t b) {
      return in_degree[static_cast<std::size_t>(a)] > in_degree[static_cast<std::size_t>(b)];
    });
  s.new_id.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) s.new_id[static_cast<std::size_t>(old_id[i])] = static_cast<std::int32_t>(i);

  s.offsets.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) s.offsets[i + 1] = s.offsets[i] + out_degree[static_cast<std::size_t>(old_id[i])];
  const auto arcs = static_cast<std::size_t>(s.offsets[n]);
  s.heads.resize(arcs);
  if (with_costs) s.costs.resize(arcs);
  std::vector<std::pair<std::int32_t, double>> list;
  for (std::size_t i = 0; i < n; ++i) {
    const std::int32_t u = old_id[i];
    list.clear();
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (mask.keeps_arc(a, u, g.heads[a]))
        list.emplace_back(s.new_id[static_cast<std::size_t>(g.heads[a])], with_costs ? g.weights[a] : 0.0);
    if (with_costs && by_cost)
      std::sort(list.begin(), list.end(),
                [](const auto& a, const auto& b) { return std::tie(a.second, a.first) < std::tie(b.second, b.first); });
    else if (hub_first)
      std::sort(list.begin(), list.end());
    std::size_t at = static_cast<std::size_t>(s.offsets[i]);
    for (const auto& [head, cost] : list) {
      s.heads[at] = head;
      if (with_costs) s.costs[at] = cost;
      ++at;
    }
  }
  return s;
}

}  // namespace pathscope::gpu::centrality
