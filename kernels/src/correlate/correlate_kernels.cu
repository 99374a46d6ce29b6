// The correlation kernels: ranking rows, and the upper-triangle product with the cut-off
// applied in the tile epilogue so that only survivors ever leave the registers.
#include <cstdint>

#include "common/cuda_check.hpp"
#include "correlate/correlate_kernels.cuh"
#include "correlate/int8_fragments.cuh"
#include "pathscope/runtime/error.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kThreads = 256;  // 8 warps; each warp owns a 64 x 32 piece of the 128 x 128 tile

// Each 32-byte slice of a row holds its 4-byte words in the order 0 4 1 5 2 6 3 7, so that a
// lane's two words of an mma fragment (quad and quad + 4) are one 8-byte load. Every kernel
// reads both factors through the same layout, so the dot products are those of the plain order.
__device__ __forceinline__ int placed_byte(int k) {
  const int word = (k % 32) / 4;
  return (k / 32) * 32 + (word < 4 ? 2 * word : 2 * (word - 4) + 1) * 4 + k % 4;
}

__global__ void rank_rows_kernel(const double* raw, int m, int count, int first, int width, std::int8_t* rows,
                                 double* scale, float* scale_f) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= count) return;
  const double* x = raw + static_cast<std::int64_t>(r) * m;
  std::int8_t* out = rows + static_cast<std::int64_t>(first + r) * width;
  // Twice the centred mid-rank is 2*(values below) + (values equal, itself included) - m:
  // counting instead of sorting keeps the m <= 127 values in cache and needs no scratch.
  int squares = 0;
  for (int k = 0; k < m; ++k) {
    const double v = x[k];
    int below = 0, equal = 0;
    for (int l = 0; l < m; ++l) {
      below += x[l] < v;
      equal += x[l] == v;
    }
    const int twice_centred = 2 * below + equal - m;
    out[placed_byte(k)] = static_cast<std::int8_t>(twice_centred);
    squares += twice_centred * twice_centred;
  }
  for (int k = m; k < width; ++k) out[placed_byte(k)] = 0;
  const double s = 1.0 / sqrt(static_cast<double>(squares));
  scale[first + r] = s;
  scale_f[first + r] = static_cast<float>(s);
}

struct Epilogue {
  CorrelationOperands operands;
  CorrelationRect rect;
  double cutoff;
  float loose;
  CorrelationOutput output;
  unsigned long long local_count = 0;

  // Every lane of the warp calls this the same number of times (the ballot needs them all).
  __device__ __forceinline__ void consider(int i, int j, float value, int lane) {
    bool keep = j > i && j < operands.n && i >= rect.row_begin && i < rect.row_end && j >= rect.col_begin &&
                j < rect.col_end;
    if (keep) keep = fabsf(value * operands.scale_f[i] * operands.scale_f[j]) >= loose;
    if (keep) {
      double rho = static_cast<double>(value) * operands.scale[i] * operands.scale[j];
      rho = rho > 1 ? 1 : (rho < -1 ? -1 : rho);
      keep = fabs(rho) >= cutoff;
    }
    if (!output.survivors) {
      local_count += keep;
      return;
    }
    const unsigned mask = __ballot_sync(0xffffffffu, keep);
    if (mask == 0) return;
    const int leader = __ffs(mask) - 1;
    unsigned long long base = 0;
    if (lane == leader) base = atomicAdd(output.counter, static_cast<unsigned long long>(__popc(mask)));
    base = __shfl_sync(0xffffffffu, base, leader);
    if (keep) {
      const unsigned long long slot = base + __popc(mask & ((1u << lane) - 1));
      if (slot < output.capacity) output.survivors[slot] = CorrelationSurvivor{i, j, value};
    }
  }

  __device__ __forceinline__ void flush_count(int lane) {
    if (output.survivors) return;
    for (int offset = 16; offset > 0; offset /= 2) local_count += __shfl_down_sync(0xffffffffu, local_count, offset);
    if (lane == 0 && local_count) atomicAdd(output.counter, local_count);
  }
};

// Tiles wholly on or below the diagonal hold no pair j > i.
__device__ __forceinline__ bool tile_has_pairs(int tile_row, int tile_col) {
  return tile_col + kCorrelationTile - 1 > tile_row;
}

template <int KSTEPS>
__global__ void __launch_bounds__(kThreads) int8_tiles_kernel(Epilogue epilogue) {
  const CorrelationRect& rect = epilogue.rect;
  const int tile_row = rect.row_begin + blockIdx.y * kCorrelationTile;
  const int tile_col = rect.col_begin + blockIdx.x * kCorrelationTile;
  if (!tile_has_pairs(tile_row, tile_col)) return;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int group = lane >> 2, quad = lane & 3;
  const int warp_row = tile_row + (warp >> 2) * 64;
  const int warp_col = tile_col + (warp & 3) * 32;
  const auto* words = static_cast<const unsigned*>(epilogue.operands.rows);
  constexpr int kWordsPerRow = KSTEPS * 8;

  int acc[4][4][4] = {};
#pragma unroll
  for (int step = 0; step < KSTEPS; ++step) {
    // Fragment layouts of mma.m16n8k32 (PTX ISA): A rows group and group+8, 4-byte words
    // quad and quad+4 of the 32-byte k slice; B (= the column rows) row group, same words.
    unsigned a[4][4], b[4][2];
#pragma unroll
    for (int mt = 0; mt < 4; ++mt) {
      const unsigned* row0 = words + static_cast<std::int64_t>(warp_row + mt * 16 + group) * kWordsPerRow + step * 8;
      const unsigned* row1 = row0 + 8 * kWordsPerRow;
      a[mt][0] = __ldg(row0 + quad);
      a[mt][1] = __ldg(row1 + quad);
      a[mt][2] = __ldg(row0 + quad + 4);
      a[mt][3] = __ldg(row1 + quad + 4);
    }
#pragma unroll
    for (int nt = 0; nt < 4; ++nt) {
      const unsigned* col = words + static_cast<std::int64_t>(warp_col + nt * 8 + group) * kWordsPerRow + step * 8;
      b[nt][0] = __ldg(col + quad);
      b[nt][1] = __ldg(col + quad + 4);
    }
#pragma unroll
    for (int mt = 0; mt < 4; ++mt)
#pragma unroll
      for (int nt = 0; nt < 4; ++nt) mma_s8(acc[mt][nt], a[mt], b[nt]);
  }
  // Accumulator layout: c0,c1 at row group, columns 2*quad and 2*quad+1; c2,c3 at row group+8.
#pragma unroll
  for (int mt = 0; mt < 4; ++mt)
#pragma unroll
    for (int nt = 0; nt < 4; ++nt)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const int i = warp_row + mt * 16 + group + (e >> 1) * 8;
        const int j = warp_col + nt * 8 + quad * 2 + (e & 1);
        epilogue.consider(i, j, static_cast<float>(acc[mt][nt][e]), lane);
      }
  epilogue.flush_count(lane);
}

