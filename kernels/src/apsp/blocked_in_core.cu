// gpu-blocked with the whole matrix in device memory.
#include <exception>
#include <thread>

#include "apsp/final_row_groups.cuh"
#include "apsp/gpu_runs.hpp"
#include "apsp/launch.cuh"
#include "common/host_transfer.hpp"
#include "common/staging.hpp"
#include "common/run_trace.hpp"

namespace pathscope::gpu {

template <class D>
std::uint64_t blocked_in_core_bytes(std::int64_t n, std::int64_t arcs, bool next_hop) {
  const std::int64_t size = round_up(std::max<std::int64_t>(n, 1), kTileRows);
  return std::uint64_t(size) * size * sizeof(typename D::Scalar) + 2 * PivotWorkspace<D>::bytes(size) +
         DeviceGraph<D>::bytes(n, arcs) + (next_hop ? std::uint64_t(n) * n * 4 : 0) + 4096;
}

// Waits for the device a group of pivots behind the queue, so progress and cancellation are
// seen between pivot blocks while the device never runs dry.
class PivotProgress {
 public:
  PivotProgress(const JobContext& job, int pivots) : job_(job), pivots_(pivots) {
    group_ = std::max(1, pivots / 64);
    events_.reserve(pivots / group_ + 2);
  }
  void after_enqueue(int pivot, cudaStream_t s) {
    if ((pivot + 1) % group_ != 0 && pivot + 1 != pivots_) return;
    events_.push_back(std::make_unique<Event>());
    events_.back()->record(s);
    if (events_.size() >= 2) {
      events_[events_.size() - 2]->sync();
      job_.report(double(pivot + 1 - group_) / pivots_);
      job_.check_cancel();
    }
  }

