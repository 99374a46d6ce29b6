#pragma once
// The closure of a small graph in one launch, with no condensation: a block searches breadth
// first from 32 sources at once, one bit per source in a 32-bit word per node (bit i of
// reached[v]: source i reaches v by a path of one arc or more), all three node arrays in
// shared memory, then writes its 32 result rows.
//
// Header-only, compiled into closure_gpu.cu, its one user: kernels/CMakeLists.txt lists the
// .cu files, and this path was kept to the closure folder.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "common/cuda_check.hpp"

namespace pathscope::gpu::closure {

struct SourceBatchGraph {
  // The CSR with 32-bit offsets: fewer registers, and a small graph's arcs fit them
  // (direct_closure_fits).
  const std::int32_t* offsets;
  const std::int32_t* heads;
  std::int32_t n;
  std::int32_t words;  // 64-bit words per result row
};

constexpr int kBatchSources = 32;  // one bit each in a node's word, one lane each in a ballot
// 1,024 threads, two blocks a multiprocessor (at most 32 registers a thread): a level's pass
// over the nodes is a few words a thread, and the barrier between levels is the block's cost.
constexpr int kBatchThreads = 1024;
constexpr int kBatchBlocksPerMultiprocessor = 2;

// reached, arrived (this level), arriving (next level): one word per node of the padded row
// (words * 64), so that the nodes past n read as zero when the rows are transposed.
inline std::size_t source_batch_shared_bytes(std::int32_t words) {
  return std::size_t{3} * static_cast<std::size_t>(words) * 64 * sizeof(unsigned);
}

static __global__ void __launch_bounds__(kBatchThreads, kBatchBlocksPerMultiprocessor)
    source_batch_kernel(SourceBatchGraph g, std::uint64_t* out) {
  extern __shared__ unsigned node_words[];
  const std::int32_t padded = g.words * 64;
  unsigned* const reached = node_words;
  // The two level arrays trade roles each level: arrived at level_words[parity], arriving at
  // level_words[parity ^ padded].
  unsigned* const level_words = node_words + padded;
  std::int32_t parity = 0;
  const std::int32_t s0 = static_cast<std::int32_t>(blockIdx.x) * kBatchSources;
  const int sources = min(kBatchSources, g.n - s0);
  const int warp = static_cast<int>(threadIdx.x) / 32, lane = static_cast<int>(threadIdx.x) % 32;
  const int warps = static_cast<int>(blockDim.x) / 32;

  for (std::int32_t v = threadIdx.x; v < 3 * padded; v += blockDim.x) node_words[v] = 0;
  __syncthreads();
  // Level 1 is the sources' own arcs, and the sources are not marked reached: a source reaches
  // itself only when a path comes back to it (R+, closure.hpp).
  for (int i = warp; i < sources; i += warps)
    for (std::int32_t a = g.offsets[s0 + i] + lane; a < g.offsets[s0 + i + 1]; a += 32)
      atomicOr(&level_words[g.heads[a]], 1u << i);
  __syncthreads();

  // One barrier a level: a node's owner clears what arrived at it and marks the fresh bits
  // reached before it pushes them on, so `arrived` is all zero when the pass ends and serves
  // as the next level's `arriving`. Another thread may read reached[h] mid-update; either value
  // is safe to skip against, since a bit in it is being or has been pushed on from h already.
  for (;;) {
    int pushed = 0;
    unsigned* const arrived = level_words + parity;
    unsigned* const arriving = level_words + (parity ^ padded);
    for (std::int32_t v = threadIdx.x; v < g.n; v += blockDim.x) {
      const unsigned in = arrived[v];
      if (in == 0) continue;
      arrived[v] = 0;
      const unsigned fresh = in & ~reached[v];
      if (fresh == 0) continue;
      reached[v] |= fresh;
      pushed = 1;
      for (std::int32_t a = g.offsets[v], end = g.offsets[v + 1]; a < end; ++a) {
        const std::int32_t h = g.heads[a];
        if (fresh & ~(reached[h] | arriving[h])) atomicOr(&arriving[h], fresh);
      }
    }
    if (!__syncthreads_or(pushed)) break;
    parity ^= padded;
  }

  // Both level arrays are zero and free now; they hold the 32 rows, transposed 32 nodes at a
  // time by ballots. The pitch is odd so that the lanes' stores, one row each, hit 32 banks.
  unsigned* const rows = level_words;
  const std::int32_t pitch = 2 * g.words + 1;
  for (std::int32_t chunk = warp; chunk < 2 * g.words; chunk += warps) {
    const unsigned mine = reached[chunk * 32 + lane];
    unsigned row_bits = 0;
#pragma unroll 4  // unrolled whole, the loop needs more than the 32 registers two blocks leave
    for (int i = 0; i < kBatchSources; ++i) {
      const unsigned bits = __ballot_sync(0xffffffffu, (mine >> i) & 1u);
      if (lane == i) row_bits = bits;
    }
    rows[lane * pitch + chunk] = row_bits;
  }
  __syncthreads();
  // The block's rows are consecutive in the result: one coalesced sweep writes them all.
  std::uint64_t* const target = out + static_cast<std::int64_t>(s0) * g.words;
  for (std::int32_t idx = threadIdx.x; idx < sources * g.words; idx += blockDim.x) {
    const std::int32_t r = idx / g.words, w = idx % g.words;
    const unsigned* row = rows + r * pitch;
    target[idx] = static_cast<std::uint64_t>(row[2 * w]) | (static_cast<std::uint64_t>(row[2 * w + 1]) << 32);
  }
}

// Whether the device lets one block hold the three node arrays of an n-node graph.
inline bool source_batches_fit(std::int32_t words, int device) {
  int optin = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  return source_batch_shared_bytes(words) <= static_cast<std::size_t>(optin);
}

// Every row of the result: n rows of g.words words at `out`, which needs no clearing.
inline void launch_source_batches(const SourceBatchGraph& g, std::uint64_t* out, cudaStream_t stream) {
  const std::size_t shared = source_batch_shared_bytes(g.words);
  CUDA_CHECK(cudaFuncSetAttribute(source_batch_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  static_cast<int>(shared)));
  const unsigned blocks = static_cast<unsigned>((g.n + kBatchSources - 1) / kBatchSources);
  source_batch_kernel<<<blocks, kBatchThreads, shared, stream>>>(g, out);
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu::closure
