#include "correlate/device_rows.hpp"

#include <algorithm>
#include <cstring>

#include "common/cuda_check.hpp"
#include "common/launch_grid.hpp"
#include "common/staging.hpp"
#include "pathscope/correlate/detail/row_preparation.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

// Relative error bound of the fused kernel's float test is about 4.2e-7 (fused_int8_tiles.cu);
// pairs within ten times that of the cut-off are decided again exactly.
constexpr double kFusedWindow = 4e-6;

template <class T>
void grow_preserving(DeviceArray<T>& array, std::size_t needed, std::size_t kept) {
  if (array.size() >= needed) return;
  DeviceArray<T> bigger(std::max(needed, array.size() * 2));
  if (kept > 0) CUDA_CHECK(cudaMemcpy(bigger.get(), array.get(), kept * sizeof(T), cudaMemcpyDeviceToDevice));
  array = std::move(bigger);
}

}  // namespace

DeviceRows DeviceRows::copy_to(int device, int from) const {
  DeviceRows c;
  c.int8 = int8;
  c.width = width;
  c.samples = samples;
  c.n = n;
  c.padded = padded;
  c.host_scale = host_scale;
  c.window = window;
  c.int8_rows = copy_from_peer(int8_rows, device, from);
  c.float_rows = copy_from_peer(float_rows, device, from);
  c.scale = copy_from_peer(scale, device, from);
  c.scale_f = copy_from_peer(scale_f, device, from);
  c.row_factor = copy_from_peer(row_factor, device, from);
  c.col_threshold = copy_from_peer(col_threshold, device, from);
  if (classes) c.classes = classes.copy_to(device, from);
  return c;
}

void DeviceRows::prepare_fused(double cutoff, cudaStream_t stream) {
  if (!int8 || !(cutoff > 0) || n < 2) return;
  row_factor = DeviceArray<float>(padded);
  col_threshold = DeviceArray<float>(padded);
  launch_threshold_factors(scale.get(), n, padded, cutoff, row_factor.get(), col_threshold.get(), stream);
  const double least_scale = *std::min_element(host_scale.begin(), host_scale.end());
  window = static_cast<float>(kFusedWindow * cutoff / least_scale);
}

void DeviceRows::group_by_scale(double cutoff, std::uint64_t device_bytes_left, cudaStream_t stream) {
  if (!int8) return;
  classes = group_rows_by_scale(int8_rows.get(), n, width, samples, cutoff, device_bytes_left, stream);
}

