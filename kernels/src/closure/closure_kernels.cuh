#pragma once
// Kernels of the GPU closure: Warshall's algorithm on packed bits, blocked like Floyd-Warshall.
//
// The matrix is padded to np = a multiple of kTile nodes, rows of wp = np / 64 words, so every
// tile is whole; padded nodes have no arcs and are never reached, so their bits stay zero.
// A tile is kTile x kTile bits: kTile rows of kTileWords words. For each pivot tile kb:
//   1. close_pivot_tile:   Warshall inside tile (kb, kb), blocked on 64 x 64 sub-blocks.
//   2. update_pivot_cross: tiles (kb, J) and (I, kb) take paths through the closed pivot tile,
//                          T |= P * T and T |= T * P, one boolean product each.
//   3. update_other_tiles: every tile (I, J) off the pivot cross: T |= (I, kb) * (kb, J).
// Steps 1-2 of pivot kb + 1 run beside step 3 of kb on a second stream (closure_gpu.cu), the
// cross of kb + 1 brought up to date first by update_next_cross.
// For n <= kTile only step 1 runs: it is the word-parallel Warshall of a small graph.
//
// The boolean product of one row: for every bit k of the left row, OR row k of the right tile
// into the accumulator when the bit is set. The bit becomes an all-ones or all-zero mask by
// two shifts, so each right word costs one AND-OR (a single LOP3), with no branch.
#include <cuda_runtime.h>

#include <cstdint>

namespace pathscope::gpu::closure {

constexpr int kTile = 256;
constexpr int kTileWords = kTile / 64;
constexpr int kRowLanes = kTile / 32;  // a tile row as 32-bit lanes, lane h = bits 32h..32h+31

// Row r of tile (ti, tj), seen as two 16-byte vectors (lanes 0-3 and 4-7). Rows start on
// 32-byte boundaries because wp is a multiple of kTileWords.
__device__ __forceinline__ uint4* tile_row(std::uint64_t* m, std::int64_t wp, int ti, int tj, int r) {
  return reinterpret_cast<uint4*>(m + (static_cast<std::int64_t>(ti) * kTile + r) * wp +
                                  static_cast<std::int64_t>(tj) * kTileWords);
}

__device__ __forceinline__ void load_lanes(const uint4* row, std::uint32_t (&lanes)[kRowLanes]) {
  const uint4 lo = row[0], hi = row[1];
  lanes[0] = lo.x, lanes[1] = lo.y, lanes[2] = lo.z, lanes[3] = lo.w;
  lanes[4] = hi.x, lanes[5] = hi.y, lanes[6] = hi.z, lanes[7] = hi.w;
}

__device__ __forceinline__ void store_lanes(uint4* row, const std::uint32_t (&lanes)[kRowLanes]) {
  row[0] = make_uint4(lanes[0], lanes[1], lanes[2], lanes[3]);
  row[1] = make_uint4(lanes[4], lanes[5], lanes[6], lanes[7]);
}

// acc |= left_row * right (kTile rows of the right tile in shared memory, two vectors each).
__device__ __forceinline__ void or_row_product(const std::uint32_t (&left)[kRowLanes], const uint4 (*right)[2],
                                               std::uint32_t (&acc)[kRowLanes]) {
#pragma unroll
  for (int h = 0; h < kRowLanes; ++h) {
#pragma unroll
    for (int bit = 0; bit < 32; ++bit) {
      const std::uint32_t mask = static_cast<std::uint32_t>(static_cast<std::int32_t>(left[h] << (31 - bit)) >> 31);
      const uint4 lo = right[h * 32 + bit][0];
      const uint4 hi = right[h * 32 + bit][1];
      acc[0] |= mask & lo.x;
      acc[1] |= mask & lo.y;
      acc[2] |= mask & lo.z;
      acc[3] |= mask & lo.w;
      acc[4] |= mask & hi.x;
      acc[5] |= mask & hi.y;
      acc[6] |= mask & hi.z;
      acc[7] |= mask & hi.w;
    }
  }
}

// One thread per node: its arcs become the bits of its row (no other thread writes that row).
__global__ void set_arc_bits(const std::int64_t* offsets, const std::int32_t* heads, std::int32_t n,
                             std::uint64_t* m, std::int64_t wp) {
  for (std::int64_t u = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; u < n;
       u += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    std::uint64_t* row = m + u * wp;
    for (std::int64_t a = offsets[u]; a < offsets[u + 1]; ++a) {
      const std::int32_t v = heads[a];
      row[v >> 6] |= std::uint64_t{1} << (v & 63);
    }
  }
}

// All ones when bit k of `bits` is set, else zero: an OR through row k without a branch.
__device__ __forceinline__ std::uint64_t bit_mask(std::uint64_t bits, int k) {
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(bits << (63 - k)) >> 63);
}

