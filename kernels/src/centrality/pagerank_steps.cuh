#pragma once
// PageRank power steps on the device, as networkx's pagerank computes them (uniform
// personalization, dangling mass spread uniformly):
//   x'[v] = alpha * (sum over arcs u->v of x[u] / out_weight(u) * weight(u->v) + dangling / N)
//           + (1 - alpha) / N
// pushed along the graph's own arcs (no transposed copy to build), then finished per node with
// the L1 change and the next step's dangling mass summed on the way. Nodes a mask drops stay at
// 0 and take no part.
#include <cuda_runtime.h>

#include <cstdint>

namespace pathscope::gpu::centrality {

struct DevicePageRankGraph {
  const std::int64_t* offsets = nullptr;
  const std::int32_t* heads = nullptr;
  const double* strengths = nullptr;       // per arc; null: every arc weighs 1
  const std::uint8_t* node_kept = nullptr;  // null: every node
  const std::uint8_t* arc_kept = nullptr;   // null: every arc
  const std::uint8_t* looped = nullptr;     // null, or per node: a self-loop that weighs 1
  std::int32_t n = 0;
  double kept_nodes = 0;                    // N
};

// Once: 1 / out-weight of every kept node (0 where it is 0, and for dropped nodes), which kept
// nodes are dangling (out-weight 0), and their share of the first x (1 / N each) added to
// *dangling_mass (zeroed before).
void launch_pagerank_out_weights(const DevicePageRankGraph& g, double* inverse_out_weight, std::uint8_t* dangling,
                                 double* dangling_mass, int multiprocessors, cudaStream_t stream);

// incoming[v] += x[u] * inverse_out_weight[u] * weight(u->v) over every kept arc (incoming
// zeroed before; atomics, so the order of the terms varies).
void launch_pagerank_spread(const DevicePageRankGraph& g, const double* inverse_out_weight, const double* x,
                            double* incoming, int multiprocessors, cudaStream_t stream);

// x_next of every kept node from incoming (which it zeroes for the next step) and
// *dangling_mass (x's mass on dangling nodes); adds the L1 change to *change and x_next's
// dangling mass to *next_dangling_mass (both zeroed before).
void launch_pagerank_finish(const DevicePageRankGraph& g, const std::uint8_t* dangling, double alpha, const double* x,
                            double* incoming, double* x_next, const double* dangling_mass, double* change,
                            double* next_dangling_mass, int multiprocessors, cudaStream_t stream);

}  // namespace pathscope::gpu::centrality
