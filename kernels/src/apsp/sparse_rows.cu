// gpu-sparse: one search per source on the device, for graphs too sparse for Floyd-Warshall's
// n^3 (road networks: rome99 has 2.6 arcs a node). One thread block per source, sources taken
// from a counter; each block keeps its source's distances (and, where they fit, its frontier
// queues and their bitmaps) in shared memory, so the random reads and atomics of a search never
// leave the multiprocessor. The search is label-correcting (frontier Bellman-Ford): a node joins
// the next round's queue once however often it improves. It is exact for costs of 0 or more:
// integer sums exactly; real ones in double as left-to-right sums along the best path, which is
// what Dijkstra gives too (rounded addition of a cost >= 0 is monotone, so both reach the least
// fixed point), rounded once to float as the CPU `sparse` engine rounds them.
//
// Rows go into a band of device memory and from there to the host through staging while the
// next band is computed.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <string>
#include <type_traits>

#include "apsp/dist_traits.cuh"
#include "apsp/gpu_runs.hpp"
#include "common/cuda_check.hpp"
#include "common/device_memory.hpp"
#include "common/env_knob.hpp"
#include "common/host_transfer.hpp"
#include "common/launch_grid.hpp"
#include "common/pinned_result_memory.hpp"
#include "common/run_trace.hpp"
#include "common/staging.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

// How a distance type searches: whole costs in int32 (hop counts too), real ones as the bits
// of non-negative doubles, which unsigned comparison and atomicMin order as numbers.
template <class D>
struct SparseSearch {
  using Work = int;
  using Cost = std::int32_t;
  static constexpr Work kUnreached = std::numeric_limits<int>::max();
  __device__ static Work add(Work d, Cost c) { return d + c; }
  static Cost cost_of(double w) { return static_cast<Cost>(w); }
};
template <>
struct SparseSearch<FloatDist> {
  using Work = unsigned long long;
  using Cost = double;
  static constexpr Work kUnreached = 0x7ff0000000000000ull;  // +inf
  __device__ static Work add(Work d, Cost c) {
    return static_cast<Work>(__double_as_longlong(__dadd_rn(__longlong_as_double(static_cast<long long>(d)), c)));
  }
  static Cost cost_of(double w) { return w + 0.0; }  // -0.0 would order below every distance
};

template <class Cost>
struct SparseGraph {
  const std::int64_t* offsets;
  const std::int32_t* heads;
  const Cost* costs;
  std::int32_t n;
};

// Where a block's working arrays live: each piece in shared memory when the launch put it there,
// else in this block's slice of the global arrays.
struct SparseSpace {
  bool dist_shared, bits_shared, queues_shared;
  void* dist;              // blocks x n Work
  std::uint32_t* bits;     // blocks x 2 bitmaps of `words`
  std::int32_t* queues;    // blocks x 2n
  std::int32_t words;      // (n + 31) / 32
};

struct SparseCounters {
  unsigned long long scanned = 0;
  unsigned next_row = 0;
  unsigned clipped = 0;  // hop16: a count above kMaxHop16
};

template <class Scalar, class Work>
__device__ __forceinline__ Scalar row_cell(Work d, unsigned& clipped) {
  if constexpr (std::is_same_v<Scalar, float>) {
    return d == SparseSearch<FloatDist>::kUnreached ? kUnreachableF32
                                                   : static_cast<float>(__longlong_as_double(static_cast<long long>(d)));
  } else if constexpr (std::is_same_v<Scalar, std::uint16_t>) {
    if (d == SparseSearch<Hop16Dist>::kUnreached) return kUnreachableU16;
    if (d > kMaxHop16) {
      clipped = 1;
      return kMaxHop16;
    }
    return static_cast<std::uint16_t>(d);
  } else {
    return d == SparseSearch<Int32Dist>::kUnreached ? kUnreachableI32 : d;
  }
}

