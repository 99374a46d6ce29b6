#pragma once
// The kernel that does almost all the work: Out = min(Init, A (x) B) in the (min, +) semiring,
// register-tiled out of shared memory. A block owns a 128 x 128-cell output tile and keeps it
// in registers (8 x 8 words per thread) while the depth streams through shared memory in
// chunks of 32, double-buffered with asynchronous copies. Per depth step a thread reads 4
// 16-byte vectors and issues 64 add-min instructions (one VIADDMNMX each on sm_90), so the
// min-plus units, not shared memory, set the pace.
//
// A is stored depth-major (a[k * a_pitch + m]) so a thread reads its 8 rows as two vectors;
// B is row-major by depth (b[k * b_pitch + w]). Each thread's 8 rows are two groups of 4,
// half a tile apart (same for columns), so a warp's vector reads cover contiguous words
// and hit distinct shared-memory banks.
#include <cuda_pipeline.h>

#include <cstdint>

#include "apsp/dist_traits.cuh"

namespace pathscope::gpu {

inline constexpr int kTileRows = 128;   // output rows per block (and pivot block width in-core)
inline constexpr int kTileCells = 128;  // output cells per row of a block
inline constexpr int kDepthChunk = 32;  // depth rows per shared-memory stage

template <class D>
struct ProductJob {
  using Word = typename D::Word;
  using AWord = typename D::AWord;
  Word* out;
  const Word* init;  // may equal out (in place: a block reads all it needs before it writes)
  std::int64_t out_pitch, init_pitch;  // in words
  const AWord* a;
  std::int64_t a_pitch;  // in AWords
  const Word* b;
  std::int64_t b_pitch;  // in words
  int rows, words, depth;  // multiples of kTileRows, kTileCells / lanes, kDepthChunk
};

// Up to two independent products in one launch (the two phase-2 panels), picked by blockIdx.z.
template <class D>
struct ProductBatch {
  ProductJob<D> job[2];
  int count;
};

template <class D>
struct ProductShape {
  static constexpr int kWords = kTileCells / D::kLanes;  // words per tile row
  static constexpr int kThreadsX = kWords / 8;
  static constexpr int kThreadsY = kTileRows / 8;
  static constexpr int kThreads = kThreadsX * kThreadsY;
  static constexpr int kStageAWords = kDepthChunk * kTileRows;
  static constexpr int kStageBWords = kDepthChunk * kWords;
  static constexpr int kSharedBytes = 2 * (kStageAWords + kStageBWords) * 4;
};

template <class T>
struct alignas(16) Quad {
  T v[4];
};

template <class D>
__global__ void __launch_bounds__(ProductShape<D>::kThreads, 2) minplus_product_kernel(ProductBatch<D> batch) {
  using S = ProductShape<D>;
  using Word = typename D::Word;
  using AWord = typename D::AWord;
  static_assert(sizeof(Word) == 4 && sizeof(AWord) == 4, "product words are 32-bit");
  const ProductJob<D>& job = batch.job[blockIdx.z];
  const int row0 = blockIdx.y * kTileRows;
  const int word0 = blockIdx.x * S::kWords;
  if (row0 >= job.rows || word0 >= job.words) return;

  extern __shared__ Quad<std::uint32_t> shared_quads[];
  AWord* a_stage = reinterpret_cast<AWord*>(shared_quads);
  Word* b_stage = reinterpret_cast<Word*>(a_stage + 2 * S::kStageAWords);

  const int tx = threadIdx.x % S::kThreadsX;
  const int ty = threadIdx.x / S::kThreadsX;
  const int my_row[2] = {ty * 4, kTileRows / 2 + ty * 4};
  const int my_word[2] = {tx * 4, S::kWords / 2 + tx * 4};

  Word acc[8][8];
#pragma unroll
  for (int rg = 0; rg < 2; ++rg)
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const Word* src = job.init + (row0 + my_row[rg] + r) * job.init_pitch + word0;
#pragma unroll
      for (int cg = 0; cg < 2; ++cg) {
        const Quad<Word> q = *reinterpret_cast<const Quad<Word>*>(src + my_word[cg]);
#pragma unroll
        for (int c = 0; c < 4; ++c) acc[rg * 4 + r][cg * 4 + c] = q.v[c];
      }
    }

