#pragma once
// The last pivots of an in-core run taken a group of rows at a time, so that each group's rows
// leave the device while later groups compute (docs/gpu.md, "The last pivots by row groups").
//
// In pivot p a row block changes only through its own pivot columns and the pivot rows of p as
// they stand after p's phase 2. The tail (the last L row blocks, which hold the pivot rows of
// the last L pivots) goes through those pivots first, on a high-priority stream, keeping each
// pivot's phase-2 rows and closed diagonal block; every other group of rows then takes the L
// pivots on its own, in order, and is final. Every row goes through the same products with the
// same operands as pivot by pivot, so the cells are the same, bit for bit.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

#include "apsp/launch.cuh"
#include "common/env_knob.hpp"
#include "pathscope/apsp/row_share.hpp"

namespace pathscope::gpu {

struct FinalRounds {
  int pivots = 0;              // the last pivots taken by row groups; 0: pivot by pivot to the end
  int group_blocks = 0;        // row blocks of kTileRows in a group
  std::size_t chunk_bytes = 0;  // the rows of a download chunk (staging.hpp), as bytes
};

// Device bytes the final rounds add to an in-core run: each pivot's rows and closed block, and
// a column panel for each of the three streams.
template <class D>
std::uint64_t final_rounds_bytes(int size, FinalRounds f) {
  const std::uint64_t scalar = sizeof(typename D::Scalar), broadcast = D::kLanes > 1 ? 4 : 0;
  const std::uint64_t pivot = std::uint64_t(kTileRows) * size * scalar + 2ull * kTileRows * kTileRows * 4;
  const std::uint64_t panel_rows = std::uint64_t(f.pivots + 2 * f.group_blocks) * kTileRows;
  return f.pivots * pivot + panel_rows * kTileRows * (scalar + broadcast);
}

// The final rounds of a run of `pivots` pivot blocks with `spare` device bytes beside its
// in-core needs. The download hides when they last about as long as it; n^2 cells over PCIe
// against n^3 updates makes that about 10 pivot blocks at every size (docs/gpu.md), hence 16.
// Below 32 pivots the download is too short to be worth the tail's serial chain. Groups of 16
// row blocks and copies in 16 MB chunks did best of those measured (docs/gpu.md).
// PATHSCOPE_GPU_FINAL_PIVOTS (0: off), PATHSCOPE_GPU_FINAL_GROUP_BLOCKS and
// PATHSCOPE_GPU_FINAL_CHUNK_MB set them for measuring and tests.
template <class D>
FinalRounds choose_final_rounds(int pivots, int size, std::uint64_t spare) {
  FinalRounds f;
  f.pivots = int(std::clamp<std::int64_t>(
      env_number("PATHSCOPE_GPU_FINAL_PIVOTS", pivots >= 32 ? std::min(16, pivots / 4) : 0), 0, pivots));
  f.group_blocks = int(std::clamp<std::int64_t>(env_number("PATHSCOPE_GPU_FINAL_GROUP_BLOCKS", 16), 1,
                                                std::max(1, pivots - f.pivots)));
  f.chunk_bytes = std::size_t(std::clamp<std::int64_t>(env_number("PATHSCOPE_GPU_FINAL_CHUNK_MB", 16), 1, 1024)) << 20;
  while (f.pivots > 0 && final_rounds_bytes<D>(size, f) > spare) f.pivots /= 2;
  return f;
}

template <class D>
class FinalRowGroups {
 public:
  using Scalar = typename D::Scalar;
  using AWord = typename D::AWord;
  using Word = typename D::Word;

  // Enqueues the last f.pivots pivots of `d` (size x size; the earlier pivots queued on
  // `main`) and, for each group, the finalisation of its rows among [0, n) into `flags`.
  FinalRowGroups(const GpuContext& gpu, Scalar* d, int size, int n, FinalRounds f, FinalFlags* flags,
                 cudaStream_t main)
      : gpu_(gpu),
        d_(d),
        size_(size),
        n_(n),
        first_pivot_(size / kTileRows - f.pivots),
        tail_(Stream::high_priority()),
        panels_{ColumnPanel(f.pivots * kTileRows, main), ColumnPanel(f.group_blocks * kTileRows, main),
                ColumnPanel(f.group_blocks * kTileRows, main)},
        tail_join_(tail_, main),
        a_join_(a_, main),
        b_join_(b_, main) {
    for (int t = 0; t < f.pivots; ++t) pivots_.emplace_back(size, main);
    const Event begun;
    begun.record(main);
    for (const Stream* s : {&tail_, &a_, &b_}) s->wait_for(begun);

    const int tail_row0 = first_pivot_ * kTileRows;
    ranges_.push_back({tail_row0, n - tail_row0});
    for (int t = 0; t < f.pivots; ++t) {
      enqueue_columns(ranges_[0], t, panels_[0], true, tail_.get());
      ready_.emplace_back().record(tail_.get());
      enqueue_rows_product(ranges_[0], t, panels_[0], tail_.get());
    }
    enqueue_finalize(ranges_[0], flags, tail_.get());
    done_.emplace_back().record(tail_.get());

    // Groups of f.group_blocks until two are left, then halving: the groups that end last, whose
    // copies cannot hide, are small.
    for (int row0 = 0, i = 0; row0 < tail_row0; ++i) {
      const int left = (tail_row0 - row0) / kTileRows;
      const RowRange rows{row0, (left > 2 * f.group_blocks ? f.group_blocks : (left + 1) / 2) * kTileRows};
      row0 += int(rows.count);
      const Stream& s = i % 2 ? b_ : a_;
      for (int t = 0; t < f.pivots; ++t) {
        if (i < 2) s.wait_for(ready_[t]);  // later groups on the stream come after these
        enqueue_columns(rows, t, panels_[1 + i % 2], false, s.get());
        enqueue_rows_product(rows, t, panels_[1 + i % 2], s.get());
      }
      enqueue_finalize(rows, flags, s.get());
      ranges_.push_back(rows);
      done_.emplace_back().record(s.get());
    }
    const Event tail_end, b_end;
    tail_end.record(tail_.get());
    b_end.record(b_.get());
    a_.wait_for(tail_end);
    a_.wait_for(b_end);
  }