// Rows [row0, row0 + rows) of the matrix, row r of them at out + r * n.
template <class D, int Lanes>
__global__ void sparse_rows_kernel(SparseGraph<typename SparseSearch<D>::Cost> g, SparseSpace space,
                                   typename D::Scalar* out, std::int32_t row0, std::int32_t rows,
                                   SparseCounters* counters) {
  using S = SparseSearch<D>;
  using Work = typename S::Work;
  extern __shared__ unsigned long long shared_words[];
  __shared__ std::int32_t append[3];
  __shared__ unsigned current;
  const std::int32_t n = g.n;
  const std::size_t block = blockIdx.x;
  char* shared = reinterpret_cast<char*>(shared_words);
  Work* dist = space.dist_shared ? reinterpret_cast<Work*>(shared)
                                 : static_cast<Work*>(space.dist) + block * std::size_t(n);
  if (space.dist_shared) shared += (std::size_t(n) * sizeof(Work) + 15) / 16 * 16;
  std::uint32_t* bits = space.bits_shared ? reinterpret_cast<std::uint32_t*>(shared)
                                          : space.bits + block * 2 * std::size_t(space.words);
  if (space.bits_shared) shared += (std::size_t(space.words) * 8 + 15) / 16 * 16;
  std::int32_t* queues = space.queues_shared ? reinterpret_cast<std::int32_t*>(shared)
                                             : space.queues + block * 2 * std::size_t(n);
  volatile Work* seen = dist;  // reads that must see other threads' atomics
  const int group = threadIdx.x / Lanes, lane = threadIdx.x % Lanes, groups = blockDim.x / Lanes;
  // Every search leaves the bitmaps clear; they start out so here.
  for (std::int32_t w = threadIdx.x; w < 2 * space.words; w += blockDim.x) bits[w] = 0;
  unsigned long long scanned = 0;
  unsigned clipped = 0;
  for (;;) {
    if (threadIdx.x == 0) current = atomicAdd(&counters->next_row, 1u);
    __syncthreads();
    const unsigned index = current;
    if (index >= unsigned(rows)) break;
    const std::int32_t s = row0 + std::int32_t(index);
    for (std::int32_t v = threadIdx.x; v < n; v += blockDim.x) dist[v] = v == s ? Work(0) : S::kUnreached;
    if (threadIdx.x == 0) {
      queues[0] = s;
      append[0] = append[1] = append[2] = 0;
    }
    __syncthreads();
    // Round r takes queue r % 2 (its nodes marked in bitmap r % 2, each clearing its own bit)
    // and appends to the other through counter r % 3; counter (r + 1) % 3, cleared here, was
    // last read before the previous round's barrier.
    std::int32_t count = 1;
    for (int round = 0; count > 0; ++round) {
      const int now = round & 1;
      const std::int32_t* queue = queues + (now ? n : 0);
      std::int32_t* next = queues + (now ? 0 : n);
      std::uint32_t* queued = bits + (now ? space.words : 0);
      std::uint32_t* next_queued = bits + (now ? 0 : space.words);
      if (threadIdx.x == 0) append[(round + 1) % 3] = 0;
      for (std::int32_t i = group; i < count; i += groups) {
        const std::int32_t u = queue[i];
        if (lane == 0) atomicAnd(&queued[u >> 5], ~(1u << (u & 31)));
        const Work du = seen[u];
        const std::int64_t first = __ldg(&g.offsets[u]), last = __ldg(&g.offsets[u + 1]);
        for (std::int64_t a = first + lane; a < last; a += Lanes) {
          const std::int32_t v = __ldg(&g.heads[a]);
          const Work candidate = S::add(du, __ldg(&g.costs[a]));
          if (candidate >= seen[v]) continue;
          if (candidate >= atomicMin(&dist[v], candidate)) continue;
          const std::uint32_t bit = 1u << (v & 31);
          if (!(atomicOr(&next_queued[v >> 5], bit) & bit)) next[atomicAdd(&append[round % 3], 1)] = v;
        }
        if (lane == 0) scanned += static_cast<unsigned long long>(last - first);
      }
      __syncthreads();
      count = append[round % 3];
    }
    typename D::Scalar* row = out + std::size_t(index) * std::size_t(n);
    for (std::int32_t v = threadIdx.x; v < n; v += blockDim.x) row[v] = row_cell<typename D::Scalar>(seen[v], clipped);
    __syncthreads();  // the row is read before the next source overwrites the distances
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    scanned += __shfl_down_sync(0xffffffffu, scanned, offset);
    clipped |= __shfl_down_sync(0xffffffffu, clipped, offset);
  }
  if ((threadIdx.x & 31u) == 0) {
    if (scanned) atomicAdd(&counters->scanned, scanned);
    if (clipped) atomicOr(&counters->clipped, 1u);
  }
}

