// dominated_through_hubs (hub_bounds.hpp).
#include "centrality/hub_bounds.hpp"

#include <algorithm>
#include <limits>

#include "pathscope/apsp/single_source.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::gpu::centrality {
namespace {

Graph as_graph(const SearchGraph& search) {
  Graph g;
  g.n = static_cast<std::int32_t>(search.offsets.size()) - 1;
  g.offsets = search.offsets;
  g.heads = search.heads;
  g.weights = search.costs;
  mark_weight_kinds(g);
  return g;
}

}  // namespace

KnownDominated dominated_through_hubs(const SearchGraph& search, double margin, std::int32_t hubs) {
  const Graph forward = as_graph(search);
  const Graph backward = reverse_graph(forward);
  hubs = std::clamp(hubs, 0, forward.n);
  // from[h][v] = d(h, v), to[h][u] = d(u, h).
  std::vector<std::vector<double>> from(static_cast<std::size_t>(hubs)), to(static_cast<std::size_t>(hubs));
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int32_t i = 0; i < 2 * hubs; ++i) {
    const std::int32_t h = i / 2;
    if (i % 2 == 0) from[static_cast<std::size_t>(h)] = single_source_distances(forward, h);
    else to[static_cast<std::size_t>(h)] = single_source_distances(backward, h);
  }
  KnownDominated known;
  known.dominated.assign(forward.heads.size(), 0);
  known.live_ends.assign(static_cast<std::size_t>(forward.n), 0);
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int32_t u = 0; u < forward.n; ++u) {
    std::int64_t live_end = forward.offsets[u];
    for (std::int64_t a = forward.offsets[u]; a < forward.offsets[u + 1]; ++a) {
      double bound = std::numeric_limits<double>::infinity();
      for (std::int32_t h = 0; h < hubs; ++h)
        bound = std::min(bound, to[static_cast<std::size_t>(h)][u] + from[static_cast<std::size_t>(h)][forward.heads[a]]);
      if (forward.weights[a] - bound > margin) known.dominated[static_cast<std::size_t>(a)] = 1;
      else live_end = a + 1;
    }
    known.live_ends[static_cast<std::size_t>(u)] = live_end;
  }
  return known;
}

}  // namespace pathscope::gpu::centrality
