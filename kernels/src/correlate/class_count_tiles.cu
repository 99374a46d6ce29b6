// The counting kernel of rows grouped by scale class (scale_classes.hpp): every pair's test is
// integer steps on its dot product, no float arithmetic.
//
// The sweep is the fused kernel's (column_sweep.cuh): a block keeps one 128-row tile and
// sweeps up to 64 column tiles to its right, each warp 64 x 32 pairs of a step in two halves
// of 64 x 16, the next half's column fragments loaded a step ahead through a pointer that
// moves by a constant. Each 16 rows of the layout share a class, so a half step has one cut-off
// T per row group: T of its rows' class and its columns' class, from a table of the block's row
// groups against its sweep's column groups made in shared memory when the block starts (held
// as T^2), read a step ahead with the columns.
//
// A pair is below the cut-off exactly when dot^2 < T^2: one IMAD (dot * dot - T^2, below 2^31
// in magnitude up to kMostClassSamples values) and one LEA.HI adding its sign bit to the count,
// two instructions a pair on the multiply and integer pipes in turn, no conversion. (Two
// products packed as 16-bit halves took five instructions for two pairs and more registers.)
// The products start from zero (the zero register as C: no moves).
//
// Pairs decided one by one go to shared memory and through a rolled loop: double rho =
// dot * s_i * s_j with i the row first in file order, the CPU engine's formula; padding rows
// (original index -1) never pass. These are the diagonal tile's (pairs j <= i count as below),
// the first tile of a sweep that starts on it, and the half steps that meet a class pair whose
// two orders disagree near the cut-off (class_pair_cutoff = -1): such pairs are marked in the
// block's table, and only a block holding a mark checks its half steps for one.
#include <cstdint>
#include <type_traits>

#include "common/cuda_check.hpp"
#include "correlate/class_layout.cuh"
#include "correlate/column_sweep.cuh"
#include "correlate/correlate_kernels.cuh"
#include "correlate/int8_fragments.cuh"
#include "pathscope/runtime/error.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kThreads = 256;
// A block's table holds T^2, or this where the class pair's pairs are decided one by one.
constexpr int kDecideOneByOne = -1;

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

// How a stretch of the sweep decides its half steps: every pair by the integer test, pair by
// pair where a half step meets a class pair marked in the table, or every pair one by one (the
// diagonal tile).
enum class Decide { by_integers, checking_marks, one_by_one };

