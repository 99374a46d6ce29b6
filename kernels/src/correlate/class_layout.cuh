#pragma once
// The layout of rows grouped by scale class (scale_classes.hpp), made for the class-count
// kernel's fragments: each 16 rows (one class) are stored k step by k step, 512 bytes a step,
// and within a step lane 4 g + q of a warp finds its 16 bytes together: the 8 bytes of row g
// that a fragment takes from the lane (ranked words q and q + 4, the ranking's permutation,
// int8_fragments.cuh) and the same 8 bytes of row g + 8. One 16-byte load then gives a lane
// its A fragment of 16 rows, or its B fragments of two 8-column tiles, and a warp reads 512
// contiguous bytes.
#include <cstdint>

namespace pathscope::gpu {

// The first of the 32 16-byte words (one a lane) of k step `step` of 16-row group `group`, rows
// of `steps` k steps, counted in 16-byte words from the start.
__device__ __forceinline__ std::int64_t class_layout_word(std::int64_t group, int step, int steps) {
  return (group * steps + step) * 32;
}

// Where row `row`'s 8 bytes of k step `step` for lane quad `quad` lie, in bytes from the start.
__device__ __forceinline__ std::int64_t class_layout_offset(std::int64_t row, int step, int quad, int width) {
  const int within = static_cast<int>(row % 16);
  return class_layout_word(row / 16, step, width / 32) * 16 + ((within % 8) * 4 + quad) * 16 + (within / 8) * 8;
}

}  // namespace pathscope::gpu
