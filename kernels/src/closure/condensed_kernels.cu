// The component rows of the condensed DAG and their expansion to the node matrix.
#include <algorithm>

#include "closure/condensed_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/gpu_context.hpp"

namespace pathscope::gpu::closure {
namespace {

constexpr int kThreads = 256;
constexpr std::size_t kSharedLimit = 96 * 1024;  // opted in beyond the default 48 KiB

__device__ __forceinline__ unsigned load_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__device__ __forceinline__ void store_release(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// One warp per component, built in shared memory. Successors come highest number first: the
// first one usually reaches the others, whose bits are then already set, and a component
// whose bit is set has its whole reach set in the row already (rows are closed), so it is
// skipped without a look at its row.
__global__ void __launch_bounds__(kThreads) dag_rows_kernel(DagView dag, std::uint64_t* rows, unsigned* done,
                                                           unsigned* next_component) {
  extern __shared__ std::uint64_t shared_rows[];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  std::uint64_t* row = shared_rows + warp * dag.words;
  for (;;) {
    int k = 0;
    if (lane == 0) k = static_cast<int>(atomicAdd(next_component, 1u));
    k = __shfl_sync(0xffffffffu, k, 0);
    if (k >= dag.count) return;
    for (std::int64_t w = lane; w < dag.words; w += 32) row[w] = 0;
    __syncwarp();
    if (lane == 0 && dag.cyclic[k]) row[k >> 6] |= std::uint64_t{1} << (k & 63);
    __syncwarp();
    for (std::int64_t a = dag.offsets[k]; a < dag.offsets[k + 1]; ++a) {
      const int d = dag.heads[a];
      if ((row[d >> 6] >> (d & 63)) & 1u) continue;
      // d < k was taken by a warp that is running now; every lane waits for its row.
      while (load_acquire(done + d) == 0) __nanosleep(32);
      const std::uint64_t* source = rows + static_cast<std::int64_t>(d) * dag.words;
      for (std::int64_t w = lane; w < dag.words; w += 32) row[w] |= __ldcg(source + w);
      __syncwarp();
      if (lane == 0) row[d >> 6] |= std::uint64_t{1} << (d & 63);
      __syncwarp();
    }
    std::uint64_t* target = rows + static_cast<std::int64_t>(k) * dag.words;
    for (std::int64_t w = lane; w < dag.words; w += 32) __stcg(target + w, row[w]);
    __threadfence();
    __syncwarp();
    if (lane == 0) store_release(done + k, 1u);
    __syncwarp();
  }
}

// A block writes `group` consecutive node rows: their component rows wait in shared memory,
// each warp takes output words, and per word the 64 nodes' components are read once (two
// coalesced loads) and tested against each row, the bits gathered by two ballots.
__global__ void __launch_bounds__(kThreads) expand_rows_kernel(const std::uint64_t* rows, std::int64_t dag_words,
                                                              const std::int32_t* component, std::int32_t n,
                                                              std::int64_t words, std::uint64_t* out, int group) {
  extern __shared__ std::uint64_t component_rows[];
  const std::int64_t v0 = static_cast<std::int64_t>(blockIdx.x) * group;
  const int rows_here = static_cast<int>(std::min<std::int64_t>(group, n - v0));
  for (std::int64_t idx = threadIdx.x; idx < rows_here * dag_words; idx += blockDim.x) {
    const std::int64_t r = idx / dag_words, w = idx % dag_words;
    component_rows[idx] = rows[static_cast<std::int64_t>(component[v0 + r]) * dag_words + w];
  }
  __syncthreads();
  const auto* halves = reinterpret_cast<const unsigned*>(component_rows);
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
  for (std::int64_t w = warp; w < words; w += warps) {
    const std::int64_t x0 = w * 64 + lane, x1 = x0 + 32;
    const int c0 = x0 < n ? component[x0] : -1;
    const int c1 = x1 < n ? component[x1] : -1;
    std::uint64_t mine = 0;
    for (int r = 0; r < rows_here; ++r) {
      const unsigned* row = halves + static_cast<std::int64_t>(r) * dag_words * 2;
      const bool b0 = c0 >= 0 && ((row[c0 >> 5] >> (c0 & 31)) & 1u);
      const bool b1 = c1 >= 0 && ((row[c1 >> 5] >> (c1 & 31)) & 1u);
      const unsigned lo = __ballot_sync(0xffffffffu, b0), hi = __ballot_sync(0xffffffffu, b1);
      if (lane == r) mine = (static_cast<std::uint64_t>(hi) << 32) | lo;
    }
    if (lane < rows_here) out[(v0 + lane) * words + w] = mine;
  }
}

}  // namespace

void launch_dag_rows(const GpuContext& gpu, const DagView& dag, std::uint64_t* rows, unsigned* done,
                     unsigned* next_component, cudaStream_t stream) {
  if (dag.count <= 0) return;
  const std::size_t row_bytes = static_cast<std::size_t>(dag.words) * 8;
  int warps = static_cast<int>(std::clamp<std::size_t>(kSharedLimit / std::max<std::size_t>(row_bytes, 1), 1, kThreads / 32));
  if (row_bytes > kSharedLimit) throw Error("a component row of " + std::to_string(row_bytes) + " bytes exceeds shared memory");
  const std::size_t shared = warps * row_bytes;
  CUDA_CHECK(cudaFuncSetAttribute(dag_rows_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(kSharedLimit)));
  // Any grid is safe (a warp waits only for components already taken); this one keeps every
  // SM busy without queueing blocks that would find no component left.
  const int blocks = static_cast<int>(std::min<std::int64_t>((dag.count + warps - 1) / warps,
                                                             std::int64_t{4} * gpu.multiprocessors()));
  dag_rows_kernel<<<blocks, warps * 32, shared, stream>>>(dag, rows, done, next_component);
  CUDA_CHECK_LAUNCH();
}

void launch_expand_rows(const std::uint64_t* rows, std::int64_t dag_words, const std::int32_t* component,
                        std::int32_t n, std::int64_t words, std::uint64_t* out, cudaStream_t stream) {
  if (n <= 0) return;
  const std::size_t row_bytes = static_cast<std::size_t>(dag_words) * 8;
  if (row_bytes > kSharedLimit) throw Error("a component row of " + std::to_string(row_bytes) + " bytes exceeds shared memory");
  const int group = static_cast<int>(std::clamp<std::size_t>(kSharedLimit / std::max<std::size_t>(row_bytes, 1), 1, 32));
  CUDA_CHECK(cudaFuncSetAttribute(expand_rows_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(kSharedLimit)));
  const std::int64_t blocks = (n + group - 1) / group;
  expand_rows_kernel<<<static_cast<unsigned>(blocks), kThreads, group * row_bytes, stream>>>(rows, dag_words, component, n,
                                                                                          words, out, group);
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu::closure
