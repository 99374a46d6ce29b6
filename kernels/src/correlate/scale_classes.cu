#include "correlate/scale_classes.hpp"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_run_length_encode.cuh>

#include <algorithm>
#include <bit>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/env_knob.hpp"
#include "common/launch_grid.hpp"
#include "correlate/class_layout.cuh"
#include "correlate/correlate_kernels.cuh"
#include "pathscope/correlate/detail/class_cutoff.hpp"

namespace pathscope::gpu {
namespace {

constexpr int kGroupRows = 16;  // rows of an mma fragment's row or column group
constexpr std::int32_t kMostClasses = 2048;
constexpr int kSortBits = std::bit_width(static_cast<std::uint64_t>(correlate::kMostClassSquares));

__global__ void row_squares_kernel(const std::int8_t* rows, int n, int width, std::uint32_t* squares,
                                   std::int32_t* index) {
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < n; r += gridDim.x * blockDim.x) {
    const std::int8_t* row = rows + static_cast<std::int64_t>(r) * width;
    std::uint32_t sum = 0;
    for (int k = 0; k < width; ++k) sum += row[k] * row[k];
    squares[r] = sum;
    index[r] = r;
  }
}

// Sorted position k belongs to the class whose sorted range holds it; it moves to that class's
// padded range, at the same place within the class, in the kernel's layout (class_layout.cuh).
__global__ void gather_kernel(const std::int8_t* rows, int n, int width, const std::int32_t* order,
                              const std::int32_t* sorted_start, const std::int32_t* padded_start, int classes,
                              std::int8_t* grouped, std::int32_t* original) {
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += gridDim.x * blockDim.x) {
    int low = 0, high = classes - 1;  // the last class whose start is <= k
    while (low < high) {
      const int mid = (low + high + 1) / 2;
      if (sorted_start[mid] <= k) low = mid; else high = mid - 1;
    }
    const int at = padded_start[low] + (k - sorted_start[low]);
    const int from = order[k];
    const auto* src = reinterpret_cast<const uint2*>(rows + static_cast<std::int64_t>(from) * width);
    for (int w = 0; w < width / 8; ++w)
      *reinterpret_cast<uint2*>(grouped + class_layout_offset(at, w / 4, w % 4, width)) = __ldg(src + w);
    original[at] = from;
  }
}

int blocks_for(std::int64_t items) { return static_cast<int>(std::min<std::int64_t>((items + 255) / 256, 65535)); }

}  // namespace

ScaleClasses ScaleClasses::copy_to(int device, int from) const {
  ScaleClasses c;
  c.classes = classes;
  c.padded = padded;
  c.rows = copy_from_peer(rows, device, from);
  c.group_class = copy_from_peer(group_class, device, from);
  c.cutoffs = copy_from_peer(cutoffs, device, from);
  c.scale = copy_from_peer(scale, device, from);
  c.original = copy_from_peer(original, device, from);
  return c;
}