  // The tail's rows, the first to be final.
  RowRange tail() const { return ranges_[0]; }
  // Work queued on `s` from now on waits until rows [row0, row0 + rows) are final.
  void wait_for_rows(cudaStream_t s, std::int64_t row0, std::int64_t rows) const {
    for (std::size_t g = 0; g < ranges_.size(); ++g)
      if (ranges_[g].first < row0 + rows && row0 < ranges_[g].first + ranges_[g].count)
        CUDA_CHECK(cudaStreamWaitEvent(s, done_[g].get(), 0));
  }
  // Work queued here runs after every group.
  cudaStream_t after_all() const { return a_.get(); }

 private:
  struct PivotPanels {  // one final pivot: its rows after phase 2 and its closed block
    PivotPanels(int size, cudaStream_t s)
        : rows(std::size_t(kTileRows) * size, s), block_rows(kTileRows * kTileRows, s), block_cols(kTileRows * kTileRows, s) {}
    DeviceArray<Scalar> rows;
    DeviceArray<AWord> block_rows, block_cols;
  };
  struct ColumnPanel {  // a range's pivot columns, depth-major with the range's row count as pitch
    ColumnPanel(int rows, cudaStream_t s)
        : columns(std::size_t(kTileRows) * rows, s), broadcast(D::kLanes > 1 ? std::size_t(kTileRows) * rows : 0, s) {}
    const AWord* a_operand() const {
      if constexpr (D::kLanes > 1) return broadcast.get();
      else return reinterpret_cast<const AWord*>(columns.get());
    }
    DeviceArray<Scalar> columns;
    DeviceArray<AWord> broadcast;
  };

  // Phase 2 of final pivot t for the pivot columns of `rows`; with `close`, phases 1 and 2 of
  // the pivot itself first (the tail, which holds its rows).
  void enqueue_columns(RowRange rows, int t, ColumnPanel& panel, bool close, cudaStream_t s) {
    const std::int64_t q = std::int64_t(first_pivot_ + t) * kTileRows;
    const int count = int(round_up(rows.count, kTileRows));
    PivotPanels& pivot = pivots_[t];
    // Before the closure, as enqueue_pivot_panels does: the tail's columns include the block.
    enqueue_transpose(d_ + std::int64_t(rows.first) * size_ + q, size_, count, kTileRows, panel.columns.get(), count, s);
    ProductBatch<D> phase2{};
    if (close) {
      enqueue_close_block<D>(d_ + q * size_ + q, size_, pivot.block_rows.get(), pivot.block_cols.get(), s);
      phase2.job[phase2.count++] = pivot_rows_job<D>(d_, size_, size_, q, pivot.rows.get(), pivot.block_cols.get());
    }
    phase2.job[phase2.count++] = pivot_columns_job<D>(panel.columns.get(), count, count, pivot.block_rows.get());
    enqueue_product(phase2, s);
    if constexpr (D::kLanes > 1)
      enqueue_broadcast<D>(gpu_, panel.columns.get(), panel.broadcast.get(), std::int64_t(kTileRows) * count, s);
  }

  // Phase 3 of final pivot t over `rows`, every column.
  void enqueue_rows_product(RowRange rows, int t, const ColumnPanel& panel, cudaStream_t s) {
    const std::int64_t words = size_ / D::kLanes;
    const int count = int(round_up(rows.count, kTileRows));
    Word* out = reinterpret_cast<Word*>(d_) + std::int64_t(rows.first) * words;
    ProductBatch<D> product{};
    product.count = 1;
    product.job[0] = {out, out, words, words, panel.a_operand(), count,
                      reinterpret_cast<const Word*>(pivots_[t].rows.get()), words, count, int(words), kTileRows};
    enqueue_product(product, s);
  }

  void enqueue_finalize(RowRange rows, FinalFlags* flags, cudaStream_t s) {
    if (rows.count <= 0) return;
    finalize_kernel<D><<<grid_for(gpu_, std::int64_t(rows.count) * n_, 256), 256, 0, s>>>(
        d_ + rows.first * size_, size_, int(rows.first), int(rows.count), n_, nullptr, n_, flags);
    CUDA_CHECK_LAUNCH();
  }

  const GpuContext& gpu_;
  Scalar* d_;
  int size_, n_, first_pivot_;
  std::vector<RowRange> ranges_;
  // Declared before the arrays and joins: destroyed after them.
  Stream tail_, a_, b_;
  std::deque<PivotPanels> pivots_;
  ColumnPanel panels_[3];  // the tail's, then one for each group stream
  std::deque<Event> ready_, done_;
  // Declared last, destroyed first: the main stream waits for the three before the arrays'
  // memory goes back to the pool in its order.
  StreamJoin tail_join_, a_join_, b_join_;
};

}  // namespace pathscope::gpu