// Float path (Pearson, or more than 127 columns): a 128 x 128 tile per block from shared
// memory, each thread an 8 x 8 block of it.
__global__ void __launch_bounds__(kThreads) float_tiles_kernel(Epilogue epilogue) {
  constexpr int kSlice = 16;
  __shared__ float a_tile[kSlice][kCorrelationTile + 4];
  __shared__ float b_tile[kSlice][kCorrelationTile + 4];
  const CorrelationRect& rect = epilogue.rect;
  const int tile_row = rect.row_begin + blockIdx.y * kCorrelationTile;
  const int tile_col = rect.col_begin + blockIdx.x * kCorrelationTile;
  if (!tile_has_pairs(tile_row, tile_col)) return;
  const auto* values = static_cast<const float*>(epilogue.operands.rows);
  const int width = epilogue.operands.width;
  const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  float acc[8][8] = {};
  for (int k0 = 0; k0 < width; k0 += kSlice) {
    for (int e = threadIdx.x; e < kSlice * kCorrelationTile; e += kThreads) {
      const int r = e / kSlice, k = e % kSlice;
      a_tile[k][r] = values[static_cast<std::int64_t>(tile_row + r) * width + k0 + k];
      b_tile[k][r] = values[static_cast<std::int64_t>(tile_col + r) * width + k0 + k];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kSlice; ++k) {
      float a[8], b[8];
#pragma unroll
      for (int r = 0; r < 8; ++r) a[r] = a_tile[k][ty + 16 * r];
#pragma unroll
      for (int c = 0; c < 8; ++c) b[c] = b_tile[k][tx + 16 * c];
#pragma unroll
      for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) acc[r][c] += a[r] * b[c];
    }
    __syncthreads();
  }
  const int lane = threadIdx.x % 32;
#pragma unroll
  for (int r = 0; r < 8; ++r)
#pragma unroll
    for (int c = 0; c < 8; ++c) epilogue.consider(tile_row + ty + 16 * r, tile_col + tx + 16 * c, acc[r][c], lane);
  epilogue.flush_count(lane);
}

}  // namespace

void launch_rank_rows(const double* raw, std::int32_t m, std::int32_t count, std::int32_t first, std::int32_t width,
                      std::int8_t* rows, double* scale, float* scale_f, cudaStream_t stream) {
  if (count <= 0) return;
  const int blocks = (count + 127) / 128;
  rank_rows_kernel<<<blocks, 128, 0, stream>>>(raw, m, count, first, width, rows, scale, scale_f);
  CUDA_CHECK_LAUNCH();
}

void launch_correlation_tiles(const CorrelationOperands& operands, const CorrelationRect& rect, double cutoff,
                              const CorrelationOutput& output, cudaStream_t stream) {
  const int row_tiles = (rect.row_end - rect.row_begin) / kCorrelationTile;
  const int col_tiles = (rect.col_end - rect.col_begin) / kCorrelationTile;
  if (row_tiles <= 0 || col_tiles <= 0) return;
  if (operands.class_rows && !output.survivors) {
    launch_class_count(operands, rect, cutoff, output.counter, stream);
    return;
  }
  if (fused_correlation_applies(operands, cutoff)) {
    launch_fused_correlation(operands, rect, cutoff, output, stream);
    return;
  }
  if (row_tiles > 65535) throw Error("correlation band too tall for one launch");
  const dim3 grid(col_tiles, row_tiles);
  Epilogue epilogue{operands, rect, cutoff, cutoff > 0 ? static_cast<float>(cutoff) - 1e-5f : -1.0f, output};
  if (!operands.int8) {
    float_tiles_kernel<<<grid, kThreads, 0, stream>>>(epilogue);
  } else {
    switch (operands.width / 32) {
      case 1: int8_tiles_kernel<1><<<grid, kThreads, 0, stream>>>(epilogue); break;
      case 2: int8_tiles_kernel<2><<<grid, kThreads, 0, stream>>>(epilogue); break;
      case 3: int8_tiles_kernel<3><<<grid, kThreads, 0, stream>>>(epilogue); break;
      case 4: int8_tiles_kernel<4><<<grid, kThreads, 0, stream>>>(epilogue); break;
      default: throw Error("int8 correlation rows must be 32, 64, 96 or 128 bytes wide");
    }
  }
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu
