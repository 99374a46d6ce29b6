// The int8 correlation kernel with its threshold in the registers (Spearman, cut-off > 0).
//
// Each block keeps one row tile (128 rows) and sweeps a run of column tiles to its right; each
// warp owns 64 x 32 pairs of a 128 x 128 step (mma.sync m16n8k32, s8 -> s32). The products
// start from a bias instead of zero, C = 0x4B400000 (the float 1.5 * 2^23), so the integer
// sum read as a float is exactly 1.5 * 2^23 + dot (|dot| < 2^21), and one FFMA with the row
// factor a_i (1/sqrt(S_i) cut to 22 significant bits, so that a_i * 1.5 * 2^23 is exact) gives
// dot * a_i rounded once. The test |dot| * a_i >= q_j (q_j = cut-off * sqrt(S_j)) is then one
// FADD: e = |y| - q_j, whose sign bit is counted by one LEA.HI. Its error is below 5e-7 of
// q_j, so only pairs with |e| < window (4e-6 of the largest q) can be decided wrongly; each
// thread tracks its least |e| (count mode) or its largest e (survivor mode) and, in the rare
// tiles where that falls inside the window, decides its pairs again exactly: double
// rho = dot * s_i * s_j, the CPU engine's formula. So counts and survivors are exact.
#include <cstdint>

#include "common/cuda_check.hpp"
#include "common/env_knob.hpp"
#include "correlate/column_sweep.cuh"
#include "correlate/correlate_kernels.cuh"
#include "correlate/int8_fragments.cuh"
#include "pathscope/runtime/error.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kThreads = 256;
constexpr int kBias = 0x4B400000;
constexpr float kBiasFloat = 12582912.0f;

struct FusedArgs {
  const std::int8_t* rows;
  int width;
  const float* row_factor;
  const float* col_threshold;
  const double* scale;
  int n;
  int row_tile_begin, row_tile_end;  // tiles
  int col_tile_begin, col_tile_end;
  double cutoff;
  float window;
  CorrelationSurvivor* survivors;  // null: count only
  unsigned long long capacity;
  unsigned long long* counter;
};

__device__ __forceinline__ bool exact_survivor(const FusedArgs& args, int i, int j, int biased) {
  if (i >= args.n || j >= args.n || j <= i) return false;
  double rho = static_cast<double>(biased - kBias) * args.scale[i] * args.scale[j];
  rho = rho > 1 ? 1 : (rho < -1 ? -1 : rho);
  return fabs(rho) >= args.cutoff;
}

// Decides the pairs of one warp tile half exactly (the rare halves with a pair inside the
// window). The accumulators wait in shared memory, so this rolled loop costs no registers in
// the fast path; the factors and thresholds are read again from global memory, which gives
// the very margins the fast path computed.
template <bool COUNT>
__device__ __noinline__ void decide_exactly(const FusedArgs& args, const int* parked, int warp_row, int warp_col,
                                            int lane, int& negatives) {
  const int group = lane >> 2, quad = lane & 3;
  for (int k = 0; k < 32; ++k) {
    const int mt = k >> 3, nt = (k >> 2) & 1, e = k & 3;
    const int biased = parked[k * 32 + lane];
    const int i = warp_row + mt * 16 + group + (e >> 1) * 8;
    const int j = warp_col + nt * 8 + quad * 2 + (e & 1);
    const float factor = args.row_factor[i];
    const float y = fmaf(__int_as_float(biased), factor, -kBiasFloat * factor);
    float m = fabsf(y) - args.col_threshold[j];
    if (j <= i) m = -INFINITY;
    if (COUNT) {
      if (fabsf(m) < args.window) {
        const int fast = !(__float_as_uint(m) >> 31);
        negatives += fast - static_cast<int>(exact_survivor(args, i, j, biased));
      }
    } else {
      const bool keep = m >= -args.window && exact_survivor(args, i, j, biased);
      const unsigned mask = __ballot_sync(0xffffffffu, keep);
      if (mask == 0) continue;
      const int leader = __ffs(mask) - 1;
      unsigned long long base = 0;
      if (lane == leader) base = atomicAdd(args.counter, static_cast<unsigned long long>(__popc(mask)));
      base = __shfl_sync(0xffffffffu, base, leader);
      if (keep) {
        const unsigned long long slot = base + __popc(mask & ((1u << lane) - 1));
        if (slot < args.capacity) args.survivors[slot] = CorrelationSurvivor{i, j, static_cast<float>(biased - kBias)};
      }
    }
  }
}

