// The step of pagerank_steps.cuh: a group of lanes per node over its arcs in, then block sums
// of the change and the dangling mass, one atomic per block.
#include <algorithm>

#include "centrality/pagerank_steps.cuh"
#include "common/cuda_check.hpp"

namespace pathscope::gpu::centrality {
namespace {

constexpr int kLanes = 8;
constexpr int kThreads = 256;

__device__ __forceinline__ double warp_sum(double value) {
  for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
  return value;
}

__global__ void __launch_bounds__(kThreads) pagerank_step(DeviceTransitions t, double alpha, const double* x,
                                                          double* x_next, const double* dangling_mass, double* change,
                                                          double* next_dangling_mass) {
  __shared__ double block_change[kThreads / 32], block_dangling[kThreads / 32];
  const double inverse_n = 1.0 / t.kept_nodes;
  const double spread = *dangling_mass * inverse_n;
  const int lane = threadIdx.x % kLanes;
  const unsigned group_mask = ((1u << kLanes) - 1u) << ((threadIdx.x & 31u) / kLanes * kLanes);
  const std::int64_t groups = static_cast<std::int64_t>(gridDim.x) * (blockDim.x / kLanes);
  double my_change = 0, my_dangling = 0;
  for (std::int64_t v = (static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kLanes; v < t.n;
       v += groups) {
    if (t.node_kept && !t.node_kept[v]) continue;  // the whole group skips together
    double sum = 0;
    for (std::int64_t a = t.in_offsets[v] + lane; a < t.in_offsets[v + 1]; a += kLanes)
      sum += x[t.tails[a]] * t.shares[a];
    for (int offset = kLanes / 2; offset > 0; offset /= 2) sum += __shfl_down_sync(group_mask, sum, offset, kLanes);
    if (lane == 0) {
      const double value = alpha * (sum + spread) + (1.0 - alpha) * inverse_n;
      x_next[v] = value;
      my_change += fabs(value - x[v]);
      if (t.dangling[v]) my_dangling += value;
    }
  }
  my_change = warp_sum(my_change);
  my_dangling = warp_sum(my_dangling);
  if ((threadIdx.x & 31u) == 0) {
    block_change[threadIdx.x / 32] = my_change;
    block_dangling[threadIdx.x / 32] = my_dangling;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    double total_change = 0, total_dangling = 0;
    for (int w = 0; w < kThreads / 32; ++w) {
      total_change += block_change[w];
      total_dangling += block_dangling[w];
    }
    atomicAdd(change, total_change);
    if (total_dangling != 0) atomicAdd(next_dangling_mass, total_dangling);
  }
}

}  // namespace

void launch_pagerank_step(const DeviceTransitions& t, double alpha, const double* x, double* x_next,
                          const double* dangling_mass, double* change, double* next_dangling_mass, int multiprocessors,
                          cudaStream_t stream) {
  const std::int64_t nodes_per_block = kThreads / kLanes;
  const int grid = static_cast<int>(
      std::clamp<std::int64_t>((t.n + nodes_per_block - 1) / nodes_per_block, 1, multiprocessors * 16ll));
  pagerank_step<<<grid, kThreads, 0, stream>>>(t, alpha, x, x_next, dangling_mass, change, next_dangling_mass);
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu::centrality
