#pragma once
// The GPU runs behind the engines, one per algorithm, each templated on the distance type
// (dist_traits.cuh). They fill the host matrix and the figures; the engines (gpu_engines.cu)
// do the refusing, the hop16 fallback and the Timing.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/apsp.hpp"
#include "pathscope/graph.hpp"
#include "pathscope/job.hpp"

namespace pathscope::gpu {

struct RunFigures {
  double compute_seconds = 0;   // device time of the kernels (events)
  double transfer_seconds = 0;  // host wall time spent in uploads and downloads
  int negative_node = -1;       // a node with D[i][i] < 0, or -1
  bool hop16_clipped = false;   // hop16: a cell reached the clipping witness (see dist_traits)
  std::string mode;             // "in-core", "out-of-core (W=..., slabs=...)"
};

// Device bytes an in-core blocked run needs; over the budget the run goes out of core.
template <class D>
std::uint64_t blocked_in_core_bytes(std::int64_t n, std::int64_t arcs, bool next_hop);
template <class D>
std::uint64_t naive_bytes(std::int64_t n, std::int64_t arcs);

template <class D>
RunFigures run_blocked_in_core(const Graph& g, const JobContext& job, std::vector<typename D::Scalar>& out,
                               std::vector<std::int32_t>* next);
template <class D>
RunFigures run_blocked_out_of_core(const Graph& g, const JobContext& job, std::uint64_t device_budget,
                                   std::vector<typename D::Scalar>& out);
// gpu-blocked over the ranks options.gpus names (distributed_blocked.cu); every rank's block in
// its GPU's memory.
template <class D>
RunFigures run_blocked_distributed(const Graph& g, const ApspOptions& options, const JobContext& job,
                                   std::vector<typename D::Scalar>& out);
template <class D>
RunFigures run_naive(const Graph& g, const JobContext& job, std::vector<typename D::Scalar>& out,
                     std::vector<std::int32_t>* next);

}  // namespace pathscope::gpu
