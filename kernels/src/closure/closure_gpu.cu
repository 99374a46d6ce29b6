// The "gpu" closure engine: the arcs go up once, the closure is built in device memory by the
// kernels of closure_kernels.cuh, and the packed rows come back once.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "closure/closure_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/device.hpp"
#include "common/device_memory.hpp"
#include "common/entry_points.hpp"
#include "common/host_transfer.hpp"
#include "common/run_trace.hpp"
#include "pathscope/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

using closure::kTile;
using closure::kTileWords;

// How many pivot tiles go by between looks at the cancel flag and the progress bar; each look
// waits for the group queued before the last one, so the device keeps working meanwhile.
constexpr int kTilesPerCheck = 16;

class GpuClosureEngine final : public ClosureEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string description() const override {
    return "GPU bit-packed Warshall: word-parallel in one block up to 256 nodes, blocked boolean products above";
  }
  std::string unavailable_reason() const override { return device_info().reason; }

  ClosureResult run(const Graph& g, const ClosureOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    RunTrace trace("gpu closure");
    require_closure_within_budget(g, options);
    require_device();
    const std::int64_t tiles = std::max<std::int64_t>(1, (g.n + kTile - 1) / kTile);
    const std::int64_t np = tiles * kTile;
    const std::int64_t wp = np / 64;
    const std::uint64_t matrix_bytes = static_cast<std::uint64_t>(np) * static_cast<std::uint64_t>(wp) * 8u;
    const std::uint64_t graph_bytes = (static_cast<std::uint64_t>(g.n) + 1) * 8u + g.heads.size() * 4u;
    // Rows are re-packed on the device to the host's width when the padding makes them wider.
    const std::int64_t words = BitMatrix::words_for(g.n);
    const bool repack = words != wp;
    const std::uint64_t packed_bytes = repack ? closure_bytes(g.n) : 0;
    require_within_budget(matrix_bytes + graph_bytes + packed_bytes, device_memory_budget(options.gpu_memory_budget),
                          "GPU closure of " + std::to_string(g.n) + " nodes (padded to " + std::to_string(np) + ")");

    ClosureResult result;
    Stream stream;
    const cudaStream_t s = stream.get();
    Event compute_start(true), compute_end(true);

    const double upload_start = now_seconds();
    // From the memory pool in the stream's order, so repeated runs skip cudaMalloc/cudaFree.
    DeviceArray<std::uint64_t> matrix(static_cast<std::size_t>(np) * static_cast<std::size_t>(wp), s);
    DeviceArray<std::int64_t> offsets(g.offsets.size(), s);
    DeviceArray<std::int32_t> heads(g.heads.size(), s);
    DeviceArray<std::uint64_t> packed(repack ? static_cast<std::size_t>(g.n) * static_cast<std::size_t>(words) : 0, s);
    CUDA_CHECK(cudaMemcpyAsync(offsets.get(), g.offsets.data(), offsets.bytes(), cudaMemcpyHostToDevice, s));
    if (!g.heads.empty())
      CUDA_CHECK(cudaMemcpyAsync(heads.get(), g.heads.data(), heads.bytes(), cudaMemcpyHostToDevice, s));
    stream.sync();
    double transfer = now_seconds() - upload_start;
    trace.mark("uploaded");
    // The result is allocated on the host worker beside the enqueue and the kernels: its page
    // faults can take longer than the kernels left to cover when it started after the enqueue;
    // started before the upload, it slowed the upload's pageable copies (docs/reachability.md).
    HostTask allocation([&result, n = g.n] { result.reach = BitMatrix(n); });

    compute_start.record(s);
    CUDA_CHECK(cudaMemsetAsync(matrix.get(), 0, matrix.bytes(), s));
    if (g.n > 0) {
      const int threads = 256;
      const int blocks = static_cast<int>(std::min<std::int64_t>((g.n + threads - 1) / threads, 4096));
      closure::set_arc_bits<<<blocks, threads, 0, s>>>(offsets.get(), heads.get(), g.n, matrix.get(), wp);
      CUDA_CHECK_LAUNCH();
    }
    const int side = static_cast<int>(tiles);
    // Closing a pivot tile is a chain on one SM, and the cross products use 2 * side blocks;
    // in line they left most of the GPU idle for a large part of each pivot (docs/gpu.md).
    // So pivot kb + 1 is closed one step ahead on a high-priority stream: `ahead` brings the
    // cross of kb + 1 up to date with kb, closes it, while `s` updates every other tile.
    const Stream ahead = Stream::high_priority();
    const Event matrix_ready, cross_ready, others_done;
    const StreamJoin join(ahead, s);
    const auto enqueue_cross = [&](int kb) {
      closure::close_pivot_tile<<<1, kTile * kTileWords, 0, ahead.get()>>>(matrix.get(), wp, kb);
      CUDA_CHECK_LAUNCH();
      if (side > 1) {
        closure::update_pivot_cross<<<2 * side, kTile, 0, ahead.get()>>>(matrix.get(), wp, kb, side);
        CUDA_CHECK_LAUNCH();
      }
      cross_ready.record(ahead.get());
    };
    // Between groups of pivot tiles the host looks at the cancel flag, waiting on the group
    // before the one just queued, so the device does not run dry while it looks.
    Event group_done[2];
    if (g.n > 0) {
      matrix_ready.record(s);
      ahead.wait_for(matrix_ready);
      enqueue_cross(0);
    }
    for (int kb = 0, group = 0; kb < side && g.n > 0; ++kb) {
      stream.wait_for(cross_ready);
      const int next = kb + 1 < side ? kb + 1 : -1;
      if (next >= 0) {
        // The cross of `next` is final up to kb - 1 once step 3 of kb - 1 is done.
        if (kb > 0) ahead.wait_for(others_done);
        closure::update_next_cross<<<2 * side, kTile, 0, ahead.get()>>>(matrix.get(), wp, kb, next, side);
        CUDA_CHECK_LAUNCH();
        enqueue_cross(next);
      }
      if (side > 1) {
        closure::update_other_tiles<<<dim3(side, side), kTile, 0, s>>>(matrix.get(), wp, kb, next);
        CUDA_CHECK_LAUNCH();
      }
      others_done.record(s);
      if ((kb + 1) % kTilesPerCheck == 0 && kb + 1 < side) {
        group_done[group % 2].record(s);
        if (group > 0) group_done[(group - 1) % 2].sync();
        ++group;
        job.check_cancel();
        job.report(static_cast<double>(kb + 1 - kTilesPerCheck) / side);
      }
    }
    if (repack && g.n > 0) {
      const int threads = 256;
      const int blocks = static_cast<int>(std::min<std::int64_t>((g.n * words + threads - 1) / threads, 65536));
      closure::pack_rows<<<blocks, threads, 0, s>>>(matrix.get(), wp, packed.get(), words, g.n);
      CUDA_CHECK_LAUNCH();
    }
    compute_end.record(s);
    trace.mark("enqueued");
    compute_end.sync();
    trace.mark("computed");
    allocation.wait();
    trace.mark("result allocated");

    const double download_start = now_seconds();
    if (g.n > 0) {
      const std::uint64_t* host_layout = repack ? packed.get() : matrix.get();
      const std::size_t row_bytes = static_cast<std::size_t>(words) * 8u;
      // Through the pinned staging buffers, which beat a pageable copy of the same rows
      // (docs/reachability.md).
      download_rows(host_layout, row_bytes, static_cast<std::size_t>(g.n), row_bytes, result.reach.words().data(),
                         s);
    }
    transfer += now_seconds() - download_start;
    trace.mark("downloaded");

    Timing& t = result.timing;
    t.engine = name();
    t.device = device_name();
    t.seconds = now_seconds() - start;
    t.compute_seconds = compute_end.seconds_since(compute_start);
    t.transfer_seconds = transfer;
    const double n = g.n;
    t.updates = n * n * n;
    job.report(1.0);
    return result;
  }
};

}  // namespace

std::unique_ptr<ClosureEngine> make_closure_engine() { return std::make_unique<GpuClosureEngine>(); }

}  // namespace pathscope::gpu
