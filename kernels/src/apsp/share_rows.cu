#include "apsp/share_rows.hpp"

#include <algorithm>
#include <exception>

#include "common/cuda_check.hpp"
#include "common/device_memory.hpp"
#include "pathscope/apsp/detail/row_hash.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kLanes = detail::kRowHashLanes;

// One thread per (row, lane): lane k of a row chains the cells j = k mod 8 in order, as the
// host does; the row's first thread combines its lanes. Rows `count` of width n, dense.
template <class Scalar>
__global__ void row_hashes_kernel(const Scalar* rows, std::int64_t n, int count, std::int64_t first_row,
                                  std::uint64_t* out) {
  static_assert(32 % kLanes == 0, "a row's lanes lie in one warp");
  const std::int64_t thread = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::int64_t row = thread / kLanes;
  const int lane = int(thread % kLanes);
  std::uint64_t h = detail::row_hash_seed(lane, first_row + row);
  if (row < count) {
    const Scalar* cells = rows + row * n;
    for (std::int64_t j = lane; j < n; j += kLanes) h = detail::row_hash_mix(h, detail::canonical_cell(cells[j]));
  }
  std::uint64_t lanes[kLanes];
  for (int k = 0; k < kLanes; ++k) lanes[k] = __shfl_sync(0xffffffffu, h, k, kLanes);
  if (lane == 0 && row < count) out[row] = detail::row_hash_combine(lanes);
}

// Round r's one grouped step for rank `me`: the pieces of its r-th slab from the other ranks of
// that slab's process row, and its own pieces of every other rank's r-th slab in its row.
Exchange round_step(const MatrixLayout& layout, const std::vector<std::vector<RowRange>>& slabs, std::size_t r, int me,
                    const unsigned char* block, const std::vector<DeviceArray<unsigned char>>& pieces,
                    std::size_t cell_bytes) {
  const ProcessGrid& grid = layout.grid();
  const MatrixPart mine = layout.part(me);
  Exchange step;
  if (r < slabs[me].size()) {
    const RowRange& slab = slabs[me][r];
    const int slab_row = layout.row_owner(int(slab.first / layout.tile()));
    for (int pc = 0; pc < grid.cols; ++pc) {
      const int from = grid.rank_of(slab_row, pc);
      const MatrixPart part = layout.part(from);
      if (from != me && part.cols > 0)
        step.receives.push_back({from, pieces[pc].get(), std::size_t(slab.count) * part.cols * cell_bytes});
    }
  }
  for (int k = 0; k < int(slabs.size()); ++k) {
    if (k == me || r >= slabs[k].size() || mine.cols == 0) continue;
    const RowRange& theirs = slabs[k][r];
    if (layout.row_owner(int(theirs.first / layout.tile())) != mine.pr) continue;
    step.sends.push_back({k, const_cast<unsigned char*>(block) + std::size_t(theirs.first - mine.row0) * mine.cols * cell_bytes,
                          std::size_t(theirs.count) * mine.cols * cell_bytes});
  }
  return step;
}

}  // namespace

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

std::uint64_t share_rows_bytes(const MatrixLayout& layout, std::size_t cell_bytes, bool block_on_host) {
  const int ranks = layout.grid().rows * layout.grid().cols;
  std::uint64_t widest = 0;
  for (int rank = 0; rank < ranks; ++rank) widest = std::max<std::uint64_t>(widest, layout.part(rank).cols);
  // Pieces received, one per process column; pieces sent, at most one per other rank.
  const std::uint64_t pieces = std::uint64_t(layout.grid().cols) + (block_on_host ? std::uint64_t(ranks - 1) : 0);
  return (pieces * widest + std::uint64_t(layout.n())) * std::uint64_t(layout.tile()) * cell_bytes +
         std::uint64_t(layout.n()) * sizeof(std::uint64_t);  // the share's row hashes
}

