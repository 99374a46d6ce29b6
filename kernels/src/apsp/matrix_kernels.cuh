#pragma once
// The small kernels around the min-plus product: building the matrix from the arcs on the
// device (no n^2 upload), moving panels between layouts, closing a diagonal block, and the
// final pass that maps the working infinity back and spots negative cycles.
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "apsp/dist_traits.cuh"

namespace pathscope::gpu {

// The graph's arcs on the device, weights already in the distance type.
template <class D>
struct DeviceArcs {
  const std::int64_t* offsets;  // n + 1
  const std::int32_t* heads;
  const typename D::Scalar* weights;
  int n;
};

// A rectangle of the (padded) matrix held somewhere in device memory: global rows
// [row0, row0 + rows) and columns [col0, col0 + cols). Stored row-major, or column-major
// ("transposed": element (r, c) at c * pitch + r) for panels kept depth-major.
template <class T>
struct Rect {
  T* data;
  std::int64_t pitch;
  int row0, rows, col0, cols;
  bool transposed;
  __device__ T& at(int r, int c) const {
    return transposed ? data[std::int64_t(c) * pitch + r] : data[std::int64_t(r) * pitch + c];
  }
};

// Every cell unreachable except the diagonal (0); padding rows and columns stay like that.
template <class D>
__global__ void fill_unreachable_kernel(Rect<typename D::Scalar> rect) {
  const std::int64_t cells = std::int64_t(rect.rows) * rect.cols;
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < cells;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    const int r = int(i / rect.cols), c = int(i % rect.cols);
    rect.at(r, c) = (rect.row0 + r == rect.col0 + c) ? typename D::Scalar(0) : D::kInf;
  }
}

// One thread per source row writes its arcs that land in the rectangle; a row belongs to one
// thread, so no two threads touch one cell. min() keeps a negative self-loop's cost.
template <class D>
__global__ void scatter_arcs_kernel(Rect<typename D::Scalar> rect, DeviceArcs<D> arcs) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  const int u = rect.row0 + r;
  if (r >= rect.rows || u >= arcs.n) return;
  for (std::int64_t e = arcs.offsets[u]; e < arcs.offsets[u + 1]; ++e) {
    const int c = arcs.heads[e] - rect.col0;
    if (c < 0 || c >= rect.cols) continue;
    typename D::Scalar& cell = rect.at(r, c);
    const typename D::Scalar w = arcs.weights[e];
    if (w < cell) cell = w;
  }
}

// dst[c][r] = src[r][c] for a rows x cols block, through a padded shared tile.
template <class T>
__global__ void transpose_kernel(const T* src, std::int64_t src_pitch, int rows, int cols, T* dst,
                                 std::int64_t dst_pitch) {
  __shared__ T tile[32][33];
  const int c0 = blockIdx.x * 32, r0 = blockIdx.y * 32;
  for (int dy = threadIdx.y; dy < 32; dy += blockDim.y) {
    const int r = r0 + dy, c = c0 + threadIdx.x;
    if (r < rows && c < cols) tile[dy][threadIdx.x] = src[std::int64_t(r) * src_pitch + c];
  }
  __syncthreads();
  for (int dy = threadIdx.y; dy < 32; dy += blockDim.y) {
    const int c = c0 + dy, r = r0 + threadIdx.x;
    if (r < rows && c < cols) dst[std::int64_t(c) * dst_pitch + r] = tile[threadIdx.x][dy];
  }
}

// hop16 keeps the depth-major A panel with each cell doubled into both halves of a word, so
// the product reads a ready operand; int32/float skip this step.
template <class D>
__global__ void broadcast_kernel(const typename D::Scalar* src, typename D::AWord* dst, std::int64_t count) {
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < count;
       i += std::int64_t(gridDim.x) * blockDim.x)
    dst[i] = D::broadcast(src[i]);
}

// Phase 1 runs in one block of this many threads (see close_block_kernel).
constexpr int kCloseBlockThreads = 256;

// `count` consecutive cells of shared memory into registers as 16-byte vectors: the runs a
// thread reads are 16-byte aligned, and one LDS.128 feeds 4 (or 8 hop16) add-mins.
template <class Scalar, int kCount>
__device__ __forceinline__ void load_run(const Scalar* from, Scalar (&to)[kCount]) {
  static_assert(kCount * sizeof(Scalar) % 16 == 0, "runs are whole 16-byte vectors");
  constexpr int kVectors = kCount * sizeof(Scalar) / 16;
  uint4 v[kVectors];
#pragma unroll
  for (int i = 0; i < kVectors; ++i) v[i] = reinterpret_cast<const uint4*>(from)[i];
  memcpy(to, v, sizeof to);
}

