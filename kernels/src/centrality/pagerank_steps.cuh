#pragma once
// One PageRank power step on the device, as networkx's pagerank computes it (uniform
// personalization, dangling mass spread uniformly):
//   x'[v] = alpha * (sum over arcs u->v of x[u] * share(u->v) + dangling / N) + (1 - alpha) / N
// pulled over the arcs into each node, with the L1 change and the next step's dangling mass
// summed on the way. Nodes a mask drops stay at 0 and take no part.
#include <cuda_runtime.h>

#include <cstdint>

namespace pathscope::gpu::centrality {

struct DeviceTransitions {
  const std::int64_t* in_offsets = nullptr;  // n + 1, into tails and shares
  const std::int32_t* tails = nullptr;
  const double* shares = nullptr;            // the arc's weight times 1 / (its tail's out-weight)
  const std::uint8_t* dangling = nullptr;    // per node: kept, and no out-weight
  const std::uint8_t* node_kept = nullptr;   // null: every node
  std::int32_t n = 0;
  double kept_nodes = 0;                     // N
};

// Reads *dangling_mass (the mass of x on dangling nodes), writes x_next, and adds the L1
// change to *change and x_next's dangling mass to *next_dangling_mass (both zeroed before).
void launch_pagerank_step(const DeviceTransitions& t, double alpha, const double* x, double* x_next,
                          const double* dangling_mass, double* change, double* next_dangling_mass, int multiprocessors,
                          cudaStream_t stream);

}  // namespace pathscope::gpu::centrality
