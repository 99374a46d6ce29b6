// The steps of the many-repetition traversal. A thread owns one word (64 repetitions) of one
// node, consecutive threads the consecutive words of a node, so a warp reads each in-arc once
// and the frontier words of its tail in one coalesced load.
#include "common/cuda_check.hpp"
#include "common/launch_grid.hpp"
#include "flow/flow_kernels.cuh"
#include "pathscope/flow/detail/flow_plan.hpp"

namespace pathscope::gpu::flow {
namespace {

constexpr int kThreads = 256;

// The repetitions word `w` of the batch holds: all 64 but in the batch's last, partial word.
__device__ __forceinline__ std::uint64_t word_runs(const RunBatch& batch, std::int64_t w) {
  const std::int64_t left = batch.repetitions - w * 64;
  return left >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << left) - 1;
}

__global__ void __launch_bounds__(kThreads) seed_batch_kernel(const std::int32_t* seeds, std::int32_t seed_count,
                                                             RunBatch batch, std::uint64_t* reached,
                                                             std::uint64_t* frontier) {
  const std::int64_t items = static_cast<std::int64_t>(seed_count) * batch.words;
  for (std::int64_t item = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; item < items;
       item += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const std::int64_t w = item % batch.words;
    const std::int64_t at = static_cast<std::int64_t>(seeds[item / batch.words]) * batch.words + w;
    reached[at] = frontier[at] = word_runs(batch, w);
  }
}

__global__ void __launch_bounds__(kThreads) flow_step_kernel(InArcs in, RunBatch batch, std::uint32_t layer,
                                                            const std::uint64_t* frontier, std::uint64_t* reached,
                                                            std::uint64_t* next, Tallies tallies, int* added) {
  const std::int64_t items = static_cast<std::int64_t>(in.n) * batch.words;
  for (std::int64_t item = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; item < items;
       item += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const std::int64_t v = item / batch.words, w = item % batch.words;
    const std::uint64_t had = reached[item];
    std::uint64_t fresh = 0;
    if (had != word_runs(batch, w)) {
      const std::uint32_t word_first_run = batch.first_run + static_cast<std::uint32_t>(w * 64);
      for (std::int64_t i = in.offsets[v]; i < in.offsets[v + 1]; ++i) {
        // Repetitions at the tail's frontier that have not reached v yet: each tries this arc once.
        std::uint64_t trying = frontier[static_cast<std::int64_t>(in.tails[i]) * batch.words + w] & ~(had | fresh);
        if (trying == 0) continue;
        const std::uint64_t arc = static_cast<std::uint64_t>(in.arcs[i]);
        const double chance = in.chances[i];
        while (trying != 0) {
          const int bit = __ffsll(static_cast<long long>(trying)) - 1;
          trying &= trying - 1;
          if (pathscope::detail::crosses(batch.seed, word_first_run + static_cast<std::uint32_t>(bit), arc, chance))
            fresh |= std::uint64_t{1} << bit;
        }
      }
    }
    next[item] = fresh;
    if (fresh != 0) {
      reached[item] = had | fresh;
      const auto count = static_cast<unsigned long long>(__popcll(fresh));
      atomicAdd(tallies.layer_sum + v, count * layer);
      atomicAdd(tallies.layer_square_sum + v, count * layer * layer);
      atomicAdd(tallies.reached + v, static_cast<unsigned>(count));
      *added = 1;
    }
  }
}

}  // namespace

void launch_seed_batch(const GpuContext& gpu, const std::int32_t* seeds, std::int32_t seed_count, const RunBatch& batch,
                       std::uint64_t* reached, std::uint64_t* frontier, cudaStream_t stream) {
  const std::int64_t items = static_cast<std::int64_t>(seed_count) * batch.words;
  seed_batch_kernel<<<grid_for(gpu, items, kThreads), kThreads, 0, stream>>>(seeds, seed_count, batch, reached,
                                                                              frontier);
  CUDA_CHECK_LAUNCH();
}

void launch_flow_step(const GpuContext& gpu, const InArcs& in, const RunBatch& batch, std::uint32_t layer,
                      const std::uint64_t* frontier, std::uint64_t* reached, std::uint64_t* next,
                      const Tallies& tallies, int* added, cudaStream_t stream) {
  const std::int64_t items = static_cast<std::int64_t>(in.n) * batch.words;
  flow_step_kernel<<<grid_for(gpu, items, kThreads), kThreads, 0, stream>>>(in, batch, layer, frontier, reached, next,
                                                                             tallies, added);
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu::flow