// D::add_min on cells widened to at least 32 bits. For hop16 the operands are at most the
// working infinity 0x7FFF, so the sum fits and the minimum is the 16-bit one.
template <class D, class Work>
__device__ __forceinline__ Work add_min_widened(Work a, Work b, Work c) {
  if constexpr (sizeof(typename D::Scalar) < sizeof(Work)) {
    const Work sum = a + b;
    return sum < c ? sum : c;
  } else {
    return D::add_min(a, b, c);
  }
}

// Phase 1: Floyd-Warshall on one 128 x 128 diagonal block, written back in place and as the
// two A operands of phase 2 (row-major, and transposed), both broadcast. Phase 1 is a chain of
// 128 dependent steps on a single SM, so the step's latency is what counts:
//  - each thread keeps an 8 x 8 sub-block in registers, so a step is 2 vector loads of row k
//    and 2 of column k from shared memory for 64 add-mins;
//  - row and column k + 1 are published by their owners into the other of two buffers as soon
//    as their step-k values exist, so one barrier per k suffices (the reads of buffer k & 1 in
//    step k end before the barrier that precedes its rewrite in step k + 1).
// The earlier form (1,024 threads, a column of 16 cells each, two barriers per k) was several
// times slower, and on small graphs phase 1 dominated the kernel time (docs/gpu.md, v4-v6).
template <class D>
__global__ void __launch_bounds__(kCloseBlockThreads) close_block_kernel(typename D::Scalar* block, std::int64_t pitch,
                                                                         typename D::AWord* a_rows,
                                                                         typename D::AWord* a_cols) {
  using Scalar = typename D::Scalar;
  // hop16 cells are worked on widened to 32 bits: one add-min instruction each and no
  // unpacking of 16-bit halves, which made the 16-bit form slower than int32 (docs/gpu.md, v6).
  using Work = std::conditional_t<(sizeof(Scalar) < 4), std::uint32_t, Scalar>;
  constexpr int T = 128, S = 8, kSide = T / S;  // a 16 x 16 grid of threads, 8 x 8 cells each
  static_assert(kSide * kSide == kCloseBlockThreads, "one thread per sub-block");
  __shared__ __align__(16) Work row_k[2][T];
  __shared__ __align__(16) Work col_k[2][T];
  const int tr = threadIdx.x / kSide, tc = threadIdx.x % kSide;
  const int r0 = tr * S, c0 = tc * S;
  Work cell[S][S];
#pragma unroll
  for (int i = 0; i < S; ++i)
#pragma unroll
    for (int j = 0; j < S; ++j) cell[i][j] = block[std::int64_t(r0 + i) * pitch + c0 + j];
  if (tr == 0)
#pragma unroll
    for (int j = 0; j < S; ++j) row_k[0][c0 + j] = cell[0][j];
  if (tc == 0)
#pragma unroll
    for (int i = 0; i < S; ++i) col_k[0][r0 + i] = cell[i][0];
  __syncthreads();
  // k = kq * S + kr with kr unrolled, so that the owner of row/column k + 1 picks its cells by
  // constant indices and `cell` stays in registers.
  for (int kq = 0; kq < kSide; ++kq) {
#pragma unroll
    for (int kr = 0; kr < S; ++kr) {
      const int slot = kr & 1;  // = k & 1, S being even
      Work through_row[S], through_col[S];
      load_run(&row_k[slot][c0], through_row);
      load_run(&col_k[slot][r0], through_col);
#pragma unroll
      for (int i = 0; i < S; ++i)
#pragma unroll
        for (int j = 0; j < S; ++j) cell[i][j] = add_min_widened<D>(through_col[i], through_row[j], cell[i][j]);
      const int next_r = (kr + 1) % S, next_q = kq + (kr + 1) / S;
      if (tr == next_q)
#pragma unroll
        for (int j = 0; j < S; ++j) row_k[slot ^ 1][c0 + j] = cell[next_r][j];
      if (tc == next_q)
#pragma unroll
        for (int i = 0; i < S; ++i) col_k[slot ^ 1][r0 + i] = cell[i][next_r];
      __syncthreads();
    }
  }
#pragma unroll
  for (int i = 0; i < S; ++i) {
#pragma unroll
    for (int j = 0; j < S; ++j) {
      const int r = r0 + i, c = c0 + j;
      const Scalar v = static_cast<Scalar>(cell[i][j]);
      block[std::int64_t(r) * pitch + c] = v;
      a_rows[r * T + c] = D::broadcast(v);
      a_cols[c * T + r] = D::broadcast(v);
    }
  }
}