constexpr int kThreads = 256;
// Shared memory a block may ask for; past 48 KB the kernel must be allowed more.
constexpr std::size_t kMaxShared = 200 * 1024;
// A band of rows at most this large, so that progress, cancel (seen between bands) and the
// overlap of copies with compute come often enough.
constexpr std::size_t kMaxBandBytes = std::size_t{256} << 20;

template <class D, int Lanes>
int resident_blocks(std::size_t shared) {
  auto* kernel = sparse_rows_kernel<D, Lanes>;
  CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(kMaxShared)));
  int blocks = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, kThreads, shared));
  return blocks;
}

// What goes into shared memory: the distances first (the most random accesses), then the
// bitmaps, then the queues, each while the total stays within the cap.
struct SharedPlan {
  bool dist = false, bits = false, queues = false;
  std::size_t bytes = 0;
};
template <class D>
SharedPlan plan_shared(std::int32_t n) {
  const auto cap = std::size_t(std::max<std::int64_t>(0, env_number("PATHSCOPE_GPU_SPARSE_SHARED_BYTES", 64 * 1024)));
  const std::size_t limit = std::min(cap, kMaxShared);
  SharedPlan plan;
  const auto piece = [&](std::size_t bytes, bool& put) {
    bytes = std::size_t(round_up(std::int64_t(bytes), 16));
    if (plan.bytes + bytes <= limit) {
      put = true;
      plan.bytes += bytes;
    }
  };
  piece(std::size_t(n) * sizeof(typename SparseSearch<D>::Work), plan.dist);
  if (plan.dist) piece(2 * std::size_t((n + 31) / 32) * 4, plan.bits);
  if (plan.bits) piece(2 * std::size_t(n) * 4, plan.queues);
  return plan;
}

template <class D>
void launch_rows(bool wide, int blocks, std::size_t shared, const SparseGraph<typename SparseSearch<D>::Cost>& g,
                 const SparseSpace& space, typename D::Scalar* out, std::int32_t row0, std::int32_t rows,
                 SparseCounters* counters, cudaStream_t s) {
  if (wide) sparse_rows_kernel<D, 16><<<blocks, kThreads, shared, s>>>(g, space, out, row0, rows, counters);
  else sparse_rows_kernel<D, 4><<<blocks, kThreads, shared, s>>>(g, space, out, row0, rows, counters);
  CUDA_CHECK_LAUNCH();
}

}  // namespace

