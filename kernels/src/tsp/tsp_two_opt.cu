// Best-improvement 2-opt with every move of a step evaluated at once: thread (i, j), i < j,
// prices reversing positions i+1..j; blocks keep their best (delta, move) by a shared-memory
// reduction and the host applies the best of all, until no move gains. For an asymmetric
// matrix the reversed stretch's arcs change direction; prefix sums along the tour, forward and
// backward, price that in O(1).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/gpu_context.hpp"
#include "common/device_memory.hpp"
#include "common/entry_points.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kThreadsPerBlock = 256;

struct Move {
  double delta;
  long long index;  // i * k + j; -1 for none
};

__global__ void __launch_bounds__(kThreadsPerBlock)
    two_opt_moves(const double* __restrict__ cost, const int* __restrict__ tour, const double* __restrict__ forward,
                  const double* __restrict__ backward, int k, Move* block_best) {
  __shared__ double best_delta[kThreadsPerBlock];
  __shared__ long long best_index[kThreadsPerBlock];
  Move best{0.0, -1};
  const long long total = static_cast<long long>(k) * k;
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long index = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; index < total; index += stride) {
    const int i = static_cast<int>(index / k), j = static_cast<int>(index % k);
    const int length = j - i;  // the stretch i+1..j
    if (length < 2 || length >= k - 1) continue;
    const int a = tour[i], b = tour[i + 1], c = tour[j], d = tour[j + 1 == k ? 0 : j + 1];
    double delta = cost[static_cast<long long>(a) * k + c] + cost[static_cast<long long>(b) * k + d] -
                   cost[static_cast<long long>(a) * k + b] - cost[static_cast<long long>(c) * k + d];
    if (forward) delta += (backward[j] - backward[i + 1]) - (forward[j] - forward[i + 1]);
    if (delta < best.delta) best = Move{delta, index};
  }
  best_delta[threadIdx.x] = best.delta;
  best_index[threadIdx.x] = best.index;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half >>= 1) {
    if (threadIdx.x < half) {
      const int other = threadIdx.x + half;
      const bool take = best_delta[other] < best_delta[threadIdx.x] ||
                        (best_delta[other] == best_delta[threadIdx.x] && best_index[other] >= 0 &&
                         (best_index[threadIdx.x] < 0 || best_index[other] < best_index[threadIdx.x]));
      if (take) {
        best_delta[threadIdx.x] = best_delta[other];
        best_index[threadIdx.x] = best_index[other];
      }
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) block_best[blockIdx.x] = Move{best_delta[0], best_index[0]};
}

void prefix_sums(const TspInstance& instance, const std::vector<int>& tour, std::vector<double>& forward,
                 std::vector<double>& backward) {
  const auto k = instance.k;
  forward.assign(k, 0);
  backward.assign(k, 0);
  for (std::int32_t p = 1; p < k; ++p) {
    forward[p] = forward[p - 1] + instance.at(tour[p - 1], tour[p]);
    backward[p] = backward[p - 1] + instance.at(tour[p], tour[p - 1]);
  }
}

}  // namespace

std::vector<std::int32_t> two_opt_descent(const TspInstance& instance, std::vector<std::int32_t> tour, Timing* timing,
                                          const JobContext& job, const GpuContext& gpu) {
  const double start = now_seconds();
  const int k = instance.k;
  if (timing) timing->device = gpu.device_name();
  if (k < 5) return tour;
  double total = 0;
  for (double c : instance.cost) total += std::fabs(c);
  // The same threshold as the CPU local search: a gain must beat rounding noise.
  const double epsilon = instance.integer_costs ? 0.5 : 1e-9 * (1 + total / instance.cost.size()) * k;

  double transfer = 0, compute = 0;
  double t0 = now_seconds();
  const Stream& stream = gpu.stream();  // outlives the arrays: they go back to the pool in its order
  const cudaStream_t s = stream.get();
  DeviceArray<double> cost(instance.cost.size(), s);
  DeviceArray<int> device_tour(k, s);
  DeviceArray<double> forward(instance.symmetric ? 0 : k, s), backward(instance.symmetric ? 0 : k, s);
  const std::uint64_t wanted = (static_cast<std::uint64_t>(k) * k + kThreadsPerBlock - 1) / kThreadsPerBlock;
  const int blocks = static_cast<int>(
      std::max<std::uint64_t>(1, std::min<std::uint64_t>(wanted, static_cast<std::uint64_t>(gpu.multiprocessors()) * 8)));
  DeviceArray<Move> block_best(blocks, s);
  std::vector<Move> host_best(blocks);
  std::vector<double> host_forward, host_backward;
  CUDA_CHECK(cudaMemcpyAsync(cost.get(), instance.cost.data(), cost.bytes(), cudaMemcpyHostToDevice, s));
  stream.sync();
  transfer += now_seconds() - t0;

  for (std::int64_t step = 0;; ++step) {
    if (step % 16 == 0) job.check_cancel();
    t0 = now_seconds();
    CUDA_CHECK(cudaMemcpyAsync(device_tour.get(), tour.data(), k * sizeof(int), cudaMemcpyHostToDevice, s));
    if (!instance.symmetric) {
      prefix_sums(instance, tour, host_forward, host_backward);
      CUDA_CHECK(cudaMemcpyAsync(forward.get(), host_forward.data(), k * sizeof(double), cudaMemcpyHostToDevice, s));
      CUDA_CHECK(cudaMemcpyAsync(backward.get(), host_backward.data(), k * sizeof(double), cudaMemcpyHostToDevice, s));
    }
    stream.sync();
    transfer += now_seconds() - t0;
    t0 = now_seconds();
    two_opt_moves<<<blocks, kThreadsPerBlock, 0, s>>>(cost.get(), device_tour.get(),
                                                      instance.symmetric ? nullptr : forward.get(),
                                                      instance.symmetric ? nullptr : backward.get(), k, block_best.get());
    CUDA_CHECK_LAUNCH();
    stream.sync();
    compute += now_seconds() - t0;
    t0 = now_seconds();
    CUDA_CHECK(cudaMemcpyAsync(host_best.data(), block_best.get(), blocks * sizeof(Move), cudaMemcpyDeviceToHost, s));
    stream.sync();
    transfer += now_seconds() - t0;
    Move best{0.0, -1};
    for (const auto& move : host_best)
      if (move.index >= 0 && (move.delta < best.delta || (move.delta == best.delta && move.index < best.index))) best = move;
    if (best.index < 0 || best.delta >= -epsilon) break;
    const int i = static_cast<int>(best.index / k), j = static_cast<int>(best.index % k);
    std::reverse(tour.begin() + i + 1, tour.begin() + j + 1);
  }
  if (timing) {
    timing->compute_seconds += compute;
    timing->transfer_seconds += transfer;
    timing->seconds += now_seconds() - start;
  }
  return tour;
}

}  // namespace pathscope::gpu