ScaleClasses group_rows_by_scale(const std::int8_t* rows, std::int32_t n, std::int32_t width, std::int32_t samples,
                                 double cutoff, std::uint64_t device_bytes_left, cudaStream_t stream) {
  ScaleClasses grouped;
  const std::int64_t knob = env_number("PATHSCOPE_GPU_CORRELATE_CLASSES", 1);
  if (n < 2 || samples < 2 || samples > correlate::kMostClassSamples || !(cutoff > 0) || knob == 0) return grouped;
  // Sorting takes keys and indices twice over and CUB's scratch, about 20 bytes a row.
  if (static_cast<std::uint64_t>(n) * 24 + (64u << 20) > device_bytes_left) return grouped;

  // Rows sorted by their sum of squares, then the runs of one sum: the classes.
  DeviceArray<std::uint32_t> squares(n), sorted_squares(n);
  DeviceArray<std::int32_t> index(n), order(n);
  row_squares_kernel<<<blocks_for(n), 256, 0, stream>>>(rows, n, width, squares.get(), index.get());
  CUDA_CHECK_LAUNCH();
  std::size_t sort_bytes = 0, encode_bytes = 0;
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, sort_bytes, squares.get(), sorted_squares.get(), index.get(),
                                             order.get(), n, 0, kSortBits, stream));
  DeviceArray<std::uint32_t> class_squares(n);
  DeviceArray<std::int32_t> class_rows(n), class_count(1);
  CUDA_CHECK(cub::DeviceRunLengthEncode::Encode(nullptr, encode_bytes, sorted_squares.get(), class_squares.get(),
                                                class_rows.get(), class_count.get(), n, stream));
  DeviceArray<std::uint8_t> scratch(std::max(sort_bytes, encode_bytes));
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(scratch.get(), sort_bytes, squares.get(), sorted_squares.get(),
                                             index.get(), order.get(), n, 0, kSortBits, stream));
  CUDA_CHECK(cub::DeviceRunLengthEncode::Encode(scratch.get(), encode_bytes, sorted_squares.get(), class_squares.get(),
                                                class_rows.get(), class_count.get(), n, stream));
  std::int32_t classes = 0;
  CUDA_CHECK(cudaMemcpyAsync(&classes, class_count.get(), sizeof(classes), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  if (classes < 1 || classes > kMostClasses) return grouped;
  std::vector<std::uint32_t> sums(classes);
  std::vector<std::int32_t> sizes(classes);
  CUDA_CHECK(cudaMemcpyAsync(sums.data(), class_squares.get(), classes * sizeof(std::uint32_t), cudaMemcpyDeviceToHost,
                             stream));
  CUDA_CHECK(cudaMemcpyAsync(sizes.data(), class_rows.get(), classes * sizeof(std::int32_t), cudaMemcpyDeviceToHost,
                             stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  std::vector<std::int32_t> sorted_start(classes), padded_start(classes);
  std::int64_t sorted_at = 0, padded_at = 0;
  for (std::int32_t c = 0; c < classes; ++c) {
    sorted_start[c] = static_cast<std::int32_t>(sorted_at);
    padded_start[c] = static_cast<std::int32_t>(padded_at);
    sorted_at += sizes[c];
    padded_at += round_up(sizes[c], kGroupRows);
  }
  const std::int64_t padded = round_up(padded_at, kCorrelationTile);
  if (knob != 2 && padded - round_up(n, kCorrelationTile) > n / 16) return grouped;
  const std::uint64_t need = static_cast<std::uint64_t>(padded) * (width + 4) + padded / kGroupRows * 4 +
                             static_cast<std::uint64_t>(classes) * classes * 4;
  if (need + static_cast<std::uint64_t>(n) * 24 + scratch.bytes() > device_bytes_left) return grouped;

  // Every 16 rows of the layout belong to one class; the tail past the last class is zero rows.
  std::vector<std::int32_t> group_class(static_cast<std::size_t>(padded / kGroupRows), 0);
  for (std::int32_t c = 0; c < classes; ++c)
    std::fill(group_class.begin() + padded_start[c] / kGroupRows,
              group_class.begin() + (padded_start[c] + round_up(sizes[c], kGroupRows)) / kGroupRows, c);
  std::vector<double> scale(classes);
  for (std::int32_t c = 0; c < classes; ++c) scale[c] = correlate::scale_of_squares(sums[c]);
  std::vector<std::int32_t> cutoffs = correlate::class_pair_cutoffs({sums.begin(), sums.end()}, cutoff);
  if (env_number("PATHSCOPE_GPU_CORRELATE_CLASS_PAIRS_EXACT", 0) == 1)
    for (std::int32_t a = 0; a < classes; ++a)
      for (std::int32_t b = 0; b < classes; ++b)
        if (a != b) cutoffs[static_cast<std::size_t>(a) * classes + b] = -1;

  grouped.classes = classes;
  grouped.padded = static_cast<std::int32_t>(padded);
  grouped.rows = DeviceArray<std::int8_t>(static_cast<std::size_t>(padded) * width);
  grouped.original = DeviceArray<std::int32_t>(padded);
  CUDA_CHECK(cudaMemsetAsync(grouped.rows.get(), 0, grouped.rows.bytes(), stream));
  CUDA_CHECK(cudaMemsetAsync(grouped.original.get(), 0xff, grouped.original.bytes(), stream));
  grouped.group_class = upload(group_class, stream);
  grouped.cutoffs = upload(cutoffs, stream);
  grouped.scale = upload(scale, stream);
  const DeviceArray<std::int32_t> sorted_start_d = upload(sorted_start, stream);
  const DeviceArray<std::int32_t> padded_start_d = upload(padded_start, stream);
  gather_kernel<<<blocks_for(n), 256, 0, stream>>>(rows, n, width, order.get(), sorted_start_d.get(),
                                                   padded_start_d.get(), classes, grouped.rows.get(),
                                                   grouped.original.get());
  CUDA_CHECK_LAUNCH();
  // Complete before the bands, whose ranks may run on other streams.
  CUDA_CHECK(cudaStreamSynchronize(stream));
  return grouped;
}

}  // namespace pathscope::gpu