template <class Scalar>
void gather_share_rows(const MatrixLayout& layout, Communicator& comm, const Scalar* block, bool block_on_host,
                       const RowShare& share, const GpuContext& gpu, RowChecksums& hashes, const TakeRows* take,
                       RunTrace& trace) {
  constexpr std::size_t cell_bytes = sizeof(Scalar);
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
  // A block in host memory: each round's pieces for the other ranks go up here first (NCCL
  // sends from device memory), one slot per peer.
  const std::size_t send_slot = std::size_t(tile) * mine.cols * cell_bytes;
  DeviceArray<unsigned char> outgoing(block_on_host ? std::size_t(ranks - 1) * send_slot : 0, s);
  std::size_t my_rows = 0;
  for (const RowRange& slab : slabs[me]) my_rows += std::size_t(slab.count);
  DeviceArray<std::uint64_t> row_hashes(std::max<std::size_t>(my_rows, 1), s);
  std::size_t hashed = 0;
  const auto* cells = reinterpret_cast<const unsigned char*>(block);
  std::exception_ptr failed;
  for (std::size_t r = 0; r < rounds; ++r) {
    const RowRange* slab = r < slabs[me].size() ? &slabs[me][r] : nullptr;
    const int slab_row = slab ? layout.row_owner(int(slab->first / tile)) : -1;
    Exchange step = round_step(layout, slabs, r, me, cells, pieces, cell_bytes);
    if (block_on_host)
      for (std::size_t k = 0; k < step.sends.size(); ++k) {
        unsigned char* slot = outgoing.get() + k * send_slot;
        CUDA_CHECK(cudaMemcpyAsync(slot, step.sends[k].data, step.sends[k].bytes, cudaMemcpyHostToDevice, s));
        step.sends[k].data = slot;
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
      // Default: this rank's own piece comes from the host when its block is there.
      CUDA_CHECK(cudaMemcpy2DAsync(rows.get() + std::size_t(part.col0) * cell_bytes, row_bytes, source,
                                   std::size_t(part.cols) * cell_bytes, std::size_t(width) * cell_bytes,
                                   std::size_t(slab->count), cudaMemcpyDefault, s));
    }
    const int per_block = 256, blocks = int((slab->count * kLanes + per_block - 1) / per_block);
    row_hashes_kernel<Scalar><<<blocks, per_block, 0, s>>>(
        reinterpret_cast<const Scalar*>(rows.get()), n, int(slab->count), slab->first, row_hashes.get() + hashed);
    CUDA_CHECK_LAUNCH();
    hashed += std::size_t(slab->count);
    if (!take || failed) continue;  // a failed writer keeps taking part in the rounds, hands nothing on
    try {
      const std::int64_t first = slab->first;
      const double down_began = now_seconds();
      double taking = 0;
      download_rows(
          rows.get(), row_bytes, std::size_t(slab->count), row_bytes,
          [&](std::size_t row0, std::size_t count, const void* staged) {
            const double t = now_seconds();
            (*take)(first + row0, count, staged);
            taking += now_seconds() - t;
          },
          gpu);
      trace.add("rows down", now_seconds() - down_began - taking);
      trace.add("rows taken", taking);
    } catch (...) {
      failed = std::current_exception();
    }
  }
  std::vector<std::uint64_t> hashed_rows(my_rows);
  if (my_rows > 0)
    CUDA_CHECK(cudaMemcpyAsync(hashed_rows.data(), row_hashes.get(), my_rows * sizeof(std::uint64_t), cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  if (failed) std::rethrow_exception(failed);
  std::size_t at = 0;
  for (const RowRange& slab : slabs[me])
    for (std::int64_t row = slab.first; row < slab.first + slab.count; ++row) hashes.set(row, hashed_rows[at++]);
}

template void gather_share_rows<std::int32_t>(const MatrixLayout&, Communicator&, const std::int32_t*, bool,
                                              const RowShare&, const GpuContext&, RowChecksums&, const TakeRows*,
                                              RunTrace&);
template void gather_share_rows<float>(const MatrixLayout&, Communicator&, const float*, bool, const RowShare&,
                                       const GpuContext&, RowChecksums&, const TakeRows*, RunTrace&);
template void gather_share_rows<std::uint16_t>(const MatrixLayout&, Communicator&, const std::uint16_t*, bool,
                                               const RowShare&, const GpuContext&, RowChecksums&, const TakeRows*,
                                               RunTrace&);

}  // namespace pathscope::gpu
