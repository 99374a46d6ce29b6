#pragma once
// The int8 product's register fragments (mma.sync m16n8k32, s8 -> s32), shared by the
// correlation kernels. Rows are stored with each 32-byte k slice permuted (4-byte words
// 0 4 1 5 2 6 3 7, the ranking kernel's placed_byte), so a lane's two words of a fragment
// (quad and quad + 4) are one 8-byte load; both factors use the same permutation, so the dot
// product is unchanged.
#include <cstdint>

namespace pathscope::gpu {

__device__ __forceinline__ void mma_s8(int (&c)[4], const unsigned (&a)[4], const unsigned (&b)[2]) {
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// D = A B: C is zero, which the compiler may give as its zero register, with no moves.
__device__ __forceinline__ void mma_s8_from_zero(int (&d)[4], const unsigned (&a)[4], const unsigned (&b)[2]) {
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};\n"
      : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(0), "r"(0), "r"(0), "r"(0));
}

__device__ __forceinline__ uint2 fragment_words(const std::int8_t* rows, int width, int row, int step, int quad) {
  return __ldg(reinterpret_cast<const uint2*>(rows + static_cast<std::int64_t>(row) * width + step * 32) + quad);
}

// A warp's 64 rows from `warp_row` as A fragments: rows group and group + 8 of each 16.
template <int KSTEPS>
__device__ __forceinline__ void load_rows(unsigned (&a)[KSTEPS][4][4], const std::int8_t* rows, int width,
                                          int warp_row, int group, int quad) {
#pragma unroll
  for (int mt = 0; mt < 4; ++mt) {
    const int r0 = warp_row + mt * 16 + group;
#pragma unroll
    for (int s = 0; s < KSTEPS; ++s) {
      const uint2 lo = fragment_words(rows, width, r0, s, quad);
      const uint2 hi = fragment_words(rows, width, r0 + 8, s, quad);
      a[s][mt][0] = lo.x, a[s][mt][1] = hi.x, a[s][mt][2] = lo.y, a[s][mt][3] = hi.y;
    }
  }
}

// The B fragments of the 16 columns from `warp_col`.
template <int KSTEPS>
__device__ __forceinline__ void load_columns(unsigned (&b)[KSTEPS][2][2], const std::int8_t* rows, int width,
                                             int warp_col, int group, int quad) {
#pragma unroll
  for (int nt = 0; nt < 2; ++nt) {
    const int c = warp_col + nt * 8 + group;
#pragma unroll
    for (int s = 0; s < KSTEPS; ++s) {
      const uint2 w = fragment_words(rows, width, c, s, quad);
      b[s][nt][0] = w.x, b[s][nt][1] = w.y;
    }
  }
}

// The products of a 64 x 16 warp tile half, started at `start`. Accumulator layout: e = 0, 1
// at row group, columns 2 quad + {0, 1}; e = 2, 3 at row group + 8.
template <int KSTEPS>
__device__ __forceinline__ void multiply(int (&acc)[4][2][4], const unsigned (&a)[KSTEPS][4][4],
                                         const unsigned (&b)[KSTEPS][2][2], int start) {
#pragma unroll
  for (int mt = 0; mt < 4; ++mt)
#pragma unroll
    for (int nt = 0; nt < 2; ++nt)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[mt][nt][e] = start;
#pragma unroll
  for (int s = 0; s < KSTEPS; ++s)
#pragma unroll
    for (int mt = 0; mt < 4; ++mt)
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) mma_s8(acc[mt][nt], a[s][mt], b[s][nt]);
}

// The plain products of a 64 x 16 warp tile half, started at zero without setting the
// accumulators first.
template <int KSTEPS>
__device__ __forceinline__ void multiply_from_zero(int (&acc)[4][2][4], const unsigned (&a)[KSTEPS][4][4],
                                                   const unsigned (&b)[KSTEPS][2][2]) {
#pragma unroll
  for (int mt = 0; mt < 4; ++mt)
#pragma unroll
    for (int nt = 0; nt < 2; ++nt) mma_s8_from_zero(acc[mt][nt], a[0][mt], b[0][nt]);
#pragma unroll
  for (int s = 1; s < KSTEPS; ++s)
#pragma unroll
    for (int mt = 0; mt < 4; ++mt)
#pragma unroll
      for (int nt = 0; nt < 2; ++nt) mma_s8(acc[mt][nt], a[s][mt], b[s][nt]);
}

// A warp tile half's accumulators into shared memory, element k = (mt * 2 + nt) * 4 + e of
// each lane at parked[k * 32 + lane], for the rolled loops that decide pairs one by one.
__device__ __forceinline__ void park_accumulators(int* parked, const int (&acc)[4][2][4], int lane) {
#pragma unroll
  for (int mt = 0; mt < 4; ++mt)
#pragma unroll
    for (int nt = 0; nt < 2; ++nt)
#pragma unroll
      for (int e = 0; e < 4; ++e) parked[((mt * 2 + nt) * 4 + e) * 32 + lane] = acc[mt][nt][e];
  __syncwarp();
}

}  // namespace pathscope::gpu
