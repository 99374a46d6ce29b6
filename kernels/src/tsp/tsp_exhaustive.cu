// Exhaustive tour search on the GPU. Each thread decodes the first permutation of its run of
// units by the factorial number system and walks on (tsp_walk.hpp, the same code the CPU runs);
// each block keeps its best (cost, index) by a shared-memory reduction and the host takes the
// best of the blocks after every launch. Launches grow until one takes about 0.1 s, so that
// progress, cancel and the time limit are looked at between them.
#include <algorithm>
#include <string>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/gpu_context.hpp"
#include "common/device_memory.hpp"
#include "common/entry_points.hpp"
#include "pathscope/tsp/detail/typed_costs.hpp"
#include "pathscope/tsp/tsp_walk.hpp"

namespace pathscope::gpu {
namespace {

using tsp_walk::Best;
using tsp_walk::TourSpace;

constexpr int kThreadsPerBlock = 256;

template <typename Cost>
__device__ bool better(Cost cost, std::uint64_t index, Cost than_cost, std::uint64_t than_index) {
  return cost < than_cost || (cost == than_cost && index < than_index);
}

template <typename Cost, int L>
__global__ void __launch_bounds__(kThreadsPerBlock, 1)
    exhaustive_kernel(const Cost* __restrict__ costs, TourSpace space, std::uint64_t first_unit, std::uint64_t end_unit,
                      std::uint64_t units_per_thread, Cost worst, Best<Cost>* block_best) {
  __shared__ Cost matrix[tsp_walk::kMaxStops * tsp_walk::kMaxStops];
  __shared__ Cost best_cost[kThreadsPerBlock];
  __shared__ std::uint64_t best_index[kThreadsPerBlock];
  const int k = space.k;
  for (int i = threadIdx.x; i < k * k; i += blockDim.x) matrix[i] = costs[i];
  __syncthreads();

  const std::uint64_t thread = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::uint64_t from = first_unit + thread * units_per_thread;
  Best<Cost> best{worst, ~std::uint64_t{0}};
  if (from < end_unit) {
    const std::uint64_t to = end_unit - from < units_per_thread ? end_unit : from + units_per_thread;
    tsp_walk::search_units<Cost, L>(matrix, space, from, to, best);
  }
  best_cost[threadIdx.x] = best.cost;
  best_index[threadIdx.x] = best.index;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) {
      const int other = threadIdx.x + stride;
      if (better(best_cost[other], best_index[other], best_cost[threadIdx.x], best_index[threadIdx.x])) {
        best_cost[threadIdx.x] = best_cost[other];
        best_index[threadIdx.x] = best_index[other];
      }
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) block_best[blockIdx.x] = Best<Cost>{best_cost[0], best_index[0]};
}

template <typename Cost>
void launch(int suffix, int blocks, const Cost* costs, const TourSpace& space, std::uint64_t first, std::uint64_t end,
            std::uint64_t per_thread, Cost worst, Best<Cost>* block_best, cudaStream_t s) {
  switch (suffix) {
    case 1: exhaustive_kernel<Cost, 1><<<blocks, kThreadsPerBlock, 0, s>>>(costs, space, first, end, per_thread, worst, block_best); break;
    case 2: exhaustive_kernel<Cost, 2><<<blocks, kThreadsPerBlock, 0, s>>>(costs, space, first, end, per_thread, worst, block_best); break;
    case 3: exhaustive_kernel<Cost, 3><<<blocks, kThreadsPerBlock, 0, s>>>(costs, space, first, end, per_thread, worst, block_best); break;
    case 4: exhaustive_kernel<Cost, 4><<<blocks, kThreadsPerBlock, 0, s>>>(costs, space, first, end, per_thread, worst, block_best); break;
    default: exhaustive_kernel<Cost, 5><<<blocks, kThreadsPerBlock, 0, s>>>(costs, space, first, end, per_thread, worst, block_best); break;
  }
  CUDA_CHECK_LAUNCH();
}

template <typename Cost>
TspResult search(const TspInstance& instance, const TspOptions& options, const JobContext& job, const GpuContext& gpu) {
  const double start = now_seconds();
  const TourSpace space = tsp_walk::make_tour_space(instance.k, instance.symmetric);
  const std::vector<Cost> host_costs = tsp_detail::typed_costs<Cost>(instance);
  const Cost worst = tsp_detail::worst_cost<Cost>();

  double transfer = 0, compute = 0;
  double t0 = now_seconds();
  const Stream& stream = gpu.stream();  // outlives the arrays: they go back to the pool in its order
  const cudaStream_t s = stream.get();
  DeviceArray<Cost> costs(host_costs.size(), s);
  CUDA_CHECK(cudaMemcpyAsync(costs.get(), host_costs.data(), costs.bytes(), cudaMemcpyHostToDevice, s));
  const int blocks = gpu.multiprocessors() * 8;
  const std::uint64_t threads = static_cast<std::uint64_t>(blocks) * kThreadsPerBlock;
  DeviceArray<Best<Cost>> block_best(blocks, s);
  std::vector<Best<Cost>> host_best(blocks);
  stream.sync();
  transfer += now_seconds() - t0;

  Best<Cost> best{worst, ~std::uint64_t{0}};
  std::uint64_t done = 0, per_thread = 1;
  bool stopped_early = false;
  while (done < space.units) {
    job.check_cancel();
    if (options.time_limit_seconds > 0 && now_seconds() - start > options.time_limit_seconds) {
      stopped_early = true;
      break;
    }
    const std::uint64_t end = space.units - done <= threads * per_thread ? space.units : done + threads * per_thread;
    // Threads are spread over the launch's units, at most per_thread each.
    const std::uint64_t share = (end - done + threads - 1) / threads;
    t0 = now_seconds();
    launch<Cost>(space.suffix, blocks, costs.get(), space, done, end, share, worst, block_best.get(), s);
    stream.sync();
    const double took = now_seconds() - t0;
    compute += took;
    t0 = now_seconds();
    CUDA_CHECK(cudaMemcpyAsync(host_best.data(), block_best.get(), blocks * sizeof(Best<Cost>), cudaMemcpyDeviceToHost, s));
    stream.sync();
    transfer += now_seconds() - t0;
    for (const auto& b : host_best)
      if (b.cost < best.cost || (b.cost == best.cost && b.index < best.index)) best = b;
    done = end;
    job.report(static_cast<double>(done) / static_cast<double>(space.units));
    if (took < 0.1) per_thread *= 2;
  }
  TspResult result;
  result.algorithm = TspAlgorithm::Exhaustive;
  result.backend = TspBackend::Gpu;
  result.fraction_searched = static_cast<double>(done) / static_cast<double>(space.units);
  result.proven_optimal = !stopped_early;
  if (done > 0) {
    int tour[tsp_walk::kMaxStops];
    tsp_walk::decode_tour(space, best.index, tour);
    result.tour.assign(tour, tour + instance.k);
    result.length = tour_length(instance, result.tour);
  }
  result.timing.engine = std::string("tsp-brute-gpu (") + tsp_detail::cost_kind_name(tsp_detail::choose_cost_kind(instance)) + ")";
  result.timing.device = gpu.device_name();
  result.timing.seconds = now_seconds() - start;
  result.timing.compute_seconds = compute;
  result.timing.transfer_seconds = transfer;
  result.timing.updates = static_cast<double>(done) * static_cast<double>(space.suffix_factorial);
  return result;
}

}  // namespace

