#pragma once
// The sweep of the correlation kernels that apply the cut-off in their registers (fused and
// class-count): a block keeps one 128-row tile and takes up to kChunkTiles column tiles to its
// right, so its row fragments load once; row tiles vary fastest in the grid, so the blocks
// resident at once share their column chunk in L2.
#include <cuda_runtime.h>

#include "correlate/correlate_kernels.cuh"
#include "pathscope/runtime/error.hpp"

namespace pathscope::gpu {

constexpr int kChunkTiles = 64;  // column tiles one block sweeps

// A block's row tile and its column tiles [j_begin, j_end), upper triangle only; empty
// (j_begin >= j_end) for blocks past the rectangle.
struct ColumnSweep {
  int tile_i = 0, j_begin = 0, j_end = 0;
};

__device__ __forceinline__ ColumnSweep block_sweep(int row_tile_begin, int row_tile_end, int col_tile_begin,
                                                   int col_tile_end) {
  ColumnSweep sweep;
  sweep.tile_i = row_tile_begin + static_cast<int>(blockIdx.x);
  if (sweep.tile_i >= row_tile_end) return sweep;
  const int chunk_begin = col_tile_begin + static_cast<int>(blockIdx.y) * kChunkTiles;
  sweep.j_begin = max(sweep.tile_i, chunk_begin);
  sweep.j_end = min(col_tile_end, chunk_begin + kChunkTiles);
  return sweep;
}

// The grid over `rect`: row tiles by column chunks; x 0 when the rectangle is empty.
inline dim3 sweep_grid(const CorrelationRect& rect) {
  const int row_tiles = (rect.row_end - rect.row_begin) / kCorrelationTile;
  const int col_tiles = (rect.col_end - rect.col_begin) / kCorrelationTile;
  if (row_tiles <= 0 || col_tiles <= 0) return dim3(0, 0);
  const int chunks = (col_tiles + kChunkTiles - 1) / kChunkTiles;
  if (chunks > 65535) throw Error("correlation band too wide for one launch");
  return dim3(row_tiles, chunks);
}

}  // namespace pathscope::gpu
