#pragma once
// The host side of the "gpu" closure of a small graph (source_batch_kernel.cuh): no strong
// components on the host, whose Tarjan alone took longer than the kernels at n = 5,000; the
// graph goes up in one copy and one kernel writes every row straight into the result, which
// is pinned (pinned_result_memory.hpp), so that the rows cross the bus while other blocks still
// search and nothing is left for the host to copy. Staged (over kPinnedResultLargest, or
// forced), the rows come back in one copy queued behind the kernel while the host sizes an
// ordinary result, then are copied out of pinned memory with all cores.
//
// Header-only, compiled into closure_gpu.cu (see source_batch_kernel.cuh).
#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "closure/source_batch_kernel.cuh"
#include "common/cuda_check.hpp"
#include "common/device_memory.hpp"
#include "common/gpu_context.hpp"
#include "common/host_transfer.hpp"
#include "common/pinned_memory.hpp"
#include "common/pinned_result_memory.hpp"
#include "common/run_trace.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu::closure {

// Pinned memory of the direct path, per device, kept for the process (pinning costs more
// than a whole run): the graph packed for its one upload, and a staged run's landing place
// for the whole result. The staging of download_rows goes chunk by chunk, each chunk waited
// for, so its copy could not be queued before the host's fill; a small result fits here in
// one piece.
// Runs on one device take turns.
struct DirectPinned {
  std::mutex mutex;
  GrowingPinnedArray<unsigned char> graph;
  GrowingPinnedArray<std::uint64_t> rows;
};

inline DirectPinned& direct_pinned_of(int device) {
  static std::mutex mutex;
  // Never destroyed: the CUDA runtime may be gone at exit.
  static auto* all = new std::map<int, std::unique_ptr<DirectPinned>>;
  std::lock_guard<std::mutex> lock(mutex);
  auto& pinned = (*all)[device];
  if (!pinned) pinned = std::make_unique<DirectPinned>();
  return *pinned;
}

// What either path of the engine gives back.
struct ClosureRows {
  ResultVector<std::uint64_t> words;  // the BitMatrix's rows
  double compute_seconds = 0;        // kernels (and, through the condensation, the host's part)
  double transfer_seconds = 0;       // copies up, back, and out of pinned memory
};

// Whether the direct path can run g on `device`: one block's node arrays within the shared
// memory a block may take, and the arcs countable in 32 bits.
inline bool direct_closure_fits(const Graph& g, int device) {
  return g.heads.size() <= static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()) &&
         source_batches_fit(static_cast<std::int32_t>(BitMatrix::words_for(g.n)), device);
}

// Device bytes the direct path takes for g: the result rows and the graph.
inline std::uint64_t direct_closure_device_bytes(const Graph& g) {
  return closure_bytes(g.n) + (static_cast<std::uint64_t>(g.n) + 1) * 4u + g.heads.size() * 4u;
}

inline ClosureRows direct_closure(const Graph& g, const GpuContext& gpu, RunTrace& trace, const JobContext& job) {
  const std::int32_t n = g.n;
  const auto words = static_cast<std::int32_t>(BitMatrix::words_for(n));
  const std::size_t offsets_bytes = (static_cast<std::size_t>(n) + 1) * sizeof(std::int32_t);
  const std::size_t heads_bytes = g.heads.size() * sizeof(std::int32_t);
  const std::size_t count = static_cast<std::size_t>(n) * static_cast<std::size_t>(words);
  const ResultLanding landing = result_landing(count * sizeof(std::uint64_t));
  require_within_budget(direct_closure_device_bytes(g), gpu.memory_budget(),
                        "GPU closure of " + std::to_string(n) + " nodes");
  trace.mark("budget checked");
  job.check_cancel();

  DirectPinned& pinned = direct_pinned_of(gpu.device());
  std::lock_guard<std::mutex> lock(pinned.mutex);
  const cudaStream_t s = gpu.stream().get();
  ClosureRows result;
  std::uint64_t* const result_on_device =
      landing == ResultLanding::Kernel ? pinned_result(result.words, count) : nullptr;
  trace.mark("result sized");
  const double upload_start = now_seconds();
  unsigned char* packed = pinned.graph.room(offsets_bytes + heads_bytes);
  auto* offsets = reinterpret_cast<std::int32_t*>(packed);
  for (std::int32_t v = 0; v <= n; ++v) offsets[v] = static_cast<std::int32_t>(g.offsets[v]);
  if (heads_bytes) std::memcpy(packed + offsets_bytes, g.heads.data(), heads_bytes);
  trace.mark("graph packed");
  DeviceArray<unsigned char> graph(offsets_bytes + heads_bytes, s);
  DeviceArray<std::uint64_t> rows(landing == ResultLanding::Kernel ? 0 : count, s);
  trace.mark("device arrays");
  Event kernel_start(true), kernel_end(true), landed(true);
  std::uint64_t* const target = landing == ResultLanding::Kernel ? result_on_device : rows.get();
  std::uint64_t* const staged_rows = landing == ResultLanding::Staged ? pinned.rows.room(count) : nullptr;
  try {
    CUDA_CHECK(cudaMemcpyAsync(graph.get(), packed, graph.bytes(), cudaMemcpyHostToDevice, s));
    result.transfer_seconds = now_seconds() - upload_start;
    trace.mark("uploaded");
    kernel_start.record(s);
    const SourceBatchGraph view{reinterpret_cast<const std::int32_t*>(graph.get()),
                                reinterpret_cast<const std::int32_t*>(graph.get() + offsets_bytes), n, words};
    launch_source_batches(view, target, s);
    kernel_end.record(s);
    if (landing == ResultLanding::Staged)
      CUDA_CHECK(cudaMemcpyAsync(staged_rows, rows.get(), rows.bytes(), cudaMemcpyDeviceToHost, s));
    landed.record(s);
    trace.mark("enqueued");
    // The kernels of a small graph are short, so an ordinary result's fill is the critical
    // path: populated while they run (host_transfer.hpp).
    if (landing == ResultLanding::Staged) resize_for_result(result.words, count, true);
    trace.mark("result allocated");
    landed.sync();
    trace.mark("landed");
  } catch (...) {
    // The pinned buffers pass to the next run with the lock: nothing may still land in them.
    cudaStreamSynchronize(s);
    throw;
  }
  const double copy_start = now_seconds();
  if (landing == ResultLanding::Staged) parallel_copy(result.words.data(), staged_rows, count * sizeof(std::uint64_t));
  trace.mark("copied");
  result.compute_seconds = kernel_end.seconds_since(kernel_start);
  const double download = landed.seconds_since(kernel_end);
  trace.add("kernel", result.compute_seconds);
  trace.add("rows' copy to pinned memory", download);
  result.transfer_seconds += download + (now_seconds() - copy_start);
  return result;
}

}  // namespace pathscope::gpu::closure