// acc | (rows selected by `bits`), the rows being word `w` of sub-block rows base .. base + 63.
__device__ __forceinline__ std::uint64_t or_selected_rows(std::uint64_t acc, std::uint64_t bits,
                                                          const std::uint64_t (*tile)[kTileWords], int base, int w) {
#pragma unroll 16
  for (int k = 0; k < 64; ++k) acc |= bit_mask(bits, k) & tile[base + k][w];
  return acc;
}

// Step 1, kTile * kTileWords threads, one per (row, word). Warshall bit by bit would be a chain
// of 256 barriers on one SM (half the kernel time at mid sizes, docs/reachability.md), so
// the tile is closed blocked in its turn, on 64 x 64 sub-blocks (one word of 64 rows): for
// each sub-pivot p, one warp closes (p, p) with rows in registers and row k passed by shuffle
// (no barrier), then the sub-blocks of row p and column p, then the rest; three barriers a
// sub-pivot, twelve a tile.
__global__ void __launch_bounds__(kTile * kTileWords) close_pivot_tile(std::uint64_t* m, std::int64_t wp, int kb) {
  __shared__ std::uint64_t tile[kTile][kTileWords];
  const int r = threadIdx.x / kTileWords;
  const int w = threadIdx.x % kTileWords;
  const int rb = r / 64;
  std::uint64_t* cell = m + (static_cast<std::int64_t>(kb) * kTile + r) * wp + static_cast<std::int64_t>(kb) * kTileWords + w;
  tile[r][w] = *cell;
  __syncthreads();
  for (int p = 0; p < kTileWords; ++p) {
    const int base = 64 * p;
    if (threadIdx.x < 32) {
      const int lane = threadIdx.x;
      std::uint64_t lo = tile[base + lane][p], hi = tile[base + 32 + lane][p];
#pragma unroll
      for (int k = 0; k < 64; ++k) {
        const std::uint64_t pivot = __shfl_sync(0xffffffffu, k < 32 ? lo : hi, k & 31);
        lo |= bit_mask(lo, k) & pivot;
        hi |= bit_mask(hi, k) & pivot;
      }
      tile[base + lane][p] = lo;
      tile[base + 32 + lane][p] = hi;
    }
    __syncthreads();
    // Row p: T |= A* T, in place. A row read here may already hold its new value; that adds
    // A* A* T, which A* (transitively closed) already covers, so the result is the same.
    if (rb == p && w != p) tile[r][w] = or_selected_rows(tile[r][w], tile[r][p], tile, base, w);
    // Column p: T |= T A*, each row by its own bits.
    if (rb != p && w == p) tile[r][p] = or_selected_rows(tile[r][p], tile[r][p], tile, base, p);
    __syncthreads();
    if (rb != p && w != p) tile[r][w] = or_selected_rows(tile[r][w], tile[r][p], tile, base, w);
    __syncthreads();
  }
  *cell = tile[r][w];
}

// Step 2, 2 * tiles_per_side blocks of kTile threads: block b < tiles_per_side updates the
// pivot-row tile (kb, b), the others the pivot-column tile (b - tiles_per_side, kb). Each
// thread owns one row of its tile and reads the tile's old rows before anyone writes.
__global__ void __launch_bounds__(kTile) update_pivot_cross(std::uint64_t* m, std::int64_t wp, int kb,
                                                            int tiles_per_side) {
  __shared__ uint4 right[kTile][2];
  const bool pivot_row = static_cast<int>(blockIdx.x) < tiles_per_side;
  const int other = pivot_row ? blockIdx.x : blockIdx.x - tiles_per_side;
  if (other == kb) return;  // the pivot tile itself, closed in step 1
  const int r = threadIdx.x;
  uint4* target = pivot_row ? tile_row(m, wp, kb, other, r) : tile_row(m, wp, other, kb, r);
  const uint4* pivot = tile_row(m, wp, kb, kb, r);
  std::uint32_t old_row[kRowLanes], pivot_lanes[kRowLanes];
  load_lanes(target, old_row);
  load_lanes(pivot, pivot_lanes);
  // Pivot-row tile: T |= P * T (right factor: T's old rows). Column tile: T |= T * P.
  // Chosen lane by lane, so that both rows stay in registers.
  std::uint32_t left[kRowLanes], right_lanes[kRowLanes], acc[kRowLanes];
#pragma unroll
  for (int h = 0; h < kRowLanes; ++h) {
    left[h] = pivot_row ? pivot_lanes[h] : old_row[h];
    right_lanes[h] = pivot_row ? old_row[h] : pivot_lanes[h];
    acc[h] = old_row[h];
  }
  right[r][0] = make_uint4(right_lanes[0], right_lanes[1], right_lanes[2], right_lanes[3]);
  right[r][1] = make_uint4(right_lanes[4], right_lanes[5], right_lanes[6], right_lanes[7]);
  __syncthreads();
  or_row_product(left, right, acc);
  store_lanes(target, acc);
}

// Tile (ti, tj) |= (ti, kb) * (kb, tj), by a block of kTile threads. Neither factor is
// written by the callers' launches.
__device__ __forceinline__ void or_tile_product(std::uint64_t* m, std::int64_t wp, int kb, int ti, int tj) {
  __shared__ uint4 right[kTile][2];
  const int r = threadIdx.x;
  const uint4* right_row = tile_row(m, wp, kb, tj, r);
  right[r][0] = right_row[0];
  right[r][1] = right_row[1];
  std::uint32_t left[kRowLanes], acc[kRowLanes];
  load_lanes(tile_row(m, wp, ti, kb, r), left);
  uint4* target = tile_row(m, wp, ti, tj, r);
  load_lanes(target, acc);
  __syncthreads();
  or_row_product(left, right, acc);
  store_lanes(target, acc);
}

// Step 3, a (tiles_per_side x tiles_per_side) grid of kTile threads: every tile off the pivot
// cross of kb, and off the cross of `skip` (the next pivot, updated ahead by
// update_next_cross; -1 for none), takes its paths through pivot kb.
__global__ void __launch_bounds__(kTile) update_other_tiles(std::uint64_t* m, std::int64_t wp, int kb, int skip) {
  const int ti = blockIdx.y, tj = blockIdx.x;
  if (ti == kb || tj == kb || ti == skip || tj == skip) return;
  or_tile_product(m, wp, kb, ti, tj);
}

// Step 3 for the tiles of the next pivot's cross only (2 * tiles_per_side blocks: row `next`,
// then column `next` without the diagonal tile), so that pivot `next` can be closed while
// update_other_tiles does the rest.
__global__ void __launch_bounds__(kTile) update_next_cross(std::uint64_t* m, std::int64_t wp, int kb, int next,
                                                           int tiles_per_side) {
  const bool in_row = static_cast<int>(blockIdx.x) < tiles_per_side;
  const int other = in_row ? blockIdx.x : blockIdx.x - tiles_per_side;
  if (other == kb || (!in_row && other == next)) return;
  if (in_row)
    or_tile_product(m, wp, kb, next, other);
  else
    or_tile_product(m, wp, kb, other, next);
}

// The first n rows of the padded matrix, cut to `words` words each and laid end to end: the
// host layout (BitMatrix), so the result comes back in one contiguous copy rather than a
// strided copy of n short rows.
__global__ void pack_rows(const std::uint64_t* m, std::int64_t wp, std::uint64_t* packed, std::int64_t words,
                          std::int32_t n) {
  const std::int64_t total = static_cast<std::int64_t>(n) * words;
  for (std::int64_t idx = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; idx < total;
       idx += static_cast<std::int64_t>(gridDim.x) * blockDim.x)
    packed[idx] = m[(idx / words) * wp + idx % words];
}

}  // namespace pathscope::gpu::closure