  // Every stage, a thread copies the same 16-byte pieces: the depth row and offset of its first
  // piece are fixed, the rest lie a whole number of depth rows further. So a stage costs its
  // copies and a pointer step each, not a division and an address sum per piece: the address
  // arithmetic shares the integer pipe with the add-min instructions.
  constexpr int a_quads_per_row = kTileRows / 4, b_quads_per_row = S::kWords / 4;
  constexpr int a_rows_per_pass = S::kThreads / a_quads_per_row, b_rows_per_pass = S::kThreads / b_quads_per_row;
  static_assert(S::kThreads % a_quads_per_row == 0 && kDepthChunk % a_rows_per_pass == 0);
  static_assert(S::kThreads % b_quads_per_row == 0 && kDepthChunk % b_rows_per_pass == 0);
  const int a_k = threadIdx.x / a_quads_per_row, a_m = threadIdx.x % a_quads_per_row * 4;
  const int b_k = threadIdx.x / b_quads_per_row, b_w = threadIdx.x % b_quads_per_row * 4;
  const AWord* a_from = job.a + a_k * job.a_pitch + row0 + a_m;
  const Word* b_from = job.b + b_k * job.b_pitch + word0 + b_w;
  const std::int64_t a_pass_step = a_rows_per_pass * job.a_pitch, b_pass_step = b_rows_per_pass * job.b_pitch;
  AWord* const a_to = a_stage + a_k * kTileRows + a_m;
  Word* const b_to = b_stage + b_k * S::kWords + b_w;

  auto load_stage = [&](int stage) {
#pragma unroll
    for (int pass = 0; pass < kDepthChunk / a_rows_per_pass; ++pass)
      __pipeline_memcpy_async(a_to + stage * S::kStageAWords + pass * a_rows_per_pass * kTileRows,
                              a_from + pass * a_pass_step, 16);
#pragma unroll
    for (int pass = 0; pass < kDepthChunk / b_rows_per_pass; ++pass)
      __pipeline_memcpy_async(b_to + stage * S::kStageBWords + pass * b_rows_per_pass * S::kWords,
                              b_from + pass * b_pass_step, 16);
    __pipeline_commit();
    a_from += kDepthChunk * job.a_pitch;
    b_from += kDepthChunk * job.b_pitch;
  };

  const int chunks = job.depth / kDepthChunk;
  load_stage(0);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) {
      load_stage((chunk + 1) & 1);
      __pipeline_wait_prior(1);
    } else {
      __pipeline_wait_prior(0);
    }
    __syncthreads();
    const AWord* as = a_stage + (chunk & 1) * S::kStageAWords;
    const Word* bs = b_stage + (chunk & 1) * S::kStageBWords;
    // Eight steps a loop turn: the loop's own counting and addressing, like the stage copies,
    // take issue slots of the integer pipe the add-min instructions need (docs/gpu.md).
#pragma unroll 8
    for (int k = 0; k < kDepthChunk; ++k) {
      AWord a[8];
      Word b[8];
#pragma unroll
      for (int g = 0; g < 2; ++g) {
        const Quad<AWord> qa = *reinterpret_cast<const Quad<AWord>*>(as + k * kTileRows + my_row[g]);
        const Quad<Word> qb = *reinterpret_cast<const Quad<Word>*>(bs + k * S::kWords + my_word[g]);
#pragma unroll
        for (int i = 0; i < 4; ++i) {
          a[g * 4 + i] = qa.v[i];
          b[g * 4 + i] = qb.v[i];
        }
      }
#pragma unroll
      for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) acc[r][c] = D::word_add_min(a[r], b[c], acc[r][c]);
    }
    __syncthreads();
  }

#pragma unroll
  for (int rg = 0; rg < 2; ++rg)
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      Word* dst = job.out + (row0 + my_row[rg] + r) * job.out_pitch + word0;
#pragma unroll
      for (int cg = 0; cg < 2; ++cg) {
        Quad<Word> q;
#pragma unroll
        for (int c = 0; c < 4; ++c) q.v[c] = acc[rg * 4 + r][cg * 4 + c];
        *reinterpret_cast<Quad<Word>*>(dst + my_word[cg]) = q;
      }
    }
}

}  // namespace pathscope::gpu
