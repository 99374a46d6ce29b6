// Held-Karp on the GPU: one launch per layer of subsets of equal size, one thread per subset
// (found from its rank by the combinatorial number system) filling the next layer's entries. The table stays in device memory;
// to rebuild the tour only the k rows on the way back are copied to the host.
#include <algorithm>
#include <string>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/gpu_context.hpp"
#include "common/device_memory.hpp"
#include "common/entry_points.hpp"
#include "pathscope/tsp/detail/held_karp_support.hpp"
#include "pathscope/tsp/detail/typed_costs.hpp"
#include "pathscope/tsp/tsp_walk.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kThreadsPerBlock = 256;
constexpr int kMatrixEntries = tsp_walk::kMaxHeldKarpStops * tsp_walk::kMaxHeldKarpStops;

template <typename Cost>
__global__ void __launch_bounds__(kThreadsPerBlock)
    held_karp_layer(const Cost* __restrict__ costs, const std::uint64_t* __restrict__ binomials_global, int k, int size,
                    std::uint64_t count, Cost* dp) {
  __shared__ Cost matrix[kMatrixEntries];
  __shared__ std::uint64_t binomials[tsp_walk::kBinomialEntries];
  for (int i = threadIdx.x; i < k * k; i += blockDim.x) matrix[i] = costs[i];
  for (int i = threadIdx.x; i < tsp_walk::kBinomialEntries; i += blockDim.x) binomials[i] = binomials_global[i];
  __syncthreads();
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t rank = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; rank < count; rank += stride)
    tsp_walk::held_karp_extend<Cost>(matrix, k, dp, tsp_walk::unrank_subset(rank, size, k - 1, binomials));
}

template <typename Cost>
TspResult run(const TspInstance& instance, const JobContext& job, const GpuContext& gpu) {
  const double start = now_seconds();
  const int k = instance.k, m = k - 1;
  tsp_detail::check_held_karp_budget(instance, gpu.memory_budget(), "GPU memory");

  double transfer = 0, compute = 0;
  double t0 = now_seconds();
  const std::vector<Cost> host_costs = tsp_detail::typed_costs<Cost>(instance);
  std::vector<std::uint64_t> host_binomials(tsp_walk::kBinomialEntries);
  tsp_walk::fill_binomials(host_binomials.data());
  const Stream& stream = gpu.stream();  // outlives the arrays: they go back to the pool in its order
  const cudaStream_t s = stream.get();
  DeviceArray<Cost> costs(host_costs.size(), s);
  DeviceArray<std::uint64_t> binomials(host_binomials.size(), s);
  DeviceArray<Cost> dp(tsp_detail::held_karp_entries(k), s);
  CUDA_CHECK(cudaMemcpyAsync(costs.get(), host_costs.data(), costs.bytes(), cudaMemcpyHostToDevice, s));
  CUDA_CHECK(cudaMemcpyAsync(binomials.get(), host_binomials.data(), binomials.bytes(), cudaMemcpyHostToDevice, s));
  stream.sync();
  transfer += now_seconds() - t0;

  const std::uint64_t resident = static_cast<std::uint64_t>(gpu.multiprocessors()) * 8;
  for (int size = 0; size < m; ++size) {  // subsets of `size` stops fill those of size + 1
    job.check_cancel();
    const std::uint64_t count = tsp_walk::binomial(m, size);
    const std::uint64_t wanted = (count + kThreadsPerBlock - 1) / kThreadsPerBlock;
    const int blocks = static_cast<int>(wanted < resident * 16 ? wanted : resident * 16);
    t0 = now_seconds();
    held_karp_layer<Cost><<<blocks, kThreadsPerBlock, 0, s>>>(costs.get(), binomials.get(), k, size, count, dp.get());
    CUDA_CHECK_LAUNCH();
    stream.sync();
    compute += now_seconds() - t0;
    job.report(static_cast<double>(size + 1) / m);
  }

  t0 = now_seconds();
  std::vector<Cost> fetched(m);
  TspResult result;
  result.tour = tsp_detail::held_karp_tour<Cost>(host_costs.data(), k, [&](std::uint32_t subset) {
    CUDA_CHECK(cudaMemcpyAsync(fetched.data(), dp.get() + static_cast<std::uint64_t>(subset) * m, m * sizeof(Cost),
                               cudaMemcpyDeviceToHost, s));
    stream.sync();
    return static_cast<const Cost*>(fetched.data());
  });
  transfer += now_seconds() - t0;
  result.length = tour_length(instance, result.tour);
  result.algorithm = TspAlgorithm::HeldKarp;
  result.backend = TspBackend::Gpu;
  result.proven_optimal = true;
  result.timing.engine = std::string("tsp-held-karp-gpu (") + tsp_detail::cost_kind_name(tsp_detail::choose_cost_kind(instance)) + ")";
  result.timing.device = gpu.device_name();
  result.timing.seconds = now_seconds() - start;
  result.timing.compute_seconds = compute;
  result.timing.transfer_seconds = transfer;
  result.timing.updates = tsp_detail::held_karp_transitions(k);
  return result;
}

}  // namespace

TspResult tsp_held_karp(const TspInstance& instance, const TspOptions& options, const JobContext& job,
                        const GpuContext& gpu) {
  if (instance.k <= 2) return tsp_exhaustive(instance, options, job, gpu);
  switch (tsp_detail::choose_cost_kind(instance)) {
    case tsp_detail::CostKind::Int16: return run<std::int16_t>(instance, job, gpu);
    case tsp_detail::CostKind::Int32: return run<std::int32_t>(instance, job, gpu);
    case tsp_detail::CostKind::Int64: return run<long long>(instance, job, gpu);
    default: return run<double>(instance, job, gpu);
  }
}

}  // namespace pathscope::gpu