// The epilogue of one 64 x 16 warp tile half. Accumulator layout: e = 0, 1 at row group,
// columns 2 quad + {0, 1}; e = 2, 3 at row group + 8. On the diagonal tile the pairs with
// j <= i count as below the cut-off.
template <bool DIAGONAL, bool COUNT>
__device__ __forceinline__ void finish_half(const FusedArgs& args, const int (&acc)[4][2][4], const float (&factor)[4][2],
                                            const float (&offset)[4][2], const float2 (&q)[2], int warp_row,
                                            int warp_col, int lane, int* parked, int& negatives) {
  const int group = lane >> 2, quad = lane & 3;
  float extreme = COUNT ? INFINITY : -INFINITY;
#pragma unroll
  for (int mt = 0; mt < 4; ++mt)
#pragma unroll
    for (int nt = 0; nt < 2; ++nt)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const float y = fmaf(__int_as_float(acc[mt][nt][e]), factor[mt][e >> 1], offset[mt][e >> 1]);
        float m = fabsf(y) - ((e & 1) ? q[nt].y : q[nt].x);
        if (DIAGONAL) {
          const int i = warp_row + mt * 16 + group + (e >> 1) * 8;
          const int j = warp_col + nt * 8 + quad * 2 + (e & 1);
          if (j <= i) m = -INFINITY;
        }
        if (COUNT) {
          negatives += static_cast<int>(__float_as_uint(m) >> 31);
          extreme = fminf(extreme, fabsf(m));
        } else {
          extreme = fmaxf(extreme, m);
        }
      }
  const bool unsure = COUNT ? extreme < args.window : extreme >= -args.window;
  if (!__any_sync(0xffffffffu, unsure)) return;
  park_accumulators(parked, acc, lane);
  decide_exactly<COUNT>(args, parked, warp_row, warp_col, lane, negatives);
  __syncwarp();
}

template <int KSTEPS, bool COUNT, bool PREFETCH>
__global__ void __launch_bounds__(kThreads, 2) fused_int8_kernel(FusedArgs args) {
  const ColumnSweep sweep =
      block_sweep(args.row_tile_begin, args.row_tile_end, args.col_tile_begin, args.col_tile_end);
  if (sweep.j_begin >= sweep.j_end) return;
  const int tile_i = sweep.tile_i, j_begin = sweep.j_begin, j_end = sweep.j_end;

  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int group = lane >> 2, quad = lane & 3;
  const int warp_row = tile_i * kCorrelationTile + (warp >> 2) * 64;
  const int width = args.width;

  // Row fragments and factors stay in registers for the whole sweep.
  unsigned a[KSTEPS][4][4];
  load_rows<KSTEPS>(a, args.rows, width, warp_row, group, quad);
  float factor[4][2], offset[4][2];
#pragma unroll
  for (int mt = 0; mt < 4; ++mt)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      factor[mt][h] = __ldg(args.row_factor + warp_row + mt * 16 + group + 8 * h);
      offset[mt][h] = -kBiasFloat * factor[mt][h];  // exact: the factor has 22 significant bits
    }

  __shared__ int parked_all[kThreads / 32][32 * 32];
  int* parked = parked_all[warp];
  int negatives = 0;  // pairs found below the cut-off, over the whole sweep
  int pairs = 0;      // pairs looked at (off-triangle ones of the diagonal tile are negatives too)
  unsigned ahead[KSTEPS][2][2];
  if (PREFETCH) load_columns<KSTEPS>(ahead, args.rows, width, j_begin * kCorrelationTile + (warp & 3) * 32, group, quad);
  for (int tile_j = j_begin; tile_j < j_end; ++tile_j) {
    // The warp's 32 columns in two halves of 16, so only 32 accumulators are live at once.
#pragma unroll
    for (int half = 0; half < 2; ++half) {
      const int warp_col = tile_j * kCorrelationTile + (warp & 3) * 32 + half * 16;
      unsigned b[KSTEPS][2][2];
      if (PREFETCH) {
#pragma unroll
        for (int s = 0; s < KSTEPS; ++s)
#pragma unroll
          for (int nt = 0; nt < 2; ++nt) b[s][nt][0] = ahead[s][nt][0], b[s][nt][1] = ahead[s][nt][1];
        // The last step loads its own columns again: a wasted load, never out of range.
        const int next_col = half == 0 ? warp_col + 16 : min(tile_j + 1, j_end - 1) * kCorrelationTile + (warp & 3) * 32;
        load_columns<KSTEPS>(ahead, args.rows, width, next_col, group, quad);
      } else {
        load_columns<KSTEPS>(b, args.rows, width, warp_col, group, quad);
      }
      int acc[4][2][4];
      pairs += 32;
      float2 q[2];
#pragma unroll
      for (int nt = 0; nt < 2; ++nt)
        q[nt] = __ldg(reinterpret_cast<const float2*>(args.col_threshold + warp_col + nt * 8) + quad);
      multiply<KSTEPS>(acc, a, b, kBias);
      if (tile_j == tile_i)
        finish_half<true, COUNT>(args, acc, factor, offset, q, warp_row, warp_col, lane, parked, negatives);
      else
        finish_half<false, COUNT>(args, acc, factor, offset, q, warp_row, warp_col, lane, parked, negatives);
    }
  }
  if (COUNT) {
    unsigned long long survivors = static_cast<unsigned long long>(pairs - negatives);
    for (int offset_lane = 16; offset_lane > 0; offset_lane /= 2)
      survivors += __shfl_down_sync(0xffffffffu, survivors, offset_lane);
    if (lane == 0 && survivors) atomicAdd(args.counter, survivors);
  }
}

