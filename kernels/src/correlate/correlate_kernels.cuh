#pragma once
// Launchers of the correlation kernels. The host side (correlate_gpu_engine.cpp) sees only
// these plain signatures.
#include <cuda_runtime.h>

#include <cstdint>

#include "pathscope/correlate/correlate.hpp"

namespace pathscope::gpu {

// One survivor as the device writes it: value is the exact integer dot product (int8 path)
// or the float dot product of normalised rows (float path); the host turns it into rho with
// the same formula as the CPU engine.
struct CorrelationSurvivor {
  std::int32_t i, j;
  float value;
};

// Rows of the product: `rows` x `width` values (int8 or float), width a multiple of 32.
struct CorrelationOperands {
  const void* rows;
  std::int32_t width;
  bool int8;
  const double* scale;
  const float* scale_f;
  std::int32_t n;  // real rows; rows up to the next multiple of 128 are zero
  // For the fused int8 kernel (launch_threshold_factors): per row 1/sqrt(S) cut to 22 bits and
  // cut-off * sqrt(S); the window is 4e-6 of the largest threshold. Null: the plain kernels.
  const float* row_factor = nullptr;
  const float* col_threshold = nullptr;
  float window = 0;
  // Counting runs over rows grouped by scale class (scale_classes.hpp); null: not grouped.
  const std::int8_t* class_rows = nullptr;
  const std::int32_t* group_class = nullptr;
  const std::int32_t* class_cutoffs = nullptr;
  const double* class_scale = nullptr;
  const std::int32_t* original_row = nullptr;
  std::int32_t classes = 0;
};

// The part of the upper triangle a launch covers: i in [row_begin, row_end), j in
// [col_begin, col_end), always j > i. Bounds are multiples of 128 (ends may be padded).
struct CorrelationRect {
  std::int32_t row_begin, row_end, col_begin, col_end;
};

struct CorrelationOutput {
  CorrelationSurvivor* survivors;  // null in counting runs
  unsigned long long capacity;
  unsigned long long* counter;     // survivors found, also beyond capacity
};

constexpr int kCorrelationTile = 128;

// Ranks `count` rows of `m` doubles (row-major, contiguous) into twice-centred mid-ranks,
// written as int8 rows of `width` bytes starting at row `first`, with their scales.
void launch_rank_rows(const double* raw, std::int32_t m, std::int32_t count, std::int32_t first, std::int32_t width,
                      std::int8_t* rows, double* scale, float* scale_f, cudaStream_t stream);

// Fills the fused kernel's row factors and column thresholds for `cutoff` from the exact scales
// (padded rows: factor 0, threshold beyond reach).
void launch_threshold_factors(const double* scale, std::int32_t n, std::int32_t padded, double cutoff,
                              float* row_factor, float* col_threshold, cudaStream_t stream);

// Whether launch_correlation_tiles takes the fused int8 kernel (fused_int8_tiles.cu) for these
// operands and this cut-off.
bool fused_correlation_applies(const CorrelationOperands& operands, double cutoff);
void launch_fused_correlation(const CorrelationOperands& operands, const CorrelationRect& rect, double cutoff,
                              const CorrelationOutput& output, cudaStream_t stream);

// Sorts `count` survivors by (i, j) on the device (`scratch` holds 3 * count survivors'
// worth of bytes at least: keys, values and the sort's temporary storage).
std::size_t survivor_sort_scratch_bytes(unsigned long long count);
void sort_survivors(CorrelationSurvivor* survivors, unsigned long long count, void* scratch, std::size_t scratch_bytes,
                    cudaStream_t stream);

// rho (the host's exact formula) and p of each survivor, as the binary output's records.
void launch_survivor_records(const CorrelationSurvivor* survivors, unsigned long long count, const double* scale,
                             std::int32_t samples, SurvivorRecord* records, cudaStream_t stream);

// Counts the survivors of `rect` in the grouped layout (class_count_tiles.cu); rect's bounds
// are rows of that layout.
void launch_class_count(const CorrelationOperands& operands, const CorrelationRect& rect, double cutoff,
                        unsigned long long* counter, cudaStream_t stream);

// Grouped rows, counting: the class-count kernel; otherwise the fused or the plain kernels.
void launch_correlation_tiles(const CorrelationOperands& operands, const CorrelationRect& rect, double cutoff,
                              const CorrelationOutput& output, cudaStream_t stream);

}  // namespace pathscope::gpu