template <class D>
RunFigures run_sparse(const GpuContext& gpu, const Graph& g, const JobContext& job, ResultVector<typename D::Scalar>& out,
                      MatrixSink* sink) {
  using Scalar = typename D::Scalar;
  using S = SparseSearch<D>;
  using Cost = typename S::Cost;
  RunFigures fig;
  fig.mode = "in-core";
  const std::int32_t n = g.n;
  RunTrace trace("gpu-sparse");
  const Stream& main = gpu.stream();
  const Stream compute;
  // A small result is pinned and the searches store their rows straight into it
  // (pinned_result_memory.hpp); a larger one is sized on the host worker meanwhile.
  const ResultLanding landing = sink ? ResultLanding::Staged : result_landing(std::size_t(n) * n * sizeof(Scalar));
  Scalar* const result_on_device =
      landing == ResultLanding::Kernel && n > 0 ? pinned_result(out, std::size_t(n) * n) : nullptr;
  BackgroundResize<Scalar> resizer(sink || landing == ResultLanding::Kernel ? nullptr : &out, nullptr, std::size_t(n) * n);
  if (n == 0) {
    resizer.wait();
    return fig;
  }

  // Many arcs a node share a node's scan over 16 threads, few over 4 (road graphs).
  const bool wide = g.arc_count() >= 8 * std::int64_t(n);
  const SharedPlan shared = plan_shared<D>(n);
  const int per_multiprocessor = wide ? resident_blocks<D, 16>(shared.bytes) : resident_blocks<D, 4>(shared.bytes);
  if (per_multiprocessor < 1) throw Error("gpu-sparse: no block of its search fits on this device");
  const auto words = std::int64_t((n + 31) / 32);
  const auto global_bytes_per_block = [&](const SharedPlan& p) {
    return (p.dist ? 0 : std::uint64_t(n) * sizeof(typename S::Work)) + (p.bits ? 0 : std::uint64_t(2 * words * 4)) +
           (p.queues ? 0 : std::uint64_t(2) * n * 4);
  };
  const std::uint64_t graph_bytes = std::uint64_t(n + 1) * 8 + std::uint64_t(g.arc_count()) * (4 + sizeof(Cost));
  const std::uint64_t budget = gpu.memory_budget();
  const std::uint64_t row_bytes = std::uint64_t(n) * sizeof(Scalar);
  // Blocks: as many as the device holds at once, fewer when their global arrays and two rows
  // of band (the least a run needs) would not fit.
  std::int64_t blocks = std::int64_t(per_multiprocessor) * gpu.multiprocessors();
  blocks = std::min<std::int64_t>(blocks, std::max<std::int64_t>(1, env_number("PATHSCOPE_GPU_SPARSE_BLOCKS", blocks)));
  const std::uint64_t fixed = graph_bytes + 2 * row_bytes + (1 << 20);
  require_within_budget(fixed + global_bytes_per_block(shared), budget, "gpu-sparse (the graph, one search and two rows)");
  if (const std::uint64_t each = global_bytes_per_block(shared); each > 0)
    blocks = std::min<std::int64_t>(blocks, std::int64_t((budget - fixed) / each));
  // Two bands of rows in what is left, each at most kMaxBandBytes, but never fewer rows than
  // the blocks that run at once (a large graph's rows are megabytes each).
  const std::uint64_t left = budget - fixed + 2 * row_bytes - std::uint64_t(blocks) * global_bytes_per_block(shared);
  const std::uint64_t band_cap = std::max<std::uint64_t>(kMaxBandBytes, std::uint64_t(blocks) * row_bytes);
  std::int64_t band_rows = std::int64_t(std::min<std::uint64_t>(left / 2, band_cap) / row_bytes);
  band_rows = std::clamp<std::int64_t>(band_rows, 1, n);
  band_rows = std::min<std::int64_t>(band_rows, std::max<std::int64_t>(1, env_number("PATHSCOPE_GPU_SPARSE_BAND_ROWS", band_rows)));
  if (landing == ResultLanding::Kernel) band_rows = n;  // the band is the result, in host memory
  const std::int64_t bands = (n + band_rows - 1) / band_rows;
  blocks = std::min<std::int64_t>(blocks, band_rows);
  if (bands > 1) fig.mode = "in " + std::to_string(bands) + " bands of " + std::to_string(band_rows) + " rows";

  double t0 = now_seconds();
  std::vector<Cost> costs(g.weights.size());
  for (std::size_t a = 0; a < costs.size(); ++a) costs[a] = S::cost_of(g.weights[a]);
  const cudaStream_t s = main.get();
  DeviceArray<std::int64_t> offsets(g.offsets.size(), s);
  DeviceArray<std::int32_t> heads(std::max<std::size_t>(1, g.heads.size()), s);
  DeviceArray<Cost> device_costs(std::max<std::size_t>(1, costs.size()), s);
  CUDA_CHECK(cudaMemcpyAsync(offsets.get(), g.offsets.data(), offsets.bytes(), cudaMemcpyHostToDevice, s));
  if (!costs.empty()) {
    CUDA_CHECK(cudaMemcpyAsync(heads.get(), g.heads.data(), g.heads.size() * 4, cudaMemcpyHostToDevice, s));
    CUDA_CHECK(cudaMemcpyAsync(device_costs.get(), costs.data(), costs.size() * sizeof(Cost), cudaMemcpyHostToDevice, s));
  }
  const auto block_count = std::size_t(blocks);
  DeviceArray<typename S::Work> dist(shared.dist ? 0 : block_count * n, s);
  DeviceArray<std::uint32_t> bits(shared.bits ? 0 : block_count * 2 * words, s);
  DeviceArray<std::int32_t> queues(shared.queues ? 0 : block_count * 2 * n, s);
  DeviceArray<Scalar> band[2] = {DeviceArray<Scalar>(landing == ResultLanding::Kernel ? 0 : std::size_t(band_rows) * n, s),
                                 DeviceArray<Scalar>(bands > 1 ? std::size_t(band_rows) * n : 0, s)};
  DeviceArray<SparseCounters> counters(2, s);
  CUDA_CHECK(cudaMemsetAsync(counters.get(), 0, counters.bytes(), s));
  CUDA_CHECK(cudaStreamSynchronize(s));  // `costs` dies with this scope; the compute stream starts after
  fig.transfer_seconds += now_seconds() - t0;
  trace.mark("uploaded");

  const SparseGraph<Cost> device_graph{offsets.get(), heads.get(), device_costs.get(), n};
  const SparseSpace space{shared.dist, shared.bits, shared.queues, dist.get(), bits.get(), queues.get(),
                          std::int32_t(words)};
  const StreamJoin join(compute, s);
  Event start(true), stop(true);
  Event done[2];
  start.record(compute.get());
  // Band b runs on the compute stream while the host takes band b - 1 down on the main one.
  const auto enqueue = [&](std::int64_t b) {
    const std::int64_t row0 = b * band_rows, rows = std::min<std::int64_t>(band_rows, n - row0);
    SparseCounters* c = counters.get() + (b % 2);
    CUDA_CHECK(cudaMemsetAsync(&c->next_row, 0, sizeof(unsigned), compute.get()));
    Scalar* rows_at = landing == ResultLanding::Kernel ? result_on_device + std::size_t(row0) * n : band[b % 2].get();
    launch_rows<D>(wide, int(std::min<std::int64_t>(blocks, rows)), shared.bytes, device_graph, space, rows_at,
                   std::int32_t(row0), std::int32_t(rows), c, compute.get());
    done[b % 2].record(compute.get());
  };
  enqueue(0);
  if (bands > 1) enqueue(1);
  for (std::int64_t b = 0; b < bands; ++b) {
    const std::int64_t row0 = b * band_rows, rows = std::min<std::int64_t>(band_rows, n - row0);
    if (b == bands - 1) stop.record(compute.get());
    done[b % 2].sync();
    if (b == 0) trace.mark("first band");
    job.report(double(row0 + rows) / n);
    if (b + 1 < bands) job.check_cancel();
    const double copy_start = now_seconds();
    // Rows go into the result as soon as its fill has passed them (populating a small graph's
    // result takes about as long as its searches).
    if (landing == ResultLanding::Staged)
      deliver_rows(band[b % 2].get(), std::size_t(n), row0, rows, n, sink, out, gpu, sink ? nullptr : &resizer);
    fig.transfer_seconds += now_seconds() - copy_start;
    if (b + 2 < bands) enqueue(b + 2);
  }
  resizer.wait();
  trace.mark("result filled", resizer.finished_at());
  trace.mark("downloaded");
  SparseCounters totals[2];
  CUDA_CHECK(cudaMemcpyAsync(totals, counters.get(), sizeof totals, cudaMemcpyDeviceToHost, compute.get()));
  compute.sync();
  fig.compute_seconds = stop.seconds_since(start);
  fig.arc_scans = double(totals[0].scanned + totals[1].scanned);
  fig.hop16_clipped = (totals[0].clipped | totals[1].clipped) != 0;
  fig.rows_in_sink = sink != nullptr;
  return fig;
}

#define PATHSCOPE_INSTANTIATE(D)                                                                                      \
  template RunFigures run_sparse<D>(const GpuContext&, const Graph&, const JobContext&, ResultVector<D::Scalar>&, \
                                    MatrixSink*);
PATHSCOPE_INSTANTIATE(Int32Dist)
PATHSCOPE_INSTANTIATE(FloatDist)
PATHSCOPE_INSTANTIATE(Hop16Dist)

}  // namespace pathscope::gpu
