#pragma once
// Host-side launchers of the kernels, each checked, and the one pivot step of blocked
// Floyd-Warshall that the in-core run and the out-of-core diagonal closure share.
#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "apsp/matrix_kernels.cuh"
#include "apsp/minplus_product.cuh"
#include "common/cuda_check.hpp"
#include "common/device_memory.hpp"
#include "common/launch_grid.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::gpu {

// The arcs on the device, weights converted once. With `pool_stream` the arrays come from the
// memory pool in that stream's order (see DeviceArray); the constructor ends synchronised
// either way, so any stream may read them.
template <class D>
class DeviceGraph {
 public:
  DeviceGraph(const Graph& g, cudaStream_t s, cudaStream_t pool_stream = nullptr) : n_(g.n) {
    std::vector<typename D::Scalar> w(g.weights.size());
    for (std::size_t e = 0; e < w.size(); ++e) w[e] = static_cast<typename D::Scalar>(g.weights[e]);
    offsets_ = DeviceArray<std::int64_t>(g.offsets.size(), pool_stream);
    heads_ = DeviceArray<std::int32_t>(g.heads.size(), pool_stream);
    weights_ = DeviceArray<typename D::Scalar>(w.size(), pool_stream);
    CUDA_CHECK(cudaMemcpyAsync(offsets_.get(), g.offsets.data(), offsets_.bytes(), cudaMemcpyHostToDevice, s));
    if (!w.empty()) {
      CUDA_CHECK(cudaMemcpyAsync(heads_.get(), g.heads.data(), heads_.bytes(), cudaMemcpyHostToDevice, s));
      CUDA_CHECK(cudaMemcpyAsync(weights_.get(), w.data(), weights_.bytes(), cudaMemcpyHostToDevice, s));
    }
    CUDA_CHECK(cudaStreamSynchronize(s));  // `w` dies here
  }
  DeviceArcs<D> arcs() const { return {offsets_.get(), heads_.get(), weights_.get(), n_}; }
  static std::uint64_t bytes(std::int64_t n, std::int64_t arcs) {
    return (n + 1) * 8 + arcs * (4 + sizeof(typename D::Scalar));
  }

 private:
  int n_;
  DeviceArray<std::int64_t> offsets_;
  DeviceArray<std::int32_t> heads_;
  DeviceArray<typename D::Scalar> weights_;
};

// The rectangle filled with the graph's initial distances (arcs, 0 diagonal, unreachable).
template <class D>
void enqueue_initial_rect(const GpuContext& gpu, Rect<typename D::Scalar> rect, const DeviceArcs<D>& arcs,
                          cudaStream_t s) {
  fill_unreachable_kernel<D><<<grid_for(gpu, std::int64_t(rect.rows) * rect.cols, 256), 256, 0, s>>>(rect);
  CUDA_CHECK_LAUNCH();
  scatter_arcs_kernel<D><<<(rect.rows + 127) / 128, 128, 0, s>>>(rect, arcs);
  CUDA_CHECK_LAUNCH();
}

template <class T>
void enqueue_transpose(const T* src, std::int64_t src_pitch, int rows, int cols, T* dst, std::int64_t dst_pitch,
                       cudaStream_t s) {
  const dim3 grid((cols + 31) / 32, (rows + 31) / 32);
  transpose_kernel<T><<<grid, dim3(32, 8), 0, s>>>(src, src_pitch, rows, cols, dst, dst_pitch);
  CUDA_CHECK_LAUNCH();
}

template <class D>
void enqueue_broadcast(const GpuContext& gpu, const typename D::Scalar* src, typename D::AWord* dst, std::int64_t count,
                       cudaStream_t s) {
  broadcast_kernel<D><<<grid_for(gpu, count, 256), 256, 0, s>>>(src, dst, count);
  CUDA_CHECK_LAUNCH();
}

template <class D>
void enqueue_product(const ProductBatch<D>& batch, cudaStream_t s) {
  using S = ProductShape<D>;
  // The attribute belongs to each device's copy of the kernel: set once per device (ranks of a
  // several-GPU run launch on several).
  static std::atomic<std::uint64_t> configured{0};
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  const std::uint64_t bit = std::uint64_t{1} << (device & 63);
  if (!(configured.load(std::memory_order_acquire) & bit)) {
    CUDA_CHECK(cudaFuncSetAttribute(minplus_product_kernel<D>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    S::kSharedBytes));
    configured.fetch_or(bit, std::memory_order_release);
  }
  int rows = 0, words = 0;
  for (int j = 0; j < batch.count; ++j) {
    rows = std::max(rows, batch.job[j].rows);
    words = std::max(words, batch.job[j].words);
  }
  if (rows == 0 || words == 0) return;
  const dim3 grid(words / S::kWords, rows / kTileRows, batch.count);
  minplus_product_kernel<D><<<grid, S::kThreads, S::kSharedBytes, s>>>(batch);
  CUDA_CHECK_LAUNCH();
}

template <class D>
void enqueue_close_block(typename D::Scalar* block, std::int64_t pitch, typename D::AWord* a_rows,
                         typename D::AWord* a_cols, cudaStream_t s) {
  close_block_kernel<D><<<1, kCloseBlockThreads, 0, s>>>(block, pitch, a_rows, a_cols);
  CUDA_CHECK_LAUNCH();
}

