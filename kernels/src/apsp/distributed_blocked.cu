// gpu-blocked over several ranks (--gpus): blocked Floyd-Warshall with the matrix in a 2-D
// block distribution (distributed_grid.hpp), one host thread per rank (run_on_ranks).
//
// Pivot p (tile row/column p, 128 wide), owned by process row pr(p) and column pc(p):
//  1. the rank holding the diagonal tile closes it (phase 1);
//  2. the closed tile goes along process row pr(p) and process column pc(p); the ranks of that
//     row turn their part of the pivot rows into the row panel, those of that column their
//     part of the pivot columns into the column panel (phase 2, products with the closed tile);
//  3. every process row gets its rows of the column panel from its rank in column pc(p), every
//     process column its columns of the row panel from its rank in row pr(p) (one grouped
//     step of broadcasts);
//  4. every rank runs phase 3 on its own block.
// Steps 1-3 of pivot p + 1 run on a high-priority side stream while phase 3 of p runs, as in
// the one-GPU engine (enqueue_pivots_looking_ahead, blocked_in_core.cu, argues why that is
// safe): the ranks holding pivot p + 1's rows or columns first bring those up to date with p.
// Every cell sees the same operations as in the one-GPU engine, so int32 and hop16 results are
// the same bit for bit; float ones agree within float rounding (see docs/gpu.md).
//
// When some rank's block exceeds its budget, every rank streams its block from host memory
// instead (distributed_out_of_core.hpp): threads from the one host result, processes each from
// a pinned block of its own.
//
// Ranks are threads of this process (run_blocked_distributed, --gpus) or processes of a job,
// one rank each (run_blocked_job): those meet on the host over the job's rendezvous, and each
// hands its share of whole rows on (share_rows.hpp) instead of its block.
#include <algorithm>
#include <climits>
#include <memory>
#include <mutex>
#include <optional>

#include "apsp/distributed_grid.hpp"
#include "apsp/distributed_out_of_core.hpp"
#include "apsp/gpu_runs.hpp"
#include "apsp/launch.cuh"
#include "apsp/rank_run_state.hpp"
#include "apsp/share_rows.hpp"
#include "common/communicator.hpp"
#include "common/device.hpp"
#include "common/gpu_context.hpp"
#include "common/host_transfer.hpp"
#include "common/pinned_memory.hpp"
#include "common/run_trace.hpp"
#include "common/staging.hpp"
#include "pathscope/apsp/row_share.hpp"
#include "pathscope/cluster/process_job.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

constexpr std::size_t kBlockCells = std::size_t(kTileRows) * kTileRows;
// A job's share of rows when no output sets its bands: whole tile rows, bands few enough that a
// process's share is a handful of ranges.
constexpr std::int64_t kBandWithoutOutput = 8 * kTileRows;

// One pivot's panels as one rank holds them.
template <class D>
struct RankPanels {
  using Scalar = typename D::Scalar;
  using AWord = typename D::AWord;
  RankPanels(int rows, int cols, cudaStream_t s)
      : columns(std::size_t(kTileRows) * rows, s),
        columns_broadcast(D::kLanes > 1 ? std::size_t(kTileRows) * rows : 0, s),
        pivot_rows(std::size_t(kTileRows) * cols, s),
        block_rows(kBlockCells, s),
        block_cols(kBlockCells, s) {}
  static std::uint64_t bytes(int rows, int cols) {
    return std::uint64_t(kTileRows) * (std::uint64_t(rows) * (sizeof(Scalar) + (D::kLanes > 1 ? 4 : 0)) +
                                       std::uint64_t(cols) * sizeof(Scalar)) +
           2 * kBlockCells * sizeof(AWord);
  }
  const AWord* a_operand() const {
    if constexpr (D::kLanes > 1) return columns_broadcast.get();
    else return reinterpret_cast<const AWord*>(columns.get());
  }
  DeviceArray<Scalar> columns;           // this rank's rows of the pivot columns, depth-major (A operand)
  DeviceArray<AWord> columns_broadcast;  // hop16: the A operand with each cell in both halves
  DeviceArray<Scalar> pivot_rows;        // the pivot rows over this rank's columns (B operand)
  DeviceArray<AWord> block_rows, block_cols;  // the closed diagonal tile, as phase-2 A operands
};