// The same two operands for a closed W x W block (out-of-core super-blocks).
template <class D>
__global__ void block_operands_kernel(const typename D::Scalar* block, std::int64_t pitch, int w,
                                      typename D::AWord* a_rows, typename D::AWord* a_cols) {
  const std::int64_t cells = std::int64_t(w) * w;
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < cells;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    const int r = int(i / w), c = int(i % w);
    const auto v = D::broadcast(block[std::int64_t(r) * pitch + c]);
    a_rows[i] = v;
    a_cols[std::int64_t(c) * w + r] = v;
  }
}

// What the final pass found: the lowest node with a negative diagonal (a negative cycle
// passes through or reaches it), and whether a hop16 cell hit the clipping witness.
struct FinalFlags {
  int negative_node;  // INT32_MAX when none
  int clipped;
};

// Maps the working infinity to the public "unreachable" value in place, over rows
// [row0, row0 + rows) x columns [col0, col0 + cols) of a row-major block; clears next hops of
// unreachable cells.
template <class D>
__global__ void finalize_kernel(typename D::Scalar* m, std::int64_t pitch, int row0, int rows, int cols,
                                std::int32_t* next, std::int64_t next_pitch, FinalFlags* flags, int col0 = 0) {
  using Scalar = typename D::Scalar;
  const std::int64_t cells = std::int64_t(rows) * cols;
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < cells;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    const int r = int(i / cols), c = int(i % cols);
    Scalar& cell = m[std::int64_t(r) * pitch + c];
    const Scalar v = cell;
    const bool unreachable = D::is_unreachable(v);
    if constexpr (std::is_signed_v<Scalar> || std::is_floating_point_v<Scalar>)
      if (row0 + r == col0 + c && !unreachable && v < Scalar(0)) atomicMin(&flags->negative_node, row0 + r);
    if constexpr (D::kType == DistType::Int32) {
      if (unreachable) cell = kUnreachableI32;
    } else if constexpr (D::kType == DistType::Hop16) {
      if (unreachable) cell = kUnreachableU16;
      if (v == D::kClipWitness) flags->clipped = 1;
    }
    if (next && (unreachable || row0 + r == col0 + c)) next[std::int64_t(r) * next_pitch + c] = -1;
  }
}

// The seed-style step: one launch per k, one thread per cell, with the next hop kept by select.
template <class D>
__global__ void naive_step_kernel(typename D::Scalar* d, std::int32_t* next, int n, int k) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n) return;
  const std::int64_t ij = std::int64_t(i) * n + j;
  const auto through_k = D::add_min(d[std::int64_t(i) * n + k], d[std::int64_t(k) * n + j], d[ij]);
  if (through_k != d[ij]) {
    d[ij] = through_k;
    next[ij] = next[std::int64_t(i) * n + k];
  }
}

// next[u][v] = v for every arc, -1 elsewhere (filled beforehand).
template <class D>
__global__ void next_from_arcs_kernel(std::int32_t* next, DeviceArcs<D> arcs) {
  const int u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= arcs.n) return;
  for (std::int64_t e = arcs.offsets[u]; e < arcs.offsets[u + 1]; ++e)
    if (arcs.heads[e] != u) next[std::int64_t(u) * arcs.n + arcs.heads[e]] = arcs.heads[e];
}

// Next hops from finished distances: for cell (u, v) the first arc u->k with the least
// w(u,k) + D[k][v]. Runs on the working values, before finalize_kernel.
template <class D>
__global__ void next_from_distances_kernel(const typename D::Scalar* d, std::int64_t pitch, DeviceArcs<D> arcs,
                                           std::int32_t* next) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= arcs.n) return;
  using Wide = std::conditional_t<D::kType == DistType::Float32, float, long long>;
  for (int u = blockIdx.y; u < arcs.n; u += gridDim.y) {
    Wide best = Wide(D::kInf);
    int best_head = -1;
    for (std::int64_t e = arcs.offsets[u]; e < arcs.offsets[u + 1]; ++e) {
      const int k = arcs.heads[e];
      const auto dk = d[std::int64_t(k) * pitch + v];
      if (D::is_unreachable(dk)) continue;
      const Wide through = Wide(arcs.weights[e]) + Wide(dk);
      if (through < best) {
        best = through;
        best_head = k;
      }
    }
    next[std::int64_t(u) * arcs.n + v] = best_head;
  }
}

}  // namespace pathscope::gpu
