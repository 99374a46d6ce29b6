// gpu-blocked when the matrix does not fit the GPU memory budget. The matrix stays in host
// memory, pinned in place (cudaHostRegister): the result vector, or, when the rows go to a
// sink, a buffer of its own. The device holds only:
//  - the pivot rows and pivot columns of one super-block of width W (as large as the budget
//    allows: PCIe carries 2 n^2 cells per super-block, the min-plus units do n^2 W updates,
//    so a wide W keeps the link under the arithmetic), and
//  - three slabs of S full rows, one per stream.
// Per super-block: close the W x W diagonal block with the in-core pivot step, form both
// panels as products with it (phase 2), then stream every slab up, apply phase 3, capture the
// next super-block's panels from it while it is on the device, and stream it back. Round 0
// builds the slabs on the device from the arcs instead of uploading them. In the last round
// each slab is final once it is back: a sink is handed it then, while later slabs compute.
#include <exception>

#include "apsp/gpu_runs.hpp"
#include "apsp/launch.cuh"
#include "common/host_transfer.hpp"
#include "common/pinned_memory.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kSlabStreams = 3;

template <class D>
struct OutOfCorePlan {
  std::int64_t size = 0;  // padded n
  int width = 0;          // super-block width W
  int slab_rows = 0;      // S

  static std::uint64_t panel_bytes(std::int64_t size, std::int64_t w) {
    const std::uint64_t s = sizeof(typename D::Scalar);
    return std::uint64_t(w) * size * (4 * s + (D::kLanes > 1 ? 4 : 0)) + 2 * std::uint64_t(w) * w * 4 +
           PivotWorkspace<D>::bytes(w);
  }
  static std::uint64_t slab_bytes(std::int64_t size, std::int64_t rows) {
    return kSlabStreams * std::uint64_t(rows) * size * sizeof(typename D::Scalar);
  }

  OutOfCorePlan(std::int64_t n, std::int64_t arcs, std::uint64_t budget) {
    size = round_up(std::max<std::int64_t>(n, 1), kTileRows);
    const std::uint64_t fixed = DeviceGraph<D>::bytes(n, arcs) + (std::uint64_t{1} << 20);
    const std::int64_t min_slab = std::min<std::int64_t>(size, 256);
    for (std::int64_t w = std::min<std::int64_t>(size, 8192); w >= kTileRows; w -= kTileRows) {
      if (fixed + panel_bytes(size, w) + slab_bytes(size, min_slab) <= budget) {
        width = int(w);
        break;
      }
    }
    if (width == 0)
      throw OverBudget("gpu-blocked out of core needs at least " +
                       format_bytes(fixed + panel_bytes(size, kTileRows) + slab_bytes(size, min_slab)) +
                       " of GPU memory for " + std::to_string(n) + " nodes, and the budget is " +
                       format_bytes(budget));
    const std::uint64_t left = budget - fixed - panel_bytes(size, width);
    std::int64_t rows = std::int64_t(left / (kSlabStreams * std::uint64_t(size) * sizeof(typename D::Scalar)));
    // At least six slabs a round, so three streams always have a copy to overlap.
    rows = std::min<std::int64_t>(rows, std::max<std::int64_t>(kTileRows, round_up(size / 6, kTileRows)));
    slab_rows = int(std::max<std::int64_t>(kTileRows, rows / kTileRows * kTileRows));
  }
};

}  // namespace