template <int KSTEPS, int BLOCKS>
__global__ void __launch_bounds__(kThreads, BLOCKS) class_count_kernel(ClassArgs args) {
  const ColumnSweep sweep =
      block_sweep(args.row_tile_begin, args.row_tile_end, args.col_tile_begin, args.col_tile_end);
  if (sweep.j_begin >= sweep.j_end) return;
  const int tile_i = sweep.tile_i, j_begin = sweep.j_begin, j_end = sweep.j_end;

  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int warp_row = tile_i * kCorrelationTile + (warp >> 2) * 64;
  // The layout's 16-row groups (class_layout.cuh): a lane's bytes of one k step of a group are
  // one 16-byte word. The rows' k steps are the kernel's (KSTEPS), so every offset from a word
  // is an immediate.
  const uint4* lane_words = reinterpret_cast<const uint4*>(args.rows) + lane;
  unsigned a[KSTEPS][4][4];
#pragma unroll
  for (int mt = 0; mt < 4; ++mt)
#pragma unroll
    for (int s = 0; s < KSTEPS; ++s) {
      const uint4 w = __ldg(lane_words + class_layout_word(warp_row / 16 + mt, s, KSTEPS));
      a[s][mt][0] = w.x, a[s][mt][1] = w.z, a[s][mt][2] = w.y, a[s][mt][3] = w.w;
    }
  // T^2 of the block's 8 row groups against its sweep's column groups, made once, four row
  // groups of a column group side by side: a half step then reads a warp's four in one load.
  // Class pairs decided pair by pair hold kDecideOneByOne; the block learns whether it has any.
  __shared__ int4 block_cutoffs[kChunkTiles * kCorrelationTile / 16][2];
  int* cutoff_cells = reinterpret_cast<int*>(block_cutoffs);
  const int column_groups = (j_end - j_begin) * (kCorrelationTile / 16);
  bool marked = false;
  for (int k = threadIdx.x; k < (kCorrelationTile / 16) * column_groups; k += kThreads) {
    const int column_group = k / (kCorrelationTile / 16), row_group = k % (kCorrelationTile / 16);
    const int row_class = __ldg(args.group_class + tile_i * (kCorrelationTile / 16) + row_group);
    const int column_class = __ldg(args.group_class + j_begin * (kCorrelationTile / 16) + column_group);
    const int cutoff = __ldg(args.cutoffs + row_class * args.classes + column_class);
    marked |= cutoff < 0;
    cutoff_cells[k] = cutoff < 0 ? kDecideOneByOne : cutoff * cutoff;
  }
  const bool block_marked = __syncthreads_or(marked);

  // A half step's operands, loaded a step ahead: this lane's word of the warp's 16 columns and
  // the warp's four cut-offs of their column group, each reached by adding a constant to the
  // step before.
  const int warp_groups = (warp & 3) * 2;  // the warp's first column group within a tile
  const uint4* words = lane_words + class_layout_word(std::int64_t{j_begin} * (kCorrelationTile / 16) + warp_groups, 0, KSTEPS);
  const int4* column_cutoffs = &block_cutoffs[warp_groups][warp >> 2];
  const auto load_step = [&](unsigned (&b)[KSTEPS][2][2], int4& t) {
#pragma unroll
    for (int s = 0; s < KSTEPS; ++s) {
      const uint4 w = __ldg(words + class_layout_word(0, s, KSTEPS));
      b[s][0][0] = w.x, b[s][0][1] = w.y, b[s][1][0] = w.z, b[s][1][1] = w.w;
    }
    t = *column_cutoffs;
  };

  __shared__ int parked_all[kThreads / 32][32 * 32];
  int* parked = parked_all[warp];
  unsigned below = 0;
  unsigned ahead[KSTEPS][2][2];
  int4 t_ahead;
  load_step(ahead, t_ahead);
  const auto sweep_tiles = [&](int from, int to, auto decide) {
    for (int tile_j = from; tile_j < to; ++tile_j) {
#pragma unroll
      for (int half = 0; half < 2; ++half) {
        unsigned b[KSTEPS][2][2];
#pragma unroll
        for (int s = 0; s < KSTEPS; ++s)
#pragma unroll
          for (int nt = 0; nt < 2; ++nt) b[s][nt][0] = ahead[s][nt][0], b[s][nt][1] = ahead[s][nt][1];
        const int4 t4 = t_ahead;
        // The next 16 columns, the next tile's first 16, or after the sweep's last step its own
        // again (a wasted load, never out of range).
        const int groups_ahead = half == 0 ? 1 : (tile_j + 1 < j_end ? kCorrelationTile / 16 - 1 : 0);
        words += class_layout_word(groups_ahead, 0, KSTEPS);
        column_cutoffs += groups_ahead * 2;
        load_step(ahead, t_ahead);
        int acc[4][2][4];
        multiply_from_zero<KSTEPS>(acc, a, b);
        const int t[4] = {t4.x, t4.y, t4.z, t4.w};
        constexpr Decide kDecide = decltype(decide)::value;
        if (kDecide == Decide::by_integers ||
            (kDecide == Decide::checking_marks && (t[0] | t[1] | t[2] | t[3]) >= 0)) {
#pragma unroll
          for (int mt = 0; mt < 4; ++mt)
#pragma unroll
            for (int nt = 0; nt < 2; ++nt)
#pragma unroll
              for (int e = 0; e < 4; ++e) below += static_cast<unsigned>(acc[mt][nt][e] * acc[mt][nt][e] - t[mt]) >> 31;
        } else {
          park_accumulators(parked, acc, lane);
          const int warp_col = tile_j * kCorrelationTile + warp_groups * 16 + half * 16;
          below += count_below_exactly(args, parked, warp_row, warp_col, lane);
          __syncwarp();
        }
      }
    }
  };
  int tile_j = j_begin;
  if (tile_j == tile_i) sweep_tiles(tile_j, tile_j + 1, std::integral_constant<Decide, Decide::one_by_one>{}), ++tile_j;
  if (block_marked)
    sweep_tiles(tile_j, j_end, std::integral_constant<Decide, Decide::checking_marks>{});
  else
    sweep_tiles(tile_j, j_end, std::integral_constant<Decide, Decide::by_integers>{});

  unsigned long long survivors = static_cast<unsigned long long>((j_end - j_begin) * 64 - static_cast<int>(below));
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
