// The counting kernel of rows grouped by scale class (scale_classes.hpp): every pair's test is
// integer steps on its dot product, no float arithmetic.
//
// The sweep is the fused kernel's (column_sweep.cuh): a block keeps one 128-row tile and
// sweeps up to 64 column tiles to its right, each warp 64 x 32 pairs of a step in two halves
// of 64 x 16, the next half's column fragments loaded a step ahead. Each 16 rows of the layout
// share a class, so a half step has one cut-off T per row group: T of its rows' class and its
// columns' class, from a table of the block's row groups against its sweep's column groups
// made in shared memory when the block starts, read a step ahead with the columns.
//
// Two products of a row, packed into one 32-bit word as 16-bit halves (one IMAD), plus
// 32768 - T have bit 15 of a half clear exactly when dot < T, and plus 32768 + T - 1 have it set
// exactly when dot > -T (two adds); with |dot| and T at most 15,541 (m <= 36) no half spills
// into the other. One LOP3 keeps the halves below the cut-off and one LEA.HI adds them to two
// 16-bit counts (2,048 at most a sweep): five instructions for two pairs, against the fused
// kernel's four a pair, and no conversion.
// The products start from zero (the zero register as C: no moves).
//
// The diagonal tile (pairs j <= i count as below), and half steps with a class pair whose two
// orders disagree near the cut-off (class_pair_cutoff = -1), go to shared memory and are
// decided pair by pair in a rolled loop: double rho = dot * s_i * s_j with i the row first in
// file order, the CPU engine's formula; padding rows (original index -1) never pass.
#include <cstdint>

#include "common/cuda_check.hpp"
#include "correlate/column_sweep.cuh"
#include "correlate/correlate_kernels.cuh"
#include "correlate/int8_fragments.cuh"
#include "pathscope/runtime/error.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kThreads = 256;
constexpr int kHalfBias = 32768;

struct ClassArgs {
  const std::int8_t* rows;
  const std::int32_t* group_class;
  const std::int32_t* cutoffs;
  int classes;
  const double* scale;
  const std::int32_t* original;
  int row_tile_begin, row_tile_end;
  int col_tile_begin, col_tile_end;
  double cutoff;
  unsigned long long* counter;
};

// Pairs of one warp tile half below the cut-off, decided one by one from their dot products
// parked in shared memory by park_accumulators.
__device__ __noinline__ int count_below_exactly(const ClassArgs& args, const int* parked, int warp_row, int warp_col,
                                                int lane) {
  const int group = lane >> 2, quad = lane & 3;
  int below = 0;
  for (int k = 0; k < 32; ++k) {
    const int mt = k >> 3, nt = (k >> 2) & 1, e = k & 3;
    const int i = warp_row + mt * 16 + group + (e >> 1) * 8;
    const int j = warp_col + nt * 8 + quad * 2 + (e & 1);
    const int first = args.original[i], second = args.original[j];
    bool passes = false;
    if (j > i && first >= 0 && second >= 0) {
      const double si = args.scale[args.group_class[i >> 4]], sj = args.scale[args.group_class[j >> 4]];
      const double dot = parked[k * 32 + lane];
      double rho = first < second ? dot * si * sj : dot * sj * si;
      rho = rho > 1 ? 1 : (rho < -1 ? -1 : rho);
      passes = fabs(rho) >= args.cutoff;
    }
    below += !passes;
  }
  return below;
}

// Two pairs' products to bits 0 and 16, set where that pair is below the cut-off: `low` holds
// 32768 - T and `high` 32768 + T - 1 in both halves. A negative first product borrows from the
// second half of the packed word, and adding either constant carries it back, each half's sum
// lying in [0, 65535].
__device__ __forceinline__ unsigned below_pair(int first, int second, unsigned low, unsigned high) {
  const unsigned packed = static_cast<unsigned>(first) + (static_cast<unsigned>(second) << 16);
  return (~(packed + low) & (packed + high) & 0x80008000u) >> 15;
}

