#pragma once
// Arcs known to be dominated before any device search (DeviceGraph::dominated, live_ends): for
// any node h, d(u, v) <= d(u, h) + d(h, v), so an arc u -> v that costs more than that bound
// plus the dominance margin lies on no shortest path. A few hubs' distances from and to every
// node (Dijkstra on the host, in the reverse graph for "to") give the bound for every arc at
// once; the device searches then learn the rest as they go. Without it an arc is known
// dominated only once its tail's own search is done, so the nodes searched late (few arcs
// each, many together) leave their dominated arcs to every search before theirs.
#include <cstdint>
#include <vector>

#include "centrality/search_graph.hpp"

namespace pathscope::gpu::centrality {

struct KnownDominated {
  std::vector<std::uint8_t> dominated;  // a byte per arc of the search graph
  std::vector<std::int64_t> live_ends;  // per node: just past its last arc not dominated
};

// margin: dominance_margin of gpu_source_searches.cpp, which also covers the rounding of the
// two distances summed (each within gamma times a simple path's cost of its exact value).
// hubs: the first ones of the search graph's numbering (the most arcs in).
KnownDominated dominated_through_hubs(const SearchGraph& search, double margin, std::int32_t hubs);

}  // namespace pathscope::gpu::centrality