// Buffers of one blocked Floyd-Warshall over a size x size matrix, pivot width kTileRows;
// from the memory pool when a stream is given (see DeviceArray).
template <class D>
struct PivotWorkspace {
  using Scalar = typename D::Scalar;
  using AWord = typename D::AWord;
  explicit PivotWorkspace(std::int64_t size, cudaStream_t pool_stream = nullptr)
      : columns(kTileRows * size, pool_stream),
        rows(kTileRows * size, pool_stream),
        columns_broadcast(D::kLanes > 1 ? kTileRows * size : 0, pool_stream),
        block_rows(kTileRows * kTileRows, pool_stream),
        block_cols(kTileRows * kTileRows, pool_stream) {}
  static std::uint64_t bytes(std::int64_t size) {
    return kTileRows * size * (2 * sizeof(Scalar) + (D::kLanes > 1 ? 4 : 0)) + 2 * kTileRows * kTileRows * 4;
  }
  DeviceArray<Scalar> columns;          // pivot columns, depth-major (the A operand, packed)
  DeviceArray<Scalar> rows;             // pivot rows after phase 2 (the B operand)
  DeviceArray<AWord> columns_broadcast;  // hop16: the A operand with each cell in both halves
  DeviceArray<AWord> block_rows, block_cols;  // the closed diagonal block, as A operands
  const AWord* a_operand() const {
    if constexpr (D::kLanes > 1) return columns_broadcast.get();
    else return reinterpret_cast<const AWord*>(columns.get());
  }
};

// The pivot steps of blocked Floyd-Warshall on a size x size matrix (row pitch `pitch`),
// pivot width kTileRows.

// Phase 2 of pivot rows q..q + kTileRows: R' = A* (x) R, into `rows_out` (row pitch `size`).
template <class D>
ProductJob<D> pivot_rows_job(typename D::Scalar* d, std::int64_t pitch, int size, std::int64_t q,
                             typename D::Scalar* rows_out, const typename D::AWord* block_cols) {
  using Word = typename D::Word;
  const std::int64_t words = size / D::kLanes, pitch_words = pitch / D::kLanes;
  Word* pivot_rows = reinterpret_cast<Word*>(d) + q * pitch_words;
  return {reinterpret_cast<Word*>(rows_out), pivot_rows, words, pitch_words, block_cols, kTileRows,
          pivot_rows, pitch_words, kTileRows, int(words), kTileRows};
}

// Phase 2 of `count` pivot columns held depth-major in `columns` (pitch `columns_pitch` cells):
// C'^T = A*^T (x) C^T, in place (one block row holds all of it).
template <class D>
ProductJob<D> pivot_columns_job(typename D::Scalar* columns, std::int64_t columns_pitch, int count,
                                const typename D::AWord* block_rows) {
  using Word = typename D::Word;
  Word* words = reinterpret_cast<Word*>(columns);
  const std::int64_t pitch_words = columns_pitch / D::kLanes;
  return {words, words, pitch_words, pitch_words, block_rows, kTileRows, words, pitch_words,
          kTileRows, count / D::kLanes, kTileRows};
}

// Preparing pivot p: phase 1 closes the diagonal block; phase 2 turns the pivot rows and
// columns into products with it (one launch, two jobs), into the workspace, which then holds
// the two panels phase 3 multiplies.
template <class D>
void enqueue_pivot_panels(const GpuContext& gpu, typename D::Scalar* d, std::int64_t pitch, int size, int pivot,
                          PivotWorkspace<D>& ws, cudaStream_t s) {
  const std::int64_t q = std::int64_t(pivot) * kTileRows;
  enqueue_transpose(d + q, pitch, size, kTileRows, ws.columns.get(), size, s);
  enqueue_close_block<D>(d + q * pitch + q, pitch, ws.block_rows.get(), ws.block_cols.get(), s);
  ProductBatch<D> phase2{};
  phase2.count = 2;
  phase2.job[0] = pivot_rows_job<D>(d, pitch, size, q, ws.rows.get(), ws.block_cols.get());
  phase2.job[1] = pivot_columns_job<D>(ws.columns.get(), size, size, ws.block_rows.get());
  enqueue_product(phase2, s);
  if constexpr (D::kLanes > 1) enqueue_broadcast<D>(gpu, ws.columns.get(), ws.columns_broadcast.get(), kTileRows * size, s);
}

// Phase 3 of a prepared pivot: the product of its two panels over rows [row0, row0 + rows)
// and words [word0, word0 + words) of the matrix. Over the whole matrix it includes the pivot
// rows and columns themselves: there the product is a no-op or gives exactly their phase-2
// value, so no tile needs skipping and the panels are read from their own buffers while the
// matrix is written.
template <class D>
void enqueue_pivot_product(typename D::Scalar* d, std::int64_t pitch, int size, const PivotWorkspace<D>& ws, int row0,
                           int rows, int word0, int words, cudaStream_t s) {
  using Word = typename D::Word;
  const std::int64_t pitch_words = pitch / D::kLanes, all_words = size / D::kLanes;
  Word* out = reinterpret_cast<Word*>(d) + std::int64_t(row0) * pitch_words + word0;
  ProductBatch<D> product{};
  product.count = 1;
  product.job[0] = {out, out, pitch_words, pitch_words, ws.a_operand() + row0, size,
                    reinterpret_cast<const Word*>(ws.rows.get()) + word0, all_words, rows, words, kTileRows};
  enqueue_product(product, s);
}

// One whole pivot in one stream (the out-of-core diagonal closure uses this form).
template <class D>
void enqueue_pivot(const GpuContext& gpu, typename D::Scalar* d, std::int64_t pitch, int size, int pivot,
                   PivotWorkspace<D>& ws, cudaStream_t s) {
  enqueue_pivot_panels<D>(gpu, d, pitch, size, pivot, ws, s);
  enqueue_pivot_product<D>(d, pitch, size, ws, 0, size, 0, size / D::kLanes, s);
}

}  // namespace pathscope::gpu
