// The steps of pagerank_steps.cuh: a group of lanes per node over its arcs where arcs are
// walked, a thread per node elsewhere; block sums with one atomic per block.
#include <algorithm>

#include "centrality/pagerank_steps.cuh"
#include "common/cuda_check.hpp"

namespace pathscope::gpu::centrality {
namespace {

constexpr int kLanes = 8;
constexpr int kThreads = 256;

__device__ __forceinline__ bool kept_node(const DevicePageRankGraph& g, std::int64_t v) {
  return !g.node_kept || g.node_kept[v];
}

__device__ __forceinline__ double arc_weight(const DevicePageRankGraph& g, std::int64_t a) {
  return g.strengths ? g.strengths[a] : 1.0;
}

__device__ __forceinline__ double warp_sum(double value) {
  for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
  return value;
}

// Adds every thread's `value` into *total, one atomic per block. Every thread of the block
// must call it.
__device__ void block_add(double value, double* total) {
  __shared__ double warps[kThreads / 32];
  value = warp_sum(value);
  if ((threadIdx.x & 31u) == 0) warps[threadIdx.x / 32] = value;
  __syncthreads();
  if (threadIdx.x == 0) {
    double sum = 0;
    for (int w = 0; w < kThreads / 32; ++w) sum += warps[w];
    if (sum != 0) atomicAdd(total, sum);
  }
  __syncthreads();
}

__device__ __forceinline__ double group_sum(double value, unsigned group_mask) {
  for (int offset = kLanes / 2; offset > 0; offset /= 2) value += __shfl_down_sync(group_mask, value, offset, kLanes);
  return value;
}

__global__ void __launch_bounds__(kThreads) out_weights(DevicePageRankGraph g, double* inverse_out_weight,
                                                        std::uint8_t* dangling, double* dangling_mass) {
  const int lane = threadIdx.x % kLanes;
  const unsigned group_mask = ((1u << kLanes) - 1u) << ((threadIdx.x & 31u) / kLanes * kLanes);
  const std::int64_t groups = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / kLanes);
  double mass = 0;
  for (std::int64_t u = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kLanes; u < g.n;
       u += groups) {
    if (!kept_node(g, u)) {  // the whole group skips together
      if (lane == 0) {
        inverse_out_weight[u] = 0;
        dangling[u] = 0;
      }
      continue;
    }
    double weight = 0;
    for (std::int64_t a = g.offsets[u] + lane; a < g.offsets[u + 1]; a += kLanes)
      if ((!g.arc_kept || g.arc_kept[a]) && kept_node(g, g.heads[a])) weight += arc_weight(g, a);
    weight = group_sum(weight, group_mask);
    if (lane == 0) {
      if (g.looped && g.looped[u]) weight += 1;
      inverse_out_weight[u] = weight != 0 ? 1.0 / weight : 0.0;
      dangling[u] = weight == 0;
      if (weight == 0) mass += 1.0 / g.kept_nodes;
    }
  }
  block_add(mass, dangling_mass);
}

__global__ void __launch_bounds__(kThreads) spread(DevicePageRankGraph g, const double* inverse_out_weight,
                                                   const double* x, double* incoming) {
  const int lane = threadIdx.x % kLanes;
  const std::int64_t groups = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / kLanes);
  for (std::int64_t u = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kLanes; u < g.n;
       u += groups) {
    const double share = x[u] * inverse_out_weight[u];  // 0 for dropped and dangling nodes
    if (share == 0) continue;
    for (std::int64_t a = g.offsets[u] + lane; a < g.offsets[u + 1]; a += kLanes) {
      const std::int32_t v = g.heads[a];
      if ((!g.arc_kept || g.arc_kept[a]) && kept_node(g, v)) atomicAdd(&incoming[v], share * arc_weight(g, a));
    }
    if (lane == 0 && g.looped && g.looped[u]) atomicAdd(&incoming[u], share);
  }
}

__global__ void __launch_bounds__(kThreads) finish(DevicePageRankGraph g, const std::uint8_t* dangling, double alpha,
                                                   const double* x, double* incoming, double* x_next,
                                                   const double* dangling_mass, double* change,
                                                   double* next_dangling_mass) {
  const double inverse_n = 1.0 / g.kept_nodes;
  const double spread_mass = *dangling_mass * inverse_n;
  double my_change = 0, my_dangling = 0;
  for (std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; v < g.n;
       v += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    if (!kept_node(g, v)) continue;
    const double value = alpha * (incoming[v] + spread_mass) + (1.0 - alpha) * inverse_n;
    incoming[v] = 0;
    x_next[v] = value;
    my_change += fabs(value - x[v]);
    if (dangling[v]) my_dangling += value;
  }
  block_add(my_change, change);
  block_add(my_dangling, next_dangling_mass);
}

int grid_of(std::int64_t items, int multiprocessors) {
  return static_cast<int>(std::clamp<std::int64_t>((items + kThreads - 1) / kThreads, 1, multiprocessors * 16ll));
}

}  // namespace

void launch_pagerank_out_weights(const DevicePageRankGraph& g, double* inverse_out_weight, std::uint8_t* dangling,
                                 double* dangling_mass, int multiprocessors, cudaStream_t stream) {
  out_weights<<<grid_of(static_cast<std::int64_t>(g.n) * kLanes, multiprocessors), kThreads, 0, stream>>>(
      g, inverse_out_weight, dangling, dangling_mass);
  CUDA_CHECK_LAUNCH();
}

void launch_pagerank_spread(const DevicePageRankGraph& g, const double* inverse_out_weight, const double* x,
                            double* incoming, int multiprocessors, cudaStream_t stream) {
  spread<<<grid_of(static_cast<std::int64_t>(g.n) * kLanes, multiprocessors), kThreads, 0, stream>>>(
      g, inverse_out_weight, x, incoming);
  CUDA_CHECK_LAUNCH();
}

void launch_pagerank_finish(const DevicePageRankGraph& g, const std::uint8_t* dangling, double alpha, const double* x,
                            double* incoming, double* x_next, const double* dangling_mass, double* change,
                            double* next_dangling_mass, int multiprocessors, cudaStream_t stream) {
  finish<<<grid_of(g.n, multiprocessors), kThreads, 0, stream>>>(g, dangling, alpha, x, incoming, x_next,
                                                                  dangling_mass, change, next_dangling_mass);
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu::centrality