template <int KSTEPS>
void launch_width(const FusedArgs& args, dim3 grid, cudaStream_t stream) {
  // Columns are loaded a step ahead, except in keeping runs of 64-byte rows, which at 128
  // registers measured slower with it (docs/correlation.md, "Keeping runs load ahead");
  // PATHSCOPE_GPU_CORRELATE_PREFETCH=0 keeps the kernels that do not, for side-by-side runs.
  const bool prefetch = env_switched_on("PATHSCOPE_GPU_CORRELATE_PREFETCH");
  if (args.survivors) {
    if constexpr (KSTEPS == 1) {
      if (prefetch) {
        fused_int8_kernel<KSTEPS, false, true><<<grid, kThreads, 0, stream>>>(args);
        return;
      }
    }
    fused_int8_kernel<KSTEPS, false, false><<<grid, kThreads, 0, stream>>>(args);
  } else if (prefetch) {
    fused_int8_kernel<KSTEPS, true, true><<<grid, kThreads, 0, stream>>>(args);
  } else {
    fused_int8_kernel<KSTEPS, true, false><<<grid, kThreads, 0, stream>>>(args);
  }
}

// The row factors and column thresholds of one cut-off, from the exact scales.
__global__ void threshold_factors_kernel(const double* scale, int n, int padded, double cutoff, float* row_factor,
                                         float* col_threshold) {
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < padded; r += gridDim.x * blockDim.x) {
    if (r < n) {
      // Cut to 22 significant bits so that the bias times the factor is a float.
      row_factor[r] = __uint_as_float(__float_as_uint(static_cast<float>(scale[r])) & ~3u);
      col_threshold[r] = static_cast<float>(cutoff / scale[r]);
    } else {
      row_factor[r] = 0;          // padding rows: y = 0, below every threshold
      col_threshold[r] = 3e38f;   // padding columns: never reached
    }
  }
}

}  // namespace

void launch_threshold_factors(const double* scale, std::int32_t n, std::int32_t padded, double cutoff,
                              float* row_factor, float* col_threshold, cudaStream_t stream) {
  if (padded <= 0) return;
  threshold_factors_kernel<<<(padded + 255) / 256, 256, 0, stream>>>(scale, n, padded, cutoff, row_factor,
                                                                      col_threshold);
  CUDA_CHECK_LAUNCH();
}

bool fused_correlation_applies(const CorrelationOperands& operands, double cutoff) {
  return operands.int8 && operands.row_factor && operands.col_threshold && cutoff > 0 && operands.width <= 64;
}

void launch_fused_correlation(const CorrelationOperands& operands, const CorrelationRect& rect, double cutoff,
                              const CorrelationOutput& output, cudaStream_t stream) {
  const dim3 grid = sweep_grid(rect);
  if (grid.x == 0) return;
  FusedArgs args{static_cast<const std::int8_t*>(operands.rows),
                 operands.width,
                 operands.row_factor,
                 operands.col_threshold,
                 operands.scale,
                 operands.n,
                 rect.row_begin / kCorrelationTile,
                 rect.row_end / kCorrelationTile,
                 rect.col_begin / kCorrelationTile,
                 rect.col_end / kCorrelationTile,
                 cutoff,
                 operands.window,
                 output.survivors,
                 output.capacity,
                 output.counter};
  switch (operands.width / 32) {
    case 1: launch_width<1>(args, grid, stream); break;
    case 2: launch_width<2>(args, grid, stream); break;
    default: throw Error("the fused int8 kernel takes rows of 32 or 64 bytes");
  }
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu
