// Out of core on every rank. The matrix lives in host memory: threads of one process stream
// their blocks from the result vector itself, pinned in place for every device; a job's process
// from a pinned block of its own. Rank (pr, pc) owns the same block as in core but keeps only
// this on its GPU:
//  - its part of one super-block's pivot rows (W x its columns) and pivot columns (its rows x
//    W, depth-major), before and after phase 2, and the closed W x W diagonal block;
//  - three slabs of its rows (S x its columns), one per stream.
// Super-block [q, q + w) (MatrixLayout::super_blocks: inside one process row and one process
// column, so one rank holds its diagonal block):
//  1. the rank holding the diagonal block closes it in place inside its pivot rows;
//  2. the closed block goes along the owning process row and column, whose ranks turn their
//     parts of the pivot rows and columns into the panels (phase 2);
//  3. every process row gets its rows of the column panel, every process column its columns of
//     the row panel (one grouped step, as in core);
//  4. every rank streams its block through its slabs: up, phase 3 with inner dimension w, the
//     next super-block's pivot rows and columns captured while the slab is on the device, down.
// Round 0 builds the slabs from the arcs instead of uploading them; in the last round each slab
// is finalised before it goes down. The next round's steps 1-3 wait for every slab of this one,
// as in the one-GPU engine: PCIe carries 2 x the block a round against w x the block's cells of
// phase 3, so a wide W keeps the link under the arithmetic.
#include "apsp/distributed_out_of_core.hpp"

#include <algorithm>
#include <climits>
#include <optional>
#include <string>

#include "apsp/launch.cuh"
#include "apsp/rank_run_state.hpp"
#include "common/host_transfer.hpp"
#include "common/pinned_memory.hpp"
#include "pathscope/cluster/process_job.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kSlabStreams = 3;
// A super-block's phase 3 (W updates a cell) outlasts carrying the block up and down (a
// cell's bytes each way) once W passes about 1,000 at the H100's rates; twice that leaves room
// for a host whose memory feeds several links. Wider only makes the diagonal's owner form longer
// panels while the other ranks wait (docs/gpu.md, "Out of core on every rank"). The cost
// model's kMaxRankOutOfCoreWidth is the same bound.
constexpr int kWidestSuperBlock = 2048;
// Short slabs start each round's phase 3 soon after its first upload.
constexpr std::uint64_t kLargestSlabBytes = std::uint64_t{512} << 20;

// Device bytes of one rank, by part.
template <class D>
struct RankStreamBytes {
  using Scalar = typename D::Scalar;
  using AWord = typename D::AWord;
  static std::uint64_t fixed(std::int64_t n, std::int64_t arcs) { return DeviceGraph<D>::bytes(n, arcs) + (1u << 20); }
  static std::uint64_t panels(const MatrixPart& part, std::int64_t w) {
    return 2 * std::uint64_t(w) * (part.rows + part.cols) * sizeof(Scalar) +
           (D::kLanes > 1 ? std::uint64_t(w) * part.rows * sizeof(AWord) : 0) +
           2 * std::uint64_t(w) * w * sizeof(AWord) + PivotWorkspace<D>::bytes(w);
  }
  static std::uint64_t slabs(const MatrixPart& part, std::int64_t rows) {
    return kSlabStreams * std::uint64_t(std::min<std::int64_t>(rows, part.rows)) * part.cols * sizeof(Scalar);
  }
};

// Device bytes of rank r with super-blocks of `width` beside three slabs of `slab_rows` of its rows.
template <class D>
std::uint64_t rank_stream_bytes(const MatrixLayout& layout, std::int64_t arcs, int rank, std::int64_t width,
                                std::int64_t slab_rows) {
  using Bytes = RankStreamBytes<D>;
  const MatrixPart part = layout.part(rank);
  return Bytes::fixed(layout.n(), arcs) + Bytes::panels(part, width) + Bytes::slabs(part, slab_rows);
}

// Rank r's slab height with super-blocks of `width` (which it fits): what is left of its budget,
// at least six slabs a block (so three streams always have a copy to overlap), none over
// kLargestSlabBytes.
template <class D>
int slab_rows_for(const MatrixLayout& layout, std::int64_t arcs, int rank, std::uint64_t budget, int width) {
  using Bytes = RankStreamBytes<D>;
  const MatrixPart part = layout.part(rank);
  const std::uint64_t left = budget - Bytes::fixed(layout.n(), arcs) - Bytes::panels(part, width);
  const std::uint64_t row_bytes = kSlabStreams * std::uint64_t(std::max(part.cols, 1)) * sizeof(typename D::Scalar);
  std::int64_t rows = std::int64_t(left / row_bytes);
  rows = std::min<std::int64_t>(rows, std::max<std::int64_t>(kTileRows, round_up(part.rows / 6, kTileRows)));
  rows = std::min<std::int64_t>(rows, std::int64_t(kLargestSlabBytes / (row_bytes / kSlabStreams)));
  rows = std::max<std::int64_t>(kTileRows, rows / kTileRows * kTileRows);
  return int(std::min<std::int64_t>(rows, std::max(part.rows, kTileRows)));
}

OverBudget too_small_to_stream(const MatrixLayout& layout, std::uint64_t need, int rank, int ranks, std::uint64_t budget) {
  return OverBudget("gpu-blocked out of core on every rank needs at least " + format_bytes(need) +
                    " of GPU memory for rank " + std::to_string(rank) + " (" + std::to_string(layout.n()) +
                    " nodes over " + std::to_string(ranks) + " ranks), and its budget is " + format_bytes(budget));
}

// The threads' plan: the widest super-block every rank can hold, each rank's slabs.
template <class D>
struct RankStreamPlan {
  int width = 0;
  std::vector<int> slab_rows;

  RankStreamPlan(const MatrixLayout& layout, std::int64_t arcs, const std::vector<GpuContext>& contexts) {
    const int ranks = int(contexts.size());
    width = kWidestSuperBlock;
    for (int r = 0; r < ranks; ++r) {
      const std::uint64_t budget = contexts[std::size_t(r)].memory_budget();
      width = std::min(width, widest_super_block<D>(layout, arcs, r, budget));
      if (width == 0)
        throw too_small_to_stream(layout, rank_stream_least_bytes<D>(layout, arcs, r), r, ranks, budget);
    }
    for (int r = 0; r < ranks; ++r)
      slab_rows.push_back(slab_rows_for<D>(layout, arcs, r, contexts[std::size_t(r)].memory_budget(), width));
  }
};

template <class D>
class RankStream {
 public:
  using Scalar = typename D::Scalar;
  using Word = typename D::Word;
  using AWord = typename D::AWord;

  // `host`: the block's first cell, rows `host_pitch` cells apart (the matrix's n when the block
  // lies in the whole host matrix, its own width when a process keeps it apart). `job`: the job
  // of processes this rank is one of, or null for threads of one process.
  RankStream(const GpuContext& gpu, const Graph& g, const MatrixLayout& layout, Communicator& comm, RankRunState& state,
             HostBarrier& barrier, ProcessJob* job, int width, int slab_rows, Scalar* host, std::size_t host_pitch)
      : gpu_(gpu), g_(g), layout_(layout), grid_(layout.grid()), comm_(comm), state_(state), barrier_(barrier),
        job_(job), part_(layout.part(comm.rank())), width_(width), slab_rows_(slab_rows),
        row_words_(part_.cols / D::kLanes), col_words_(part_.rows / D::kLanes), host_(host), host_pitch_(host_pitch) {}

