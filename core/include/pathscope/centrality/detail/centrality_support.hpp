#pragma once
// What the CPU and GPU centrality engines share, so that both give the same numbers: which
// sources a run searches from, and how raw sums over sources become networkx's values.
// Shared with kernels/ only (not installed).
#include <cstdint>
#include <vector>

#include "pathscope/centrality/centrality.hpp"

namespace pathscope::detail {

// Every node the mask keeps, in index order; or, with options.samples > 0, that many of them
// drawn without replacement from options.seed (the same draw on every engine and machine).
std::vector<std::int32_t> centrality_sources(const Graph& g, const CentralityOptions& options);

// Per node sums over the searched sources, as an engine accumulates them.
struct SourceSums {
  std::vector<double> dependency;       // Brandes' delta_s(v) summed over sources s != v
  std::vector<double> distance_sum;     // sum of d(s, v) over sources s != v reaching v
  std::vector<double> inverse_distance_sum;  // sum of 1 / d(s, v) over those sources
  std::vector<std::int64_t> reached_by;      // how many sources s != v reach v
};

// Fills the result's betweenness, closeness and harmonic vectors (those asked) from the sums,
// with networkx's scaling (undirected halving, normalization, sampled k/n, wf_improved), NaN for
// nodes the mask drops, and the sampled bound.
void finish_centrality(const Graph& g, const CentralityOptions& options, std::int64_t sources_searched,
                       const SourceSums& sums, CentralityResult& result);

// The measures that need a search from every source (betweenness, closeness, harmonic).
bool needs_source_searches(const CentralityOptions& options);

}  // namespace pathscope::detail