template <int KSTEPS, int BLOCKS>
__global__ void __launch_bounds__(kThreads, BLOCKS) class_count_kernel(ClassArgs args) {
  const ColumnSweep sweep =
      block_sweep(args.row_tile_begin, args.row_tile_end, args.col_tile_begin, args.col_tile_end);
  if (sweep.j_begin >= sweep.j_end) return;
  const int tile_i = sweep.tile_i, j_begin = sweep.j_begin, j_end = sweep.j_end;

  // The row width is the kernel's (32 bytes a k step), so column addresses are one multiply
  // and every other offset an immediate.
  constexpr int kWidth = 32 * KSTEPS;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int group = lane >> 2, quad = lane & 3;
  const int warp_row = tile_i * kCorrelationTile + (warp >> 2) * 64;
  unsigned a[KSTEPS][4][4];
  load_rows<KSTEPS>(a, args.rows, kWidth, warp_row, group, quad);
  // The cut-offs of the block's 8 row groups against its sweep's column groups, made once:
  // a half step then reads its four from shared memory.
  __shared__ int block_cutoffs[kCorrelationTile / 16][kChunkTiles * kCorrelationTile / 16];
  const int column_groups = (j_end - j_begin) * (kCorrelationTile / 16);
  for (int k = threadIdx.x; k < (kCorrelationTile / 16) * column_groups; k += kThreads) {
    const int row_group = k / column_groups, column_group = k - row_group * column_groups;
    const int row_class = __ldg(args.group_class + tile_i * (kCorrelationTile / 16) + row_group);
    const int column_class = __ldg(args.group_class + j_begin * (kCorrelationTile / 16) + column_group);
    block_cutoffs[row_group][column_group] = __ldg(args.cutoffs + row_class * args.classes + column_class);
  }
  __syncthreads();
  const int* warp_cutoffs = block_cutoffs[(warp >> 2) * 4];
  const unsigned first_group = j_begin * (kCorrelationTile / 16);
  // This lane's words of column `col`: row group of each 8, words quad and quad + 4 of a slice.
  const uint2* column_words = reinterpret_cast<const uint2*>(args.rows + group * kWidth) + quad;
  const auto load_step = [&](unsigned (&b)[KSTEPS][2][2], int (&t)[4], unsigned col) {
    const uint2* words = column_words + col * (kWidth / 8);
#pragma unroll
    for (int nt = 0; nt < 2; ++nt)
#pragma unroll
      for (int s = 0; s < KSTEPS; ++s) {
        const uint2 w = __ldg(words + nt * kWidth + s * 4);
        b[s][nt][0] = w.x, b[s][nt][1] = w.y;
      }
    const int* column = warp_cutoffs + ((col >> 4) - first_group);
#pragma unroll
    for (int mt = 0; mt < 4; ++mt) t[mt] = column[mt * kChunkTiles * (kCorrelationTile / 16)];
  };

  __shared__ int parked_all[kThreads / 32][32 * 32];
  int* parked = parked_all[warp];
  int below = 0;               // pairs decided one by one and found below the cut-off
  unsigned below_halves = 0;   // the integer test's counts, two 16-bit halves
  int pairs = 0;
  const unsigned warp_offset = (warp & 3) * 32;
  unsigned ahead[KSTEPS][2][2];
  int t_ahead[4];
  load_step(ahead, t_ahead, j_begin * kCorrelationTile + warp_offset);
  for (int tile_j = j_begin; tile_j < j_end; ++tile_j) {
#pragma unroll
    for (int half = 0; half < 2; ++half) {
      const unsigned warp_col = tile_j * kCorrelationTile + warp_offset + half * 16;
      unsigned b[KSTEPS][2][2];
      int t[4];
#pragma unroll
      for (int s = 0; s < KSTEPS; ++s)
#pragma unroll
        for (int nt = 0; nt < 2; ++nt) b[s][nt][0] = ahead[s][nt][0], b[s][nt][1] = ahead[s][nt][1];
#pragma unroll
      for (int mt = 0; mt < 4; ++mt) t[mt] = t_ahead[mt];
      // The last step loads its own columns again: a wasted load, never out of range.
      load_step(ahead, t_ahead, half == 0 ? warp_col + 16 : min(tile_j + 1, j_end - 1) * kCorrelationTile + warp_offset);
      pairs += 32;
      int acc[4][2][4];
      multiply_from_zero<KSTEPS>(acc, a, b);
      if (tile_j != tile_i && (t[0] | t[1] | t[2] | t[3]) >= 0) {
#pragma unroll
        for (int mt = 0; mt < 4; ++mt) {
          const unsigned low = static_cast<unsigned>(kHalfBias - t[mt]) * 0x10001u;
          const unsigned high = static_cast<unsigned>(kHalfBias + t[mt] - 1) * 0x10001u;
#pragma unroll
          for (int nt = 0; nt < 2; ++nt)
            below_halves += below_pair(acc[mt][nt][0], acc[mt][nt][1], low, high) +
                            below_pair(acc[mt][nt][2], acc[mt][nt][3], low, high);
        }
      } else {
        park_accumulators(parked, acc, lane);
        below += count_below_exactly(args, parked, warp_row, static_cast<int>(warp_col), lane);
        __syncwarp();
      }
    }
  }
  below += static_cast<int>((below_halves & 0xffffu) + (below_halves >> 16));
  unsigned long long survivors = static_cast<unsigned long long>(pairs - below);
  for (int offset_lane = 16; offset_lane > 0; offset_lane /= 2)
    survivors += __shfl_down_sync(0xffffffffu, survivors, offset_lane);
  if (lane == 0 && survivors) atomicAdd(args.counter, survivors);
}

}  // namespace

void launch_class_count(const CorrelationOperands& operands, const CorrelationRect& rect, double cutoff,
                        unsigned long long* counter, cudaStream_t stream) {
  const dim3 grid = sweep_grid(rect);
  if (grid.x == 0) return;
  const ClassArgs args{operands.class_rows,
                       operands.group_class,
                       operands.class_cutoffs,
                       operands.classes,
                       operands.class_scale,
                       operands.original_row,
                       rect.row_begin / kCorrelationTile,
                       rect.row_end / kCorrelationTile,
                       rect.col_begin / kCorrelationTile,
                       rect.col_end / kCorrelationTile,
                       cutoff,
                       counter};
  // Rows of 32 bytes fit 80 registers a thread, three blocks a multiprocessor.
  switch (operands.width / 32) {
    case 1: class_count_kernel<1, 3><<<grid, kThreads, 0, stream>>>(args); break;
    case 2: class_count_kernel<2, 2><<<grid, kThreads, 0, stream>>>(args); break;
    default: throw Error("the class-count kernel takes rows of 32 or 64 bytes");
  }
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu
