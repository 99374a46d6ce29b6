#pragma once
// The rows a GPU correlation run holds on the device, and the two ways they get there:
// Spearman with at most 127 columns ranked on the device from raw chunks, everything else the
// CPU engine's prepared float rows uploaded once.
#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "common/device_memory.hpp"
#include "correlate/correlate_kernels.cuh"
#include "correlate/scale_classes.hpp"
#include "pathscope/correlate/correlate.hpp"

namespace pathscope::gpu {

// What one run may take, fixed before its first allocation: the options' GPU budget (or free
// device memory less the margin) and its host budget.
struct RunBudgets {
  std::uint64_t device = 0;
  std::uint64_t host = 0;
};

// The rows on the device, whichever arithmetic they use.
struct DeviceRows {
  bool int8 = false;
  std::int32_t width = 0;
  std::int32_t samples = 0;  // columns m
  std::int32_t n = 0, padded = 0;
  DeviceArray<std::int8_t> int8_rows;
  DeviceArray<float> float_rows;
  DeviceArray<double> scale;
  DeviceArray<float> scale_f;
  std::vector<double> host_scale;  // to turn survivors' dot products into rho on the host
  // The fused int8 kernel's per-row factors and thresholds (empty: the plain kernels).
  DeviceArray<float> row_factor, col_threshold;
  float window = 0;
  // Counting runs: the rows again, grouped by scale class (empty: not grouped).
  ScaleClasses classes;

  std::uint64_t device_bytes() const {
    return int8_rows.bytes() + float_rows.bytes() + scale.bytes() + scale_f.bytes() + 8ull * padded +
           classes.device_bytes();
  }
  // The rows a band sweeps, and their count padded to the tile: the grouped layout's where
  // the rows are grouped (its padding rows only ever count as below the cut-off).
  std::int32_t swept_rows() const { return classes ? classes.padded : n; }
  std::int32_t swept_padded() const { return classes ? classes.padded : padded; }

  CorrelationOperands operands() const {
    CorrelationOperands o{int8 ? static_cast<const void*>(int8_rows.get()) : static_cast<const void*>(float_rows.get()),
                          width, int8, scale.get(), scale_f.get(), n};
    o.row_factor = row_factor.get();
    o.col_threshold = col_threshold.get();
    o.window = window;
    if (classes) {
      o.class_rows = classes.rows.get();
      o.group_class = classes.group_class.get();
      o.class_cutoffs = classes.cutoffs.get();
      o.class_scale = classes.scale.get();
      o.original_row = classes.original.get();
      o.classes = classes.classes;
    }
    return o;
  }

  // The same rows on another device (a rank of a several-GPU run), from `from`'s copy.
  DeviceRows copy_to(int device, int from) const;
  // The fused kernel's factors for this cut-off: built on the device from the exact scales.
  void prepare_fused(double cutoff, cudaStream_t stream);
  // Counting runs: the rows grouped by scale class where that applies (scale_classes.hpp).
  void group_by_scale(double cutoff, std::uint64_t device_bytes_left, cudaStream_t stream);
};

// Spearman, m <= 127: raw rows go up as doubles (so ties are the file's ties) and come back
// as nothing; the ranks live only on the device. `reserved_device_bytes`: what the run needs
// beside the rows (the survivor buffers), counted against the budget from the start.
void load_ranked_on_device(RowSource& source, DeviceRows& rows, CorrelateResult& result, const RunBudgets& budgets,
                           std::uint64_t reserved_device_bytes, const Stream& stream, const JobContext& job);

// Pearson, or more than 127 columns: the CPU engine's own float rows, uploaded once.
void load_prepared_on_host(RowSource& source, const CorrelateOptions& options, DeviceRows& rows,
                           CorrelateResult& result, const RunBudgets& budgets, std::uint64_t reserved_device_bytes,
                           const JobContext& job);

}  // namespace pathscope::gpu
