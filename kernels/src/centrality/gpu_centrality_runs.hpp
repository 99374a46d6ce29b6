#pragma once
// The two device runs behind the "gpu" centrality engine (centrality_gpu_engine.cpp), one file
// each: Brandes' searches from every source (betweenness, closeness, harmonic in one pass per
// source) and PageRank. No CUDA types.
#include "common/gpu_context.hpp"
#include "pathscope/centrality/centrality.hpp"
#include "pathscope/centrality/detail/centrality_support.hpp"

namespace pathscope::gpu {

// What a run adds to the engine's Timing.
struct DeviceWork {
  double compute_seconds = 0;   // kernels, by CUDA events
  double transfer_seconds = 0;  // copies between host and device
  double updates = 0;           // arcs scanned
};

// Fills the betweenness, closeness and harmonic vectors asked for (via finish_centrality) and
// sources_used. Throws OverBudget before allocating when one block's arrays and the graph do
// not fit, Cancelled between launches.
DeviceWork gpu_source_searches(const Graph& g, const CentralityOptions& options, const JobContext& job,
                               const GpuContext& gpu, CentralityResult& result);

// Fills result.pagerank (NaN where the mask drops a node) and pagerank_iterations. Throws
// Error when it does not converge within options.pagerank_max_iterations, as networkx does.
DeviceWork gpu_pagerank(const Graph& g, const CentralityOptions& options, const JobContext& job, const GpuContext& gpu,
                        CentralityResult& result);

}  // namespace pathscope::gpu