template <class D>
std::uint64_t rank_bytes(const MatrixPart& part, std::int64_t n, std::int64_t arcs) {
  return std::uint64_t(part.rows) * part.cols * sizeof(typename D::Scalar) + 2 * RankPanels<D>::bytes(part.rows, part.cols) +
         DeviceGraph<D>::bytes(n, arcs) + 4096;
}

template <class D>
class RankRun {
 public:
  using Scalar = typename D::Scalar;
  using Word = typename D::Word;

  RankRun(const GpuContext& gpu, const Graph& g, const MatrixLayout& layout, Communicator& comm, RankRunState& shared)
      : g_(g), layout_(layout), grid_(layout.grid()), comm_(comm), shared_(shared), part_(layout.part(comm.rank())),
        pitch_words_(part_.cols / D::kLanes), gpu_(gpu), main_(gpu.stream()) {}

  // The whole computation of this rank's block; false when the run was cancelled.
  bool compute() {
    const cudaStream_t s = main_.get();
    graph_.emplace(g_, s, s);
    d_ = DeviceArray<Scalar>(std::size_t(part_.rows) * part_.cols, s);
    RankPanels<D> ws[2] = {RankPanels<D>(part_.rows, part_.cols, s), RankPanels<D>(part_.rows, part_.cols, s)};
    DeviceArray<FinalFlags> flags(1, s);
    const FinalFlags no_flags{INT32_MAX, 0};
    CUDA_CHECK(cudaMemcpyAsync(flags.get(), &no_flags, sizeof no_flags, cudaMemcpyHostToDevice, s));
    // Every rank has its memory before any waits for another.
    comm_barrier();
    const Event start(true), stop(true);
    start.record(s);
    if (part_.rows > 0 && part_.cols > 0)
      enqueue_initial_rect<D>(gpu_, {d_.get(), part_.cols, part_.row0, part_.rows, part_.col0, part_.cols, false},
                              graph_->arcs(), s);
    const bool finished = pivots_looking_ahead(ws);
    const int rows = std::clamp(layout_.n() - part_.row0, 0, part_.rows);
    const int cols = std::clamp(layout_.n() - part_.col0, 0, part_.cols);
    if (finished && rows > 0 && cols > 0) {
      finalize_kernel<D><<<grid_for(gpu_, std::int64_t(rows) * cols, 256), 256, 0, s>>>(
          d_.get(), part_.cols, part_.row0, rows, cols, nullptr, 0, flags.get(), part_.col0);
      CUDA_CHECK_LAUNCH();
    }
    stop.record(s);
    FinalFlags found{};
    CUDA_CHECK(cudaMemcpyAsync(&found, flags.get(), sizeof found, cudaMemcpyDeviceToHost, s));
    main_.sync();
    if (found.negative_node != INT32_MAX) shared_.found_negative(found.negative_node);
    if (found.clipped) shared_.clipped = true;
    shared_.add_compute(stop.seconds_since(start));
    return finished;
  }

  // This rank's block into its place in `out` (n x n, filled), with this rank's device current.
  void download(Scalar* out) {
    const int n = layout_.n();
    const int rows = std::clamp(n - part_.row0, 0, part_.rows);
    const int cols = std::clamp(n - part_.col0, 0, part_.cols);
    Scalar* to = out + std::size_t(part_.row0) * n + part_.col0;
    const std::size_t pitch = std::size_t(part_.cols) * sizeof(Scalar), row_bytes = std::size_t(cols) * sizeof(Scalar);
    if (comm_.device() == 0 && cols == n)  // whole rows on device 0: the one-GPU engine's download
      download_rows(d_.get(), pitch, rows, row_bytes, to, gpu_);
    else
      download_block(d_.get(), pitch, rows, row_bytes, to, std::size_t(n) * sizeof(Scalar), gpu_);
  }

 private:
  void comm_barrier() {
    // Owned by the group: run_on_ranks aborts it when a rank fails.
    barrier_->arrive_and_wait();
    if (job_) job_->rendezvous().barrier();
  }

  Word* words() const { return reinterpret_cast<Word*>(d_.get()); }

  // min(D, C' (x) R') over local rows [row0, row0 + rows) and words [word0, word0 + words).
  void product(const RankPanels<D>& ws, int row0, int rows, int word0, int words, cudaStream_t s) const {
    Word* out = this->words() + std::int64_t(row0) * pitch_words_ + word0;
    ProductBatch<D> batch{};
    batch.count = 1;
    batch.job[0] = {out, out, pitch_words_, pitch_words_, ws.a_operand() + row0, part_.rows,
                    reinterpret_cast<const Word*>(ws.pivot_rows.get()) + word0, pitch_words_, rows, words, kTileRows};
    enqueue_product(batch, s);
  }