void load_ranked_on_device(RowSource& source, DeviceRows& rows, CorrelateResult& result, const RunBudgets& budgets,
                           std::uint64_t reserved_device_bytes, const Stream& stream, const JobContext& job) {
  const int m = source.layout().columns();
  RowCatalog& catalog = result.rows;
  catalog = RowCatalog{};
  catalog.samples = m;
  catalog.has_names = source.layout().has_row_names;
  rows.width = static_cast<std::int32_t>(round_up(std::max(m, 1), 32));
  rows.samples = m;
  std::int64_t capacity = source.row_count_hint() > 0 ? round_up(source.row_count_hint(), kCorrelationTile) : 1 << 16;
  correlate::check_row_count(capacity);
  // Rows take width + 12 bytes on the device (int8 values, both scales) and 8 on the host.
  require_within_budget(static_cast<std::uint64_t>(capacity) * (rows.width + 12) + reserved_device_bytes,
                        budgets.device, "the ranked rows on the GPU");
  require_within_budget(static_cast<std::uint64_t>(capacity) * sizeof(double), budgets.host,
                        "the row scales on the host");
  rows.int8_rows = DeviceArray<std::int8_t>(capacity * rows.width);
  rows.scale = DeviceArray<double>(capacity);
  rows.scale_f = DeviceArray<float>(capacity);
  // Chunks go up without a wait per chunk: while chunk c is copied up and ranked, the source
  // makes chunk c + 1 and it is packed into the other staging buffer.
  UploadStaging<double> staging;
  std::vector<std::int64_t> used;
  std::int64_t n = 0;
  const double upload_start = now_seconds();
  for (TableChunk chunk; source.next(chunk);) {
    job.check_cancel();
    correlate::admit_rows(chunk, catalog, used);
    const auto count = static_cast<std::int64_t>(used.size());
    if (count == 0) continue;
    const std::int64_t needed = round_up(n + count, kCorrelationTile);
    if (needed > static_cast<std::int64_t>(rows.scale.size())) {
      // While an array grows, its old and its new copy are both on the device.
      require_within_budget(static_cast<std::uint64_t>(needed) * (rows.width + 12) * 2, budgets.device,
                            "the ranked rows on the GPU");
      stream.sync();
      grow_preserving(rows.int8_rows, needed * rows.width, n * rows.width);
      grow_preserving(rows.scale, needed, n);
      grow_preserving(rows.scale_f, needed, n);
    }
    const std::size_t values = static_cast<std::size_t>(count) * m;
    double* packed = staging.host_room(values);
#pragma omp parallel for schedule(static)
    for (std::int64_t u = 0; u < count; ++u) std::memcpy(packed + u * m, chunk.row(used[u]), m * sizeof(double));
    const double* raw = staging.upload(values, stream.get());
    launch_rank_rows(raw, m, static_cast<std::int32_t>(count), static_cast<std::int32_t>(n), rows.width,
                     rows.int8_rows.get(), rows.scale.get(), rows.scale_f.get(), stream.get());
    staging.release(stream.get());
    n += count;
  }
  stream.sync();
  result.timing.transfer_seconds += now_seconds() - upload_start;
  rows.n = static_cast<std::int32_t>(n);
  rows.padded = static_cast<std::int32_t>(round_up(std::max<std::int64_t>(n, 1), kCorrelationTile));
  if (rows.padded > static_cast<std::int64_t>(rows.scale.size())) {
    grow_preserving(rows.int8_rows, static_cast<std::size_t>(rows.padded) * rows.width, n * rows.width);
    grow_preserving(rows.scale, rows.padded, n);
    grow_preserving(rows.scale_f, rows.padded, n);
  }
  // Padding rows are zero: their products are 0 and the epilogue never reports them.
  const std::int64_t pad = rows.padded - n;
  CUDA_CHECK(cudaMemset(rows.int8_rows.get() + n * rows.width, 0, pad * rows.width));
  CUDA_CHECK(cudaMemset(rows.scale.get() + n, 0, pad * sizeof(double)));
  CUDA_CHECK(cudaMemset(rows.scale_f.get() + n, 0, pad * sizeof(float)));
  rows.host_scale.resize(n);
  if (n > 0)
    CUDA_CHECK(cudaMemcpy(rows.host_scale.data(), rows.scale.get(), n * sizeof(double), cudaMemcpyDeviceToHost));
}

void load_prepared_on_host(RowSource& source, const CorrelateOptions& options, DeviceRows& rows,
                           CorrelateResult& result, const RunBudgets& budgets, std::uint64_t reserved_device_bytes,
                           const JobContext& job) {
  // Prepared rows take width * 4 + 20 bytes on the host (values, scales, the row's catalog
  // entry); checked from the source's hint before reading and from the real count after.
  const std::int64_t width = round_up(std::max(source.layout().columns(), 1), 32);
  if (const auto hint = source.row_count_hint(); hint > 0)
    require_within_budget(static_cast<std::uint64_t>(hint) * (width * sizeof(float) + 20), budgets.host,
                          "the prepared rows on the host");
  const auto prepared = correlate::prepare_rows(source, options, 32, kCorrelationTile, result.rows, job);
  rows.width = prepared.stride;
  rows.samples = prepared.samples;
  rows.n = prepared.rows;
  rows.padded = static_cast<std::int32_t>(prepared.scale.size());
  require_within_budget(prepared.values.size() * sizeof(float) + prepared.scale.size() * 20, budgets.host,
                        "the prepared rows on the host");
  require_within_budget(prepared.values.size() * sizeof(float) + prepared.scale.size() * 12 + reserved_device_bytes,
                        budgets.device, "the rows on the GPU");
  const double upload_start = now_seconds();
  rows.float_rows = DeviceArray<float>(prepared.values.size());
  rows.scale = DeviceArray<double>(prepared.scale.size());
  rows.scale_f = DeviceArray<float>(prepared.scale_f.size());
  CUDA_CHECK(cudaMemcpy(rows.float_rows.get(), prepared.values.data(), prepared.values.size() * sizeof(float),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(rows.scale.get(), prepared.scale.data(), prepared.scale.size() * sizeof(double),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(rows.scale_f.get(), prepared.scale_f.data(), prepared.scale_f.size() * sizeof(float),
                        cudaMemcpyHostToDevice));
  result.timing.transfer_seconds += now_seconds() - upload_start;
  rows.host_scale.assign(prepared.scale.begin(), prepared.scale.begin() + rows.n);
}

}  // namespace pathscope::gpu