template <class D>
RunFigures run_blocked_out_of_core(const GpuContext& gpu, const Graph& g, const JobContext& job,
                                   ResultVector<typename D::Scalar>& out, MatrixSink* sink) {
  using Scalar = typename D::Scalar;
  using Word = typename D::Word;
  using AWord = typename D::AWord;
  const int n = g.n;
  const OutOfCorePlan<D> plan(n, g.arc_count(), gpu.memory_budget());
  const int size = int(plan.size), width = plan.width, slab_rows = plan.slab_rows;
  const std::int64_t words = size / D::kLanes;
  RunFigures fig;
  fig.mode = "out-of-core (W=" + std::to_string(width) + ", slabs of " + std::to_string(slab_rows) + " rows)";

  double t0 = now_seconds();
  const std::size_t cells = std::size_t(n) * n;
  std::unique_ptr<PinnedHostBuffer> own;
  std::unique_ptr<HostRegistration> pinned;
  Scalar* host = nullptr;
  if (sink) {
    own = std::make_unique<PinnedHostBuffer>(cells * sizeof(Scalar));
    host = static_cast<Scalar*>(own->data());
  } else {
    resize_for_result(out, cells, true);  // on the critical path here: pages faulted in by all cores
    pinned = std::make_unique<HostRegistration>(out.data(), out.size() * sizeof(Scalar));
    host = out.data();
  }
  fig.transfer_seconds += now_seconds() - t0;

  const Stream& main = gpu.stream();
  Stream slab_stream[kSlabStreams];
  DeviceGraph<D> graph(g, main.get());
  const std::size_t panel = std::size_t(width) * size;
  DeviceArray<Scalar> rows_old(panel), rows_new(panel), cols_old(panel), cols_new(panel);
  DeviceArray<AWord> cols_broadcast(D::kLanes > 1 ? panel : 0);
  DeviceArray<AWord> block_rows(std::size_t(width) * width), block_cols(std::size_t(width) * width);
  PivotWorkspace<D> ws(width);
  DeviceArray<Scalar> slab[kSlabStreams] = {DeviceArray<Scalar>(std::size_t(slab_rows) * size),
                                             DeviceArray<Scalar>(std::size_t(slab_rows) * size),
                                             DeviceArray<Scalar>(std::size_t(slab_rows) * size)};
  DeviceArray<FinalFlags> flags(1);
  const FinalFlags no_flags{INT32_MAX, 0};
  CUDA_CHECK(cudaMemcpyAsync(flags.get(), &no_flags, sizeof no_flags, cudaMemcpyHostToDevice, main.get()));

  const double loop_start = now_seconds();
  const int first_width = std::min(width, size);
  enqueue_initial_rect<D>(gpu, {rows_old.get(), size, 0, first_width, 0, size, false}, graph.arcs(), main.get());
  enqueue_initial_rect<D>(gpu, {cols_old.get(), size, 0, size, 0, first_width, true}, graph.arcs(), main.get());

  const int rounds = (size + width - 1) / width;
  const int slabs = (size + slab_rows - 1) / slab_rows;
  std::vector<std::unique_ptr<Event>> panels_ready;
  std::vector<std::unique_ptr<Event>> landed(sink ? slabs : 0);  // last round: slab back on the host
  Event captured[kSlabStreams];
  bool captured_recorded = false;
  const std::size_t host_pitch = std::size_t(n) * sizeof(Scalar), device_pitch = std::size_t(size) * sizeof(Scalar);

  for (int round = 0; round < rounds; ++round) {
    const int q = round * width, w = std::min(width, size - q);
    const bool last = round + 1 == rounds;
    if (!panels_ready.empty()) {
      panels_ready.back()->sync();
      job.report(double(round - 1) / rounds);
      job.check_cancel();
    }
    if (captured_recorded)
      for (auto& e : captured) CUDA_CHECK(cudaStreamWaitEvent(main.get(), e.get(), 0));

    // Phase 1: the diagonal super-block, closed in place inside the pivot rows.
    for (int p = 0; p < w / kTileRows; ++p) enqueue_pivot<D>(gpu, rows_old.get() + q, size, w, p, ws, main.get());
    block_operands_kernel<D><<<grid_for(gpu, std::int64_t(w) * w, 256), 256, 0, main.get()>>>(
        rows_old.get() + q, size, w, block_rows.get(), block_cols.get());
    CUDA_CHECK_LAUNCH();
    // Phase 2: both panels as products with the closed block.
    ProductBatch<D> phase2{};
    phase2.count = 2;
    Word* r_old = reinterpret_cast<Word*>(rows_old.get());
    Word* r_new = reinterpret_cast<Word*>(rows_new.get());
    Word* c_old = reinterpret_cast<Word*>(cols_old.get());
    Word* c_new = reinterpret_cast<Word*>(cols_new.get());
    phase2.job[0] = {r_new, r_old, words, words, block_cols.get(), w, r_old, words, w, int(words), w};
    phase2.job[1] = {c_new, c_old, words, words, block_rows.get(), w, c_old, words, w, int(words), w};
    enqueue_product(phase2, main.get());
    const AWord* a_operand = reinterpret_cast<const AWord*>(cols_new.get());
    if constexpr (D::kLanes > 1) {
      enqueue_broadcast<D>(gpu, cols_new.get(), cols_broadcast.get(), std::int64_t(w) * size, main.get());
      a_operand = cols_broadcast.get();
    }
    panels_ready.push_back(std::make_unique<Event>());
    panels_ready.back()->record(main.get());

    const int next_q = q + w, next_w = last ? 0 : std::min(width, size - next_q);
    for (int sl = 0; sl < slabs; ++sl) {
      const int j = sl % kSlabStreams;
      const cudaStream_t s = slab_stream[j].get();
      Scalar* buf = slab[j].get();
      const int s0 = sl * slab_rows, rows = std::min(slab_rows, size - s0);
      const int real_rows = std::max(0, std::min(rows, n - s0));
      if (round == 0) {
        enqueue_initial_rect<D>(gpu, {buf, size, s0, rows, 0, size, false}, graph.arcs(), s);
      } else {
        if (real_rows > 0) {
          CUDA_CHECK(cudaMemcpy2DAsync(buf, device_pitch, host + std::size_t(s0) * n, host_pitch, host_pitch,
                                       real_rows, cudaMemcpyHostToDevice, s));
          if (size > n)  // padding columns: never uploaded, so reset to "unreachable"
            enqueue_initial_rect<D>(gpu, {buf + n, size, s0, real_rows, n, size - n, false}, graph.arcs(), s);
        }
        if (real_rows < rows)  // padding rows
          enqueue_initial_rect<D>(gpu, {buf + std::size_t(real_rows) * size, size, s0 + real_rows, rows - real_rows, 0,
                                   size, false},
                                  graph.arcs(), s);
      }
      CUDA_CHECK(cudaStreamWaitEvent(s, panels_ready.back()->get(), 0));
      ProductBatch<D> phase3{};
      phase3.count = 1;
      phase3.job[0] = {reinterpret_cast<Word*>(buf), reinterpret_cast<const Word*>(buf), words, words,
                       a_operand + s0, size, r_new, words, rows, int(words), w};
      enqueue_product(phase3, s);
      if (!last) {  // the next super-block's panels, taken while the slab is here
        enqueue_transpose(buf + next_q, size, rows, next_w, cols_old.get() + s0, size, s);
        const int r_lo = std::max(s0, next_q), r_hi = std::min(s0 + rows, next_q + next_w);
        if (r_hi > r_lo)
          CUDA_CHECK(cudaMemcpy2DAsync(rows_old.get() + std::size_t(r_lo - next_q) * size, device_pitch,
                                       buf + std::size_t(r_lo - s0) * size, device_pitch, device_pitch, r_hi - r_lo,
                                       cudaMemcpyDeviceToDevice, s));
        if (sl + kSlabStreams >= slabs) captured[j].record(s);
      } else if (real_rows > 0) {
        finalize_kernel<D><<<grid_for(gpu, std::int64_t(real_rows) * n, 256), 256, 0, s>>>(
            buf, size, s0, real_rows, n, nullptr, 0, flags.get());
        CUDA_CHECK_LAUNCH();
      }
      if (real_rows > 0)
        CUDA_CHECK(cudaMemcpy2DAsync(host + std::size_t(s0) * n, host_pitch, buf, device_pitch, host_pitch,
                                     real_rows, cudaMemcpyDeviceToHost, s));
      if (last && sink) {
        landed[sl] = std::make_unique<Event>();
        landed[sl]->record(s);
      }
    }
    captured_recorded = !last;
  }
  if (sink) {
    for (int sl = 0; sl < slabs; ++sl) {
      const int s0 = sl * slab_rows, real_rows = std::max(0, std::min(slab_rows, n - s0));
      landed[sl]->sync();
      if (real_rows > 0) sink->put_rows(s0, real_rows, host + std::size_t(s0) * n);
    }
    fig.rows_in_sink = true;
  }
  for (auto& st : slab_stream) st.sync();
  FinalFlags found{};
  CUDA_CHECK(cudaMemcpyAsync(&found, flags.get(), sizeof found, cudaMemcpyDeviceToHost, main.get()));
  main.sync();
  fig.compute_seconds = now_seconds() - loop_start;
  fig.negative_node = found.negative_node == INT32_MAX ? -1 : found.negative_node;
  fig.hop16_clipped = found.clipped != 0;
  job.report(1.0);
  return fig;
}

#define PATHSCOPE_INSTANTIATE(D)                                                                      \
  template RunFigures run_blocked_out_of_core<D>(const GpuContext&, const Graph&, const JobContext&, \
                                                 ResultVector<D::Scalar>&, MatrixSink*);
PATHSCOPE_INSTANTIATE(Int32Dist)
PATHSCOPE_INSTANTIATE(FloatDist)
PATHSCOPE_INSTANTIATE(Hop16Dist)

}  // namespace pathscope::gpu
