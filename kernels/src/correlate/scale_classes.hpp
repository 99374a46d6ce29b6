#pragma once
// Counting runs regroup the ranked rows by scale class: rows of one sum of squared ranks S have
// one scale, so a pair of classes passes the cut-off at one integer |dot|
// (pathscope/correlate/detail/class_cutoff.hpp). Rows are sorted by S, each class padded with
// zero rows to a multiple of 16, so every 16 rows of an mma fragment share a class and the
// class-count kernel (class_count_tiles.cu) tests each pair with integer steps only.
#include <cuda_runtime.h>

#include <cstdint>

#include "common/device_memory.hpp"

namespace pathscope::gpu {

struct ScaleClasses {
  std::int32_t classes = 0;  // 0: the rows are not grouped
  std::int32_t padded = 0;   // rows of the grouped layout, a multiple of 128
  DeviceArray<std::int8_t> rows;          // padded x width, zero rows between classes (class_layout.cuh)
  DeviceArray<std::int32_t> group_class;  // the class of each 16 rows
  DeviceArray<std::int32_t> cutoffs;      // classes x classes: class_pair_cutoff, -1 pair by pair
  DeviceArray<double> scale;              // each class's 1/sqrt(S)
  DeviceArray<std::int32_t> original;     // each row's index in file order, -1 for padding

  explicit operator bool() const { return classes > 0; }
  std::uint64_t device_bytes() const {
    return rows.bytes() + group_class.bytes() + cutoffs.bytes() + scale.bytes() + original.bytes();
  }
  ScaleClasses copy_to(int device, int from) const;
};

// The grouped rows of `n` ranked rows (`samples` columns, `width` bytes a row) for `cutoff`,
// or empty where the kernel does not apply (more than kMostClassSamples = 51 columns, a cut-off
// of 0 or less), where
// padding would add more than a sixteenth of the rows, past 2,048 classes, beyond
// `device_bytes_left`, or with PATHSCOPE_GPU_CORRELATE_CLASSES=0 (=2: whatever the padding,
// for tests on small tables).
// PATHSCOPE_GPU_CORRELATE_CLASS_PAIRS_EXACT=1 marks every pair of distinct classes for the
// pair-by-pair decision (tests of that path).
ScaleClasses group_rows_by_scale(const std::int8_t* rows, std::int32_t n, std::int32_t width, std::int32_t samples,
                                 double cutoff, std::uint64_t device_bytes_left, cudaStream_t stream);

}  // namespace pathscope::gpu
