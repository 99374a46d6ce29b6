#include "apsp/share_rows.hpp"

#include <algorithm>
#include <exception>

#include "common/cuda_check.hpp"
#include "common/device_memory.hpp"

namespace pathscope::gpu {
std::vector<RowRange> share_slabs(const RowShare& share, std::int64_t n, int tile) {
  std::vector<RowRange> slabs;
  for (const RowRange& band : share.ranges(n))
    for (std::int64_t row = band.first; row < band.first + band.count;) {
      const std::int64_t end = std::min(band.first + band.count, (row / tile + 1) * tile);
      slabs.push_back({row, end - row});
      row = end;
    }
  return slabs;
}

std::uint64_t share_rows_bytes(const MatrixLayout& layout, std::size_t cell_bytes) {
  std::uint64_t widest = 0;
  for (int rank = 0; rank < layout.grid().rows * layout.grid().cols; ++rank)
    widest = std::max<std::uint64_t>(widest, layout.part(rank).cols);
  return (std::uint64_t(layout.grid().cols) * widest + std::uint64_t(layout.n())) * std::uint64_t(layout.tile()) * cell_bytes;
}

void gather_share_rows(const MatrixLayout& layout, Communicator& comm, const void* block, std::size_t cell_bytes,
                       const RowShare& share, const GpuContext& gpu, const TakeRows& take, RunTrace& trace) {
  // A slab is at most one tile row of the layout, so it lies within one process row.
  const int tile = layout.tile();
  const ProcessGrid& grid = layout.grid();
  const int me = comm.rank(), ranks = comm.size();
  const std::int64_t n = layout.n();
  const MatrixPart mine = layout.part(me);
  const cudaStream_t s = gpu.stream().get();
  std::vector<std::vector<RowRange>> slabs(ranks);
  std::size_t rounds = 0;
  for (int k = 0; k < ranks; ++k) {
    slabs[k] = share_slabs(RowShare{k, ranks, share.band}, n, tile);
    rounds = std::max(rounds, slabs[k].size());
  }
  std::vector<DeviceArray<unsigned char>> pieces;
  for (int pc = 0; pc < grid.cols; ++pc) {
    int widest = 0;
    for (int pr = 0; pr < grid.rows; ++pr) widest = std::max(widest, layout.part(grid.rank_of(pr, pc)).cols);
    pieces.emplace_back(std::size_t(tile) * widest * cell_bytes, s);
  }
  DeviceArray<unsigned char> rows(std::size_t(tile) * n * cell_bytes, s);
  const auto* cells = static_cast<const unsigned char*>(block);
  std::exception_ptr failed;
  for (std::size_t r = 0; r < rounds; ++r) {
    Exchange step;
    const RowRange* slab = r < slabs[me].size() ? &slabs[me][r] : nullptr;
    const int slab_row = slab ? layout.row_owner(int(slab->first / tile)) : -1;
    if (slab)
      for (int pc = 0; pc < grid.cols; ++pc) {
        const int from = grid.rank_of(slab_row, pc);
        const MatrixPart part = layout.part(from);
        if (from != me && part.cols > 0)
          step.receives.push_back({from, pieces[pc].get(), std::size_t(slab->count) * part.cols * cell_bytes});
      }
    for (int k = 0; k < ranks; ++k) {
      if (k == me || r >= slabs[k].size() || mine.cols == 0) continue;
      const RowRange& theirs = slabs[k][r];
      if (layout.row_owner(int(theirs.first / tile)) != mine.pr) continue;
      step.sends.push_back({k, const_cast<unsigned char*>(cells) + std::size_t(theirs.first - mine.row0) * mine.cols * cell_bytes,
                            std::size_t(theirs.count) * mine.cols * cell_bytes});
    }
    const double exchange_began = now_seconds();
    comm.exchange(step, s);
    if (trace.enabled()) {  // the exchange alone, apart from the copies behind it
      CUDA_CHECK(cudaStreamSynchronize(s));
      trace.add("exchanges", now_seconds() - exchange_began);
    }
    if (!slab) continue;
    const std::size_t row_bytes = std::size_t(n) * cell_bytes;
    for (int pc = 0; pc < grid.cols; ++pc) {
      const int from = grid.rank_of(slab_row, pc);
      const MatrixPart part = layout.part(from);
      const std::int64_t width = std::clamp<std::int64_t>(n - part.col0, 0, part.cols);
      if (width == 0) continue;
      const unsigned char* source =
          from == me ? cells + std::size_t(slab->first - mine.row0) * mine.cols * cell_bytes : pieces[pc].get();
      CUDA_CHECK(cudaMemcpy2DAsync(rows.get() + std::size_t(part.col0) * cell_bytes, row_bytes, source,
                                   std::size_t(part.cols) * cell_bytes, std::size_t(width) * cell_bytes,
                                   std::size_t(slab->count), cudaMemcpyDeviceToDevice, s));
    }
    if (failed) continue;  // keeps taking part in the rounds, hands nothing on
    try {
      const std::int64_t first = slab->first;
      const double down_began = now_seconds();
      double taking = 0;
      download_rows(
          rows.get(), row_bytes, std::size_t(slab->count), row_bytes,
          [&](std::size_t row0, std::size_t count, const void* staged) {
            const double t = now_seconds();
            take(first + row0, count, staged);
            taking += now_seconds() - t;
          },
          gpu);
      trace.add("rows down", now_seconds() - down_began - taking);
      trace.add("rows taken", taking);
    } catch (...) {
      failed = std::current_exception();
    }
  }
  CUDA_CHECK(cudaStreamSynchronize(s));
  if (failed) std::rethrow_exception(failed);
}

}  // namespace pathscope::gpu