void check_exhaustive_size(const TspInstance& instance) {
  if (instance.k > kMaxExhaustiveStops)
    throw Error(instance.name + ": exhaustive search handles at most " + std::to_string(kMaxExhaustiveStops) +
                " stops (" + std::to_string(instance.k) + " given); use held-karp or 2opt");
}

TspResult tsp_exhaustive(const TspInstance& instance, const TspOptions& options, const JobContext& job,
                         const GpuContext& gpu) {
  check_exhaustive_size(instance);
  if (instance.k <= 2) {
    // One tour only: nothing for a device to search.
    TspResult result;
    for (std::int32_t i = 0; i < instance.k; ++i) result.tour.push_back(i);
    result.length = tour_length(instance, result.tour);
    result.algorithm = TspAlgorithm::Exhaustive;
    result.backend = TspBackend::Gpu;
    result.proven_optimal = true;
    result.timing.engine = "tsp-brute-gpu";
    result.timing.updates = 1;
    return result;
  }
  switch (tsp_detail::choose_cost_kind(instance)) {
    case tsp_detail::CostKind::Int16: return search<std::int16_t>(instance, options, job, gpu);
    case tsp_detail::CostKind::Int32: return search<std::int32_t>(instance, options, job, gpu);
    case tsp_detail::CostKind::Int64: return search<long long>(instance, options, job, gpu);
    default: return search<double>(instance, options, job, gpu);
  }
}

}  // namespace pathscope::gpu