  // Steps 1-3 of pivot p into `ws`, on `s`.
  void prepare(int p, RankPanels<D>& ws, cudaStream_t s) {
    const int owner_row = layout_.row_owner(p), owner_col = layout_.col_owner(p);
    const bool in_row = part_.pr == owner_row, in_col = part_.pc == owner_col;
    const int qr = p * kTileRows - part_.row0, qc = p * kTileRows - part_.col0;
    const int me = comm_.rank(), root = grid_.rank_of(owner_row, owner_col);
    if (in_row && in_col)
      enqueue_close_block<D>(d_.get() + std::int64_t(qr) * part_.cols + qc, part_.cols, ws.block_rows.get(),
                             ws.block_cols.get(), s);
    Exchange tile;
    const std::size_t tile_bytes = kBlockCells * sizeof(typename D::AWord);
    if (in_row) tile.broadcast(grid_.row_members(owner_row), root, ws.block_cols.get(), tile_bytes, me);
    if (in_col) tile.broadcast(grid_.col_members(owner_col), root, ws.block_rows.get(), tile_bytes, me);
    comm_.exchange(tile, s);

    ProductBatch<D> phase2{};
    if (in_row && part_.cols > 0) {
      // The pivot rows: R' = A* (x) R, into their own buffer.
      Word* strip = words() + std::int64_t(qr) * pitch_words_;
      phase2.job[phase2.count++] = {reinterpret_cast<Word*>(ws.pivot_rows.get()), strip, pitch_words_, pitch_words_,
                                    ws.block_cols.get(), kTileRows, strip, pitch_words_, kTileRows, int(pitch_words_),
                                    kTileRows};
    }
    if (in_col && part_.rows > 0) {
      // The pivot columns, depth-major: C'^T = A*^T (x) C^T, in place.
      enqueue_transpose(d_.get() + qc, part_.cols, part_.rows, kTileRows, ws.columns.get(), part_.rows, s);
      Word* columns = reinterpret_cast<Word*>(ws.columns.get());
      const std::int64_t column_words = part_.rows / D::kLanes;
      phase2.job[phase2.count++] = {columns, columns, column_words, column_words, ws.block_rows.get(), kTileRows,
                                    columns, column_words, kTileRows, int(column_words), kTileRows};
    }
    if (phase2.count > 0) enqueue_product(phase2, s);

    Exchange panels;
    panels.broadcast(grid_.row_members(part_.pr), grid_.rank_of(part_.pr, owner_col), ws.columns.get(),
                     std::size_t(kTileRows) * part_.rows * sizeof(Scalar), me);
    panels.broadcast(grid_.col_members(part_.pc), grid_.rank_of(owner_row, part_.pc), ws.pivot_rows.get(),
                     std::size_t(kTileRows) * part_.cols * sizeof(Scalar), me);
    comm_.exchange(panels, s);
    if constexpr (D::kLanes > 1)
      enqueue_broadcast<D>(gpu_, ws.columns.get(), ws.columns_broadcast.get(), std::int64_t(kTileRows) * part_.rows, s);
  }

  // Brings this rank's part of pivot p's rows and columns up to date with the pivot whose
  // panels `ws` holds.
  void update_next_strips(int p, const RankPanels<D>& ws, cudaStream_t s) const {
    if (part_.pr == layout_.row_owner(p)) product(ws, p * kTileRows - part_.row0, kTileRows, 0, int(pitch_words_), s);
    if (part_.pc == layout_.col_owner(p))
      product(ws, 0, part_.rows, (p * kTileRows - part_.col0) / D::kLanes, kTileRows / D::kLanes, s);
  }

  // The pivot loop of enqueue_pivots_looking_ahead with the exchanges in the side stream's
  // steps. Every progress_group pivots the ranks meet on the host (one a group behind the
  // queue, so no device runs dry), report progress and agree on cancelling.
  bool pivots_looking_ahead(RankPanels<D> (&ws)[2]) {
    const cudaStream_t main = main_.get();
    const Stream side = Stream::high_priority();
    const Event matrix_ready, panels_ready, product_done;
    const StreamJoin join(side, main);
    const int pivots = layout_.pivots();
    const int group = std::max(1, pivots / 64);
    std::vector<std::unique_ptr<Event>> marks;
    matrix_ready.record(main);
    side.wait_for(matrix_ready);
    prepare(0, ws[0], side.get());
    panels_ready.record(side.get());
    for (int p = 0; p < pivots; ++p) {
      const RankPanels<D>& now = ws[p % 2];
      CUDA_CHECK(cudaStreamWaitEvent(main, panels_ready.get(), 0));
      if (p + 1 < pivots) {
        if (p > 0) side.wait_for(product_done);
        update_next_strips(p + 1, now, side.get());
        prepare(p + 1, ws[(p + 1) % 2], side.get());
        panels_ready.record(side.get());
      }
      product(now, 0, part_.rows, 0, int(pitch_words_), main);
      product_done.record(main);
      if ((p + 1) % group != 0 || p + 1 == pivots) continue;
      marks.push_back(std::make_unique<Event>());
      marks.back()->record(main);
      if (marks.size() < 2) continue;
      marks[marks.size() - 2]->sync();
      const double done = double(p + 1 - group) / pivots;
      barrier_->arrive_and_wait([&] {
        shared_.job.report(done);
        if (shared_.job.cancel_requested()) shared_.stop = true;
      });
      if (job_) shared_.stop = job_->any(shared_.stop);
      if (shared_.stop) return false;
    }
    return true;
  }

 public:
  HostBarrier* barrier_ = nullptr;
  ProcessJob* job_ = nullptr;  // set when the ranks are processes of a job
  const Scalar* block() const { return d_.get(); }

 private:
  const Graph& g_;
  const MatrixLayout& layout_;
  const ProcessGrid& grid_;
  Communicator& comm_;
  RankRunState& shared_;
  MatrixPart part_;
  std::int64_t pitch_words_;
  const GpuContext& gpu_;
  const Stream& main_;  // the context's: outlives the arrays that are freed in its order
  std::optional<DeviceGraph<D>> graph_;
  DeviceArray<Scalar> d_;
};

}  // namespace

template <class D>
RunFigures run_blocked_distributed(const Graph& g, const ApspOptions& options, const JobContext& job,
                                   ResultVector<typename D::Scalar>& out) {
  using Scalar = typename D::Scalar;
  const std::vector<int> devices = gpu_ranks(options.gpus, device_count());
  const auto group = rank_group(devices);
  std::lock_guard<std::mutex> one_run(group->run_mutex());
  const int ranks = group->size();
  const MatrixLayout layout(g.n, kTileRows, ProcessGrid::for_ranks(ranks));
  const KeepCurrentDevice keep_device;
  // One context per rank, on its device, each rank's share of the budget checked before any
  // rank starts; they outlive the ranks' arrays, freed in their streams' order.
  std::vector<GpuContext> contexts = GpuContext::for_ranks(options.gpu_memory_budget, devices);
  const std::string mode = std::to_string(ranks) + (ranks == 1 ? " rank" : " ranks") + ", grid " +
                           std::to_string(layout.grid().rows) + "x" + std::to_string(layout.grid().cols) + ", " +
                           group->transport();
  bool in_core = true;
  for (int r = 0; r < ranks && in_core; ++r)
    in_core = rank_bytes<D>(layout.part(r), g.n, g.arc_count()) <= contexts[std::size_t(r)].memory_budget();
  if (!in_core) {
    RunFigures fig = run_ranks_out_of_core<D>(g, layout, contexts, *group, job, out);
    fig.mode = mode + ", " + fig.mode;
    return fig;
  }
  RunFigures fig;
  fig.mode = mode;
  RunTrace trace("gpu-blocked distributed");
  BackgroundResize<Scalar> resizer(&out, nullptr, std::size_t(g.n) * g.n);
  RankRunState shared(job);
  // Every rank copies its own block into the result once all have finished (the host matrix
  // filled, no negative cycle found), all at once: each device has its own staging.
  double downloads_began = 0;
  run_on_ranks(*group, [&](Communicator& comm) {
    RankRun<D> part(contexts[comm.rank()], g, layout, comm, shared);
    part.barrier_ = &group->barrier();
    if (!part.compute()) shared.stop = true;
    group->barrier().arrive_and_wait([&] {
      trace.mark("computed");
      resizer.wait();
      trace.mark("result filled", resizer.finished_at());
      downloads_began = now_seconds();
    });
    if (!shared.stop && shared.negative == INT_MAX) part.download(out.data());
  });
  if (shared.stop) job.check_cancel();
  if (shared.negative == INT_MAX) shared.transfer_seconds = now_seconds() - downloads_began;
  trace.mark("downloaded");
  fig.compute_seconds = shared.compute_seconds;
  fig.transfer_seconds = shared.transfer_seconds;
  fig.negative_node = shared.negative == INT_MAX ? -1 : shared.negative.load();
  fig.hop16_clipped = shared.clipped;
  job.report(1.0);
  return fig;
}

// How a job's rank starts: its context, and the super-block width of a job whose ranks stream
// their blocks (0: every block in GPU memory).
struct JobRankStart {
  GpuContext context;
  int stream_width = 0;
};

// This process's GPU and its context for a job's rank, once every process has one, and whether
// the job streams: when any block does not fit its GPU, every rank streams its own from host
// memory, with the widest super-block all can hold. A process that cannot start (not even
// streaming fits, no device), or two that would share a GPU, stop every process here, before any
// waits in NCCL for one that gave up.
template <class D>
JobRankStart start_job_rank(ProcessJob& processes, const MatrixLayout& layout, const Graph& g,
                            std::uint64_t gpu_memory_budget) {
  const int ranks = processes.world_size(), me = processes.rank();
  const std::size_t cell = sizeof(typename D::Scalar);
  std::string refusal;
  std::optional<GpuContext> context;
  std::pair<std::uint64_t, std::uint64_t> gpu_id{0, 0};
  bool in_core = false;
  int widest = 0;
  try {
    // Under a launcher that gives each process its own GPU (CUDA_VISIBLE_DEVICES) every
    // process sees one device; otherwise the ranks of a host take its devices in turn.
    const int device = processes.local_index() % device_count();
    gpu_id = device_uuid_words(device);
    context.emplace(GpuContext::for_rank(gpu_memory_budget, device, 1));
    const std::uint64_t budget = context->memory_budget();
    const std::uint64_t in_core_need = rank_bytes<D>(layout.part(me), g.n, g.arc_count()) + share_rows_bytes(layout, cell);
    in_core = in_core_need <= budget;
    if (share_rows_bytes(layout, cell, true) <= budget) widest = widest_super_block<D>(layout, g.arc_count(), me, budget);
    if (!in_core && widest == 0)
      throw OverBudget("rank " + std::to_string(me) + "'s block of the matrix on GPU " + std::to_string(device) + " needs " +
                       format_bytes(in_core_need) + " in GPU memory, or at least " +
                       format_bytes(std::max(rank_stream_least_bytes<D>(layout, g.arc_count(), me),
                                             share_rows_bytes(layout, cell, true))) +
                       " to stream it from host memory, and the budget is " + format_bytes(budget) + " (add processes)");
  } catch (const Error& e) {
    refusal = e.what();
  }
  const std::vector<std::uint64_t> ids = processes.all_gather(
      {gpu_id.first, gpu_id.second, refusal.empty() ? 0u : 1u, in_core ? 1u : 0u, std::uint64_t(widest)});
  auto id = [&](int rank, int word) { return ids[5 * std::size_t(rank) + std::size_t(word)]; };
  for (int k = 0; k < ranks; ++k) {
    if (id(k, 2) == 0) continue;
    if (k == me) throw Error(refusal);
    throw Error("rank " + std::to_string(k) + " of the job could not start (its own error says why)");
  }
  for (int a = 0; a < ranks; ++a)
    for (int b = a + 1; b < ranks; ++b)
      if (id(a, 0) == id(b, 0) && id(a, 1) == id(b, 1))
        throw Error("ranks " + std::to_string(a) + " and " + std::to_string(b) + " of the job would share one GPU (on " +
                    processes.records()[std::size_t(a)].host + "): NCCL needs a GPU of its own for each process");
  JobRankStart start{std::move(*context), 0};
  bool all_in_core = true;
  for (int k = 0; k < ranks; ++k) all_in_core = all_in_core && id(k, 3) == 1;
  if (all_in_core) return start;
  std::uint64_t width = UINT64_MAX;
  int narrowest = 0;
  for (int k = 0; k < ranks; ++k)
    if (id(k, 4) < width) width = id(k, 4), narrowest = k;
  if (width == 0)
    throw Error("rank " + std::to_string(narrowest) + " of the job holds its block in GPU memory but not the panels of "
                "streaming it, which another rank's block needs (add processes, or give every GPU the same budget)");
  start.stream_width = int(width);
  return start;
}

template <class D>
RunFigures run_blocked_job(const Graph& g, const ApspOptions& options, const JobContext& job, MatrixSink* sink,
                           std::uint64_t& checksum) {
  using Scalar = typename D::Scalar;
  ProcessJob& processes = *options.job;
  const int ranks = processes.world_size(), me = processes.rank();
  const MatrixLayout layout(g.n, kTileRows, ProcessGrid::for_ranks(ranks));
  const KeepCurrentDevice keep_device;
  const JobRankStart start = start_job_rank<D>(processes, layout, g, options.gpu_memory_budget);
  const GpuContext& context = start.context;
  const bool streamed = start.stream_width > 0;
  const auto comm = job_rank(processes, context.device());
  RunFigures fig;
  fig.mode = "rank " + std::to_string(me) + " of a job of " + std::to_string(ranks) + " processes, grid " +
             std::to_string(layout.grid().rows) + "x" + std::to_string(layout.grid().cols) + ", NCCL" +
             (streamed ? ", out of core on every rank (W=" + std::to_string(start.stream_width) + ")" : "");
  RunTrace trace("gpu-blocked job rank");
  RankRunState shared(job);
  HostBarrier alone(1);
  try {
    // Streaming, this process's block lives in host memory of its own between rounds.
    const MatrixPart part = layout.part(me);
    std::unique_ptr<PinnedHostBuffer> host_block;
    std::optional<RankRun<D>> run;
    bool finished = false;
    if (streamed) {
      host_block = std::make_unique<PinnedHostBuffer>(std::size_t(part.rows) * part.cols * sizeof(Scalar));
      finished = stream_job_rank<D>(g, layout, context, *comm, processes, shared, start.stream_width,
                                    static_cast<Scalar*>(host_block->data()));
    } else {
      run.emplace(context, g, layout, *comm, shared);
      run->barrier_ = &alone;
      run->job_ = &processes;
      finished = run->compute();
    }
    trace.mark("computed");
    // Every process learns what any found, so that all leave, or go on, together.
    const bool stopped = processes.any(!finished || shared.stop);
    const std::int64_t negative = processes.min(shared.negative.load());
    const bool clipped = processes.any(shared.clipped.load());
    if (stopped) throw Cancelled();
    fig.compute_seconds = processes.max(shared.compute_seconds);
    if (negative != INT_MAX) {
      fig.negative_node = int(negative);
      return fig;
    }
    if (clipped)
      throw Error("gpu-blocked: a shortest path has more hops than hop16's working range on the GPU, and a job of "
                  "processes cannot redo it in int32 as one GPU does: run with --dist int32");
    const std::int64_t band = sink && sink->row_band() > 1 ? sink->row_band() : kBandWithoutOutput;
    RowChecksums hashes(g.n, options.dist);
    const double t0 = now_seconds();
    const TakeRows to_sink = [&](std::size_t row0, std::size_t rows, const void* staged) {
      sink->put_rows(std::int64_t(row0), std::int64_t(rows), staged);
    };
    const Scalar* block = streamed ? static_cast<const Scalar*>(host_block->data()) : run->block();
    gather_share_rows(layout, *comm, block, streamed, RowShare{me, ranks, band}, context, hashes,
                      sink ? &to_sink : nullptr, trace);
    fig.transfer_seconds = now_seconds() - t0;
    trace.mark("rows handed on");
    checksum = job_matrix_checksum(processes, hashes, g.n, band);
    fig.transfer_seconds = processes.max(fig.transfer_seconds);
    fig.rows_in_sink = true;
  } catch (...) {
    forget_job_rank(processes);
    throw;
  }
  job.report(1.0);
  return fig;
}

#define PATHSCOPE_INSTANTIATE(D)                                                                                  \
  template RunFigures run_blocked_distributed<D>(const Graph&, const ApspOptions&, const JobContext&, \
                                                 ResultVector<D::Scalar>&);                       \
  template RunFigures run_blocked_job<D>(const Graph&, const ApspOptions&, const JobContext&, MatrixSink*,      \
                                         std::uint64_t&);
PATHSCOPE_INSTANTIATE(Int32Dist)
PATHSCOPE_INSTANTIATE(FloatDist)
PATHSCOPE_INSTANTIATE(Hop16Dist)

}  // namespace pathscope::gpu