 private:
  const JobContext& job_;
  int pivots_, group_;
  std::vector<std::unique_ptr<Event>> events_;
};

// The pivots of the in-core run, each prepared one pivot ahead on a high-priority stream.
// Preparing a pivot (closing its diagonal block on one SM, phase 2 on a few dozen blocks) is
// a chain of small kernels that leaves most of the GPU idle; run in line it cost small graphs
// a large share of their kernel time (docs/gpu.md, v6). So while `main` runs phase 3 of pivot p, `side` first brings
// the panels of pivot p + 1 up to date with pivot p (a product over those panels only) and
// then prepares pivot p + 1 into the other workspace.
//
// Phase 3 of p also rewrites the panels of p + 1, with the same values the side stream wrote
// (min is idempotent), except that it may put back a pre-closure value into the diagonal
// block of p + 1 after phase 1 closed it. Nothing reads that block from the matrix again
// before phase 3 of p + 1, which recomputes it from the panels (through the zero diagonal of
// the closed block), so the result is the same as pivot by pivot.
template <class D, class AfterPivot>
void enqueue_pivots_looking_ahead(const GpuContext& gpu, typename D::Scalar* d, int size, int pivots,
                                  PivotWorkspace<D> (&ws)[2], cudaStream_t main, AfterPivot after_pivot) {
  const Stream side = Stream::high_priority();
  const Event matrix_ready, panels_ready, product_done;
  const StreamJoin join(side, main);
  const int words = size / D::kLanes, panel_words = kTileRows / D::kLanes;
  matrix_ready.record(main);
  side.wait_for(matrix_ready);
  enqueue_pivot_panels<D>(gpu, d, size, size, 0, ws[0], side.get());
  panels_ready.record(side.get());
  for (int p = 0; p < pivots; ++p) {
    const PivotWorkspace<D>& now = ws[p % 2];
    CUDA_CHECK(cudaStreamWaitEvent(main, panels_ready.get(), 0));
    if (p + 1 < pivots) {
      // The other workspace is free, and the matrix final up to pivot p - 1, once phase 3 of
      // p - 1 is done.
      if (p > 0) side.wait_for(product_done);
      const int next0 = (p + 1) * kTileRows;
      enqueue_pivot_product<D>(d, size, size, now, next0, kTileRows, 0, words, side.get());
      enqueue_pivot_product<D>(d, size, size, now, 0, size, next0 / D::kLanes, panel_words, side.get());
      enqueue_pivot_panels<D>(gpu, d, size, size, p + 1, ws[(p + 1) % 2], side.get());
      panels_ready.record(side.get());
    }
    enqueue_pivot_product<D>(d, size, size, now, 0, size, 0, words, main);
    product_done.record(main);
    after_pivot(p);
  }
}

// The last pivots by row groups, the rows copied out as their groups end while the later ones
// compute: the tail's first (it ends first), then the rest in order, each chunk's copy queued
// behind the groups it covers. `stop` is recorded after every group. A matrix with a negative
// cycle or clipped hop counts is delivered all the same: the engine then throws, or replaces the
// rows (a sink takes a row given again in place of the first).
template <class D>
void deliver_by_row_groups(const GpuContext& gpu, typename D::Scalar* d, int size, int n, FinalRounds final_rounds,
                           FinalFlags* flags, const JobContext& job, int rounds_done, MatrixSink* sink,
                           ResultVector<typename D::Scalar>& out, BackgroundResize<typename D::Scalar>& resizer,
                           RunTrace& trace, const Event& stop, RunFigures& fig) {
  const FinalRowGroups<D> groups(gpu, d, size, n, final_rounds, flags, gpu.stream().get());
  stop.record(groups.after_all());
  trace.mark("enqueued");
  const double t0 = now_seconds();
  const int pivots = size / kTileRows;
  const RowRange tail = groups.tail();
  std::int64_t rows_done = 0;
  for (const RowRange range : {tail, RowRange{0, tail.first}}) {
    RowsInFlight in_flight;
    in_flight.gate = [&groups, range](std::size_t row0, std::size_t rows, cudaStream_t copies) {
      groups.wait_for_rows(copies, range.first + std::int64_t(row0), std::int64_t(rows));
    };
    in_flight.landed = [&](std::size_t, std::size_t rows) {
      if (rows_done == 0) trace.mark("first rows landed");
      rows_done += std::int64_t(rows);
      job.report((rounds_done + double(final_rounds.pivots) * double(rows_done) / n) / pivots);
      job.check_cancel();
    };
    in_flight.chunk_rows = final_rounds.chunk_bytes / (std::size_t(n) * sizeof(typename D::Scalar));
    if (range.count > 0)
      deliver_rows(d + std::int64_t(range.first) * size, std::size_t(size), range.first, range.count, n, sink, out,
                   gpu, sink ? nullptr : &resizer, &in_flight);
  }
  fig.transfer_seconds += now_seconds() - t0;
  fig.rows_in_sink = sink != nullptr;
  trace.mark("downloaded");
}

template <class D>
RunFigures run_blocked_in_core(const GpuContext& gpu, const Graph& g, const JobContext& job,
                               ResultVector<typename D::Scalar>& out, ResultVector<std::int32_t>* next, MatrixSink* sink) {
  using Scalar = typename D::Scalar;
  RunFigures fig;
  fig.mode = "in-core";
  const int n = g.n;
  const int size = int(round_up(std::max(n, 1), kTileRows));
  RunTrace trace("gpu-blocked in-core");
  const Stream& stream = gpu.stream();
  const cudaStream_t s = stream.get();

  // The result vectors are sized by a host thread while the device computes; with a sink the
  // distances never touch host memory of their own.
  BackgroundResize<Scalar> resizer(sink ? nullptr : &out, next, std::size_t(n) * n);

  double t0 = now_seconds();
  // Everything on the device comes from the memory pool in the stream's order: a repeated run
  // reuses the last one's memory without cudaMalloc/cudaFree.
  DeviceGraph<D> graph(g, s, s);
  fig.transfer_seconds += now_seconds() - t0;
  trace.mark("graph uploaded");

  DeviceArray<Scalar> d(std::size_t(size) * size, s);
  PivotWorkspace<D> ws[2] = {PivotWorkspace<D>(size, s), PivotWorkspace<D>(size, s)};
  DeviceArray<std::int32_t> next_d(next ? std::size_t(n) * n : 0, s);
  DeviceArray<FinalFlags> flags(1, s);
  const FinalFlags no_flags{INT32_MAX, 0};
  CUDA_CHECK(cudaMemcpyAsync(flags.get(), &no_flags, sizeof no_flags, cudaMemcpyHostToDevice, s));

  trace.mark("allocated");
  Event start(true), stop(true);
  start.record(s);
  enqueue_initial_rect<D>(gpu, {d.get(), size, 0, size, 0, size, false}, graph.arcs(), s);
  const int pivots = size / kTileRows;
  // Next hops need every row final before any is; without them the last pivots go by row
  // groups and the rows leave the device as their groups end (final_row_groups.cuh).
  const std::uint64_t in_core = blocked_in_core_bytes<D>(n, g.arc_count(), next != nullptr);
  const std::uint64_t budget = gpu.memory_budget();
  const FinalRounds final_rounds =
      next ? FinalRounds{} : choose_final_rounds<D>(pivots, size, budget > in_core ? budget - in_core : 0);
  const int rounds = pivots - final_rounds.pivots;
  PivotProgress progress(job, pivots);
  if (rounds > 0)
    enqueue_pivots_looking_ahead<D>(gpu, d.get(), size, rounds, ws, s, [&](int p) { progress.after_enqueue(p, s); });
  if (final_rounds.pivots > 0) {
    fig.mode = "last " + std::to_string(final_rounds.pivots) + " pivots in row groups of " +
               std::to_string(final_rounds.group_blocks * kTileRows);
    deliver_by_row_groups<D>(gpu, d.get(), size, n, final_rounds, flags.get(), job, rounds, sink, out, resizer, trace,
                             stop, fig);
  } else {
    if (next && n > 0) {
      next_from_distances_kernel<D><<<dim3((n + 127) / 128, std::min(n, 65535)), 128, 0, s>>>(d.get(), size, graph.arcs(), next_d.get());
      CUDA_CHECK_LAUNCH();
    }
    finalize_kernel<D><<<grid_for(gpu, std::int64_t(n) * n, 256), 256, 0, s>>>(d.get(), size, 0, n, n, next_d.get(), n,
                                                                            flags.get());
    CUDA_CHECK_LAUNCH();
    stop.record(s);
    trace.mark("enqueued");
  }
  FinalFlags found{};
  CUDA_CHECK(cudaMemcpyAsync(&found, flags.get(), sizeof found, cudaMemcpyDeviceToHost, s));
  stream.sync();
  trace.mark("computed");
  fig.compute_seconds = stop.seconds_since(start);
  fig.negative_node = found.negative_node == INT32_MAX ? -1 : found.negative_node;
  fig.hop16_clipped = found.clipped != 0;
  job.report(1.0);

  resizer.wait();
  trace.mark("result filled", resizer.finished_at());
  trace.mark("fill awaited");
  if (final_rounds.pivots > 0) return fig;  // delivered while the groups ran
  if (fig.negative_node >= 0) return fig;  // the engine throws; no need to copy a useless matrix
  // Clipped hop counts are redone in int32 (gpu_engines.cu): a sink gets those instead.
  if (sink && fig.hop16_clipped) return fig;
  t0 = now_seconds();
  // Through pinned staging rather than pinning the result in place: cudaHostRegister of a
  // large vector holds the driver lock long enough to stall the launches of the compute, and
  // staging costs less than the stall (docs/gpu.md, v2).
  deliver_rows(d.get(), std::size_t(size), n, sink, out, gpu);
  fig.rows_in_sink = sink != nullptr;
  if (next) download_rows(next_d.get(), std::size_t(n) * 4, n, std::size_t(n) * 4, next->data(), gpu);
  fig.transfer_seconds += now_seconds() - t0;
  trace.mark("downloaded");
  return fig;
}

#define PATHSCOPE_INSTANTIATE(D)                                                                      \
  template std::uint64_t blocked_in_core_bytes<D>(std::int64_t, std::int64_t, bool);                 \
  template RunFigures run_blocked_in_core<D>(const GpuContext&, const Graph&, const JobContext&, ResultVector<D::Scalar>&, \
                                             ResultVector<std::int32_t>*, MatrixSink*);
PATHSCOPE_INSTANTIATE(Int32Dist)
PATHSCOPE_INSTANTIATE(FloatDist)
PATHSCOPE_INSTANTIATE(Hop16Dist)

}  // namespace pathscope::gpu