  // Every round of this rank; false when the run was cancelled.
  bool run() {
    const cudaStream_t s = gpu_.stream().get();
    const std::size_t w = std::size_t(width_);
    graph_.emplace(g_, s);
    rows_old_ = DeviceArray<Scalar>(w * part_.cols);
    rows_new_ = DeviceArray<Scalar>(w * part_.cols);
    cols_old_ = DeviceArray<Scalar>(w * part_.rows);
    cols_new_ = DeviceArray<Scalar>(w * part_.rows);
    cols_broadcast_ = DeviceArray<AWord>(D::kLanes > 1 ? w * part_.rows : 0);
    block_rows_ = DeviceArray<AWord>(w * w);
    block_cols_ = DeviceArray<AWord>(w * w);
    pivot_ws_.emplace(width_);
    if (part_.rows > 0)  // a rank with no rows (more process rows than tiles) streams nothing
      for (auto& slab : slabs_) slab = DeviceArray<Scalar>(std::size_t(slab_rows_) * part_.cols);
    flags_ = DeviceArray<FinalFlags>(1);
    const FinalFlags no_flags{INT32_MAX, 0};
    CUDA_CHECK(cudaMemcpyAsync(flags_.get(), &no_flags, sizeof no_flags, cudaMemcpyHostToDevice, s));
    // Every rank has its memory before any waits for another.
    barrier_.arrive_and_wait();
    if (job_) job_->rendezvous().barrier();

    const double began = now_seconds();
    const std::vector<PivotSpan> spans = layout_.super_blocks(width_);
    initial_panels(spans.front(), s);
    Event panels_ready;
    Event captured[kSlabStreams];
    for (std::size_t round = 0; round < spans.size(); ++round) {
      if (round > 0) {
        panels_ready.sync();
        const double done = double(round - 1) / double(spans.size());
        barrier_.arrive_and_wait([&] {
          state_.job.report(done);
          if (state_.job.cancel_requested()) state_.stop = true;
        });
        if (job_) state_.stop = job_->any(state_.stop);
        if (state_.stop) {
          for (auto& st : slab_streams_) st.sync();
          return false;
        }
        for (auto& e : captured) CUDA_CHECK(cudaStreamWaitEvent(s, e.get(), 0));
      }
      const PivotSpan span = spans[round];
      const PivotSpan next = round + 1 < spans.size() ? spans[round + 1] : PivotSpan{};
      prepare(span, s);
      panels_ready.record(s);
      stream_block(span, next, panels_ready);
      for (int j = 0; j < kSlabStreams; ++j) captured[j].record(slab_streams_[j].get());
    }
    for (auto& st : slab_streams_) st.sync();
    FinalFlags found{};
    CUDA_CHECK(cudaMemcpyAsync(&found, flags_.get(), sizeof found, cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    if (found.negative_node != INT32_MAX) state_.found_negative(found.negative_node);
    if (found.clipped) state_.clipped = true;
    state_.add_compute(now_seconds() - began);
    return true;
  }

 private:
  bool holds_rows_of(const PivotSpan& span) const { return span.width > 0 && part_.pr == layout_.row_owner(span.first / kTileRows); }
  bool holds_cols_of(const PivotSpan& span) const { return span.width > 0 && part_.pc == layout_.col_owner(span.first / kTileRows); }
  Word* words(Scalar* p) const { return reinterpret_cast<Word*>(p); }

  // The first super-block's pivot rows and columns straight from the arcs.
  void initial_panels(const PivotSpan& span, cudaStream_t s) {
    if (holds_rows_of(span) && part_.cols > 0)
      enqueue_initial_rect<D>(gpu_, {rows_old_.get(), part_.cols, span.first, span.width, part_.col0, part_.cols, false},
                              graph_->arcs(), s);
    if (holds_cols_of(span) && part_.rows > 0)
      enqueue_initial_rect<D>(gpu_, {cols_old_.get(), part_.rows, part_.row0, part_.rows, span.first, span.width, true},
                              graph_->arcs(), s);
  }

  // Steps 1-3: this rank's row panel (w x its columns) in rows_new_ and column panel (its rows
  // x w, depth-major) in cols_new_, the A operand of phase 3 ready.
  void prepare(const PivotSpan& span, cudaStream_t s) {
    const int q = span.first, w = span.width;
    const int owner_row = layout_.row_owner(q / kTileRows), owner_col = layout_.col_owner(q / kTileRows);
    const bool in_row = part_.pr == owner_row, in_col = part_.pc == owner_col;
    const int me = comm_.rank(), root = grid_.rank_of(owner_row, owner_col);
    if (in_row && in_col) {
      Scalar* diagonal = rows_old_.get() + (q - part_.col0);
      for (int p = 0; p < w / kTileRows; ++p) enqueue_pivot<D>(gpu_, diagonal, part_.cols, w, p, *pivot_ws_, s);
      block_operands_kernel<D><<<grid_for(gpu_, std::int64_t(w) * w, 256), 256, 0, s>>>(
          diagonal, part_.cols, w, block_rows_.get(), block_cols_.get());
      CUDA_CHECK_LAUNCH();
    }
    Exchange tile;
    const std::size_t tile_bytes = std::size_t(w) * w * sizeof(AWord);
    if (in_row) tile.broadcast(grid_.row_members(owner_row), root, block_cols_.get(), tile_bytes, me);
    if (in_col) tile.broadcast(grid_.col_members(owner_col), root, block_rows_.get(), tile_bytes, me);
    comm_.exchange(tile, s);

    ProductBatch<D> phase2{};
    if (in_row && part_.cols > 0)
      phase2.job[phase2.count++] = {words(rows_new_.get()), words(rows_old_.get()), row_words_, row_words_,
                                    block_cols_.get(), w, words(rows_old_.get()), row_words_, w, int(row_words_), w};
    if (in_col && part_.rows > 0)
      phase2.job[phase2.count++] = {words(cols_new_.get()), words(cols_old_.get()), col_words_, col_words_,
                                    block_rows_.get(), w, words(cols_old_.get()), col_words_, w, int(col_words_), w};
    if (phase2.count > 0) enqueue_product(phase2, s);

    Exchange panels;
    panels.broadcast(grid_.row_members(part_.pr), grid_.rank_of(part_.pr, owner_col), cols_new_.get(),
                     std::size_t(w) * part_.rows * sizeof(Scalar), me);
    panels.broadcast(grid_.col_members(part_.pc), grid_.rank_of(owner_row, part_.pc), rows_new_.get(),
                     std::size_t(w) * part_.cols * sizeof(Scalar), me);
    comm_.exchange(panels, s);
    if constexpr (D::kLanes > 1)
      enqueue_broadcast<D>(gpu_, cols_new_.get(), cols_broadcast_.get(), std::int64_t(w) * part_.rows, s);
  }

  const AWord* a_operand() const {
    if constexpr (D::kLanes > 1) return cols_broadcast_.get();
    else return reinterpret_cast<const AWord*>(cols_new_.get());
  }

  // Step 4 over every slab of this rank's rows.
  void stream_block(const PivotSpan& span, const PivotSpan& next, const Event& panels_ready) {
    if (part_.rows == 0 || part_.cols == 0) return;
    const int n = layout_.n();
    const bool first = span.first == 0, last = next.width == 0;
    const int real_cols = std::clamp(n - part_.col0, 0, part_.cols);
    const std::size_t host_pitch = host_pitch_ * sizeof(Scalar), device_pitch = std::size_t(part_.cols) * sizeof(Scalar);
    const bool capture_rows = holds_rows_of(next), capture_cols = holds_cols_of(next);
    for (int s0 = 0, sl = 0; s0 < part_.rows; s0 += slab_rows_, ++sl) {
      const int j = sl % kSlabStreams;
      const cudaStream_t s = slab_streams_[j].get();
      Scalar* buf = slabs_[j].get();
      const int row0 = part_.row0 + s0, rows = std::min(slab_rows_, part_.rows - s0);
      const int real_rows = std::clamp(n - row0, 0, rows);
      Scalar* host = real_rows > 0 && real_cols > 0 ? host_ + std::size_t(s0) * host_pitch_ : nullptr;
      if (first) {
        enqueue_initial_rect<D>(gpu_, {buf, part_.cols, row0, rows, part_.col0, part_.cols, false}, graph_->arcs(), s);
      } else {
        if (real_rows > 0 && real_cols > 0)
          CUDA_CHECK(cudaMemcpy2DAsync(buf, device_pitch, host, host_pitch, std::size_t(real_cols) * sizeof(Scalar),
                                       real_rows, cudaMemcpyHostToDevice, s));
        // Padding is never stored on the host: reset to what it always is.
        if (real_rows > 0 && real_cols < part_.cols)
          enqueue_initial_rect<D>(
              gpu_, {buf + real_cols, part_.cols, row0, real_rows, part_.col0 + real_cols, part_.cols - real_cols, false},
              graph_->arcs(), s);
        if (real_rows < rows)
          enqueue_initial_rect<D>(gpu_,
                                  {buf + std::size_t(real_rows) * part_.cols, part_.cols, row0 + real_rows,
                                   rows - real_rows, part_.col0, part_.cols, false},
                                  graph_->arcs(), s);
      }
      CUDA_CHECK(cudaStreamWaitEvent(s, panels_ready.get(), 0));
      ProductBatch<D> phase3{};
      phase3.count = 1;
      phase3.job[0] = {words(buf), words(buf), row_words_, row_words_, a_operand() + s0, part_.rows,
                       words(rows_new_.get()), row_words_, rows, int(row_words_), span.width};
      enqueue_product(phase3, s);
      if (capture_cols)
        enqueue_transpose(buf + (next.first - part_.col0), part_.cols, rows, next.width, cols_old_.get() + s0,
                          part_.rows, s);
      if (capture_rows) {
        const int lo = std::max(row0, next.first), hi = std::min(row0 + rows, next.first + next.width);
        if (hi > lo)
          CUDA_CHECK(cudaMemcpy2DAsync(rows_old_.get() + std::size_t(lo - next.first) * part_.cols, device_pitch,
                                       buf + std::size_t(lo - row0) * part_.cols, device_pitch, device_pitch, hi - lo,
                                       cudaMemcpyDeviceToDevice, s));
      }
      if (last && real_rows > 0 && real_cols > 0) {
        finalize_kernel<D><<<grid_for(gpu_, std::int64_t(real_rows) * real_cols, 256), 256, 0, s>>>(
            buf, part_.cols, row0, real_rows, real_cols, nullptr, 0, flags_.get(), part_.col0);
        CUDA_CHECK_LAUNCH();
      }
      if (real_rows > 0 && real_cols > 0)
        CUDA_CHECK(cudaMemcpy2DAsync(host, host_pitch, buf, device_pitch, std::size_t(real_cols) * sizeof(Scalar),
                                     real_rows, cudaMemcpyDeviceToHost, s));
    }
  }

  const GpuContext& gpu_;
  const Graph& g_;
  const MatrixLayout& layout_;
  const ProcessGrid& grid_;
  Communicator& comm_;
  RankRunState& state_;
  HostBarrier& barrier_;
  ProcessJob* const job_;
  const MatrixPart part_;
  const int width_, slab_rows_;
  const std::int64_t row_words_, col_words_;  // words of a pivot row, of a depth-major pivot column
  Scalar* const host_;                        // this rank's block's first cell on the host
  const std::size_t host_pitch_;              // cells from one of its rows to the next there
  Stream slab_streams_[kSlabStreams];
  std::optional<DeviceGraph<D>> graph_;
  DeviceArray<Scalar> rows_old_, rows_new_, cols_old_, cols_new_;
  DeviceArray<AWord> cols_broadcast_, block_rows_, block_cols_;
  std::optional<PivotWorkspace<D>> pivot_ws_;
  DeviceArray<Scalar> slabs_[kSlabStreams];
  DeviceArray<FinalFlags> flags_;
};

}  // namespace

template <class D>
int widest_super_block(const MatrixLayout& layout, std::int64_t arcs, int rank, std::uint64_t budget) {
  for (std::int64_t w = std::min(layout.size(), kWidestSuperBlock); w >= kTileRows; w -= kTileRows)
    if (rank_stream_bytes<D>(layout, arcs, rank, w, kTileRows) <= budget) return int(w);
  return 0;
}

template <class D>
std::uint64_t rank_stream_least_bytes(const MatrixLayout& layout, std::int64_t arcs, int rank) {
  return rank_stream_bytes<D>(layout, arcs, rank, kTileRows, kTileRows);
}

template <class D>
bool stream_job_rank(const Graph& g, const MatrixLayout& layout, const GpuContext& gpu, Communicator& comm,
                     ProcessJob& job, RankRunState& state, int width, typename D::Scalar* host) {
  HostBarrier alone(1);
  const int slab_rows = slab_rows_for<D>(layout, g.arc_count(), comm.rank(), gpu.memory_budget(), width);
  RankStream<D> rank(gpu, g, layout, comm, state, alone, &job, width, slab_rows, host,
                     std::size_t(layout.part(comm.rank()).cols));
  return rank.run();
}

template <class D>
RunFigures run_ranks_out_of_core(const Graph& g, const MatrixLayout& layout, const std::vector<GpuContext>& contexts,
                                 RankGroup& group, const JobContext& job, ResultVector<typename D::Scalar>& out) {
  using Scalar = typename D::Scalar;
  const RankStreamPlan<D> plan(layout, g.arc_count(), contexts);
  RunFigures fig;
  const auto [least, most] = std::minmax_element(plan.slab_rows.begin(), plan.slab_rows.end());
  std::string slabs = std::to_string(*least);
  if (*most != *least) slabs.append("-").append(std::to_string(*most));
  fig.mode = "out of core on every rank (W=" + std::to_string(plan.width) + ", slabs of " + slabs + " rows)";
  const double pin_began = now_seconds();
  const int n = g.n;
  resize_for_result(out, std::size_t(n) * n, true);
  // Portable: every rank's device copies to and from it.
  const HostRegistration pinned(out.data(), out.size() * sizeof(Scalar), cudaHostRegisterPortable);
  fig.transfer_seconds = now_seconds() - pin_began;
  RankRunState state(job);
  run_on_ranks(group, [&](Communicator& comm) {
    const MatrixPart part = layout.part(comm.rank());
    Scalar* host = part.row0 < n && part.col0 < n ? out.data() + std::size_t(part.row0) * n + part.col0 : nullptr;
    RankStream<D> rank(contexts[std::size_t(comm.rank())], g, layout, comm, state, group.barrier(), nullptr,
                       plan.width, plan.slab_rows[std::size_t(comm.rank())], host, std::size_t(n));
    if (!rank.run()) state.stop = true;
  });
  if (state.stop) job.check_cancel();
  fig.compute_seconds = state.compute_seconds;
  fig.negative_node = state.negative == INT_MAX ? -1 : state.negative.load();
  fig.hop16_clipped = state.clipped;
  job.report(1.0);
  return fig;
}

#define PATHSCOPE_INSTANTIATE(D)                                                                                  \
  template RunFigures run_ranks_out_of_core<D>(const Graph&, const MatrixLayout&, const std::vector<GpuContext>&,      \
                                               RankGroup&, const JobContext&, ResultVector<D::Scalar>&);               \
  template int widest_super_block<D>(const MatrixLayout&, std::int64_t, int, std::uint64_t);                          \
  template std::uint64_t rank_stream_least_bytes<D>(const MatrixLayout&, std::int64_t, int);                         \
  template bool stream_job_rank<D>(const Graph&, const MatrixLayout&, const GpuContext&, Communicator&, ProcessJob&, \
                                   RankRunState&, int, D::Scalar*);
PATHSCOPE_INSTANTIATE(Int32Dist)
PATHSCOPE_INSTANTIATE(FloatDist)
PATHSCOPE_INSTANTIATE(Hop16Dist)

}  // namespace pathscope::gpu
