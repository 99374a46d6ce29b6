// Host side of the GPU correlation engine: rows are read chunk by chunk, ranked on the device
// and kept there as int8 (or float) rows; the upper triangle is then computed band by band,
// each band's survivors copied back and written while the next band runs.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/device.hpp"
#include "common/device_memory.hpp"
#include "common/entry_points.hpp"
#include "common/launch_grid.hpp"
#include "correlate/band_dealing.hpp"
#include "correlate/correlate_kernels.cuh"
#include "pathscope/detail/row_preparation.hpp"
#include "pathscope/engine.hpp"
#include "pathscope/error.hpp"
#include "pathscope/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

// Survivors one band may leave on the device before the host takes them; a band with more is
// split and redone.
constexpr unsigned long long kSurvivorCapacity = 8ull << 20;

template <class T>
class PinnedArray {
 public:
  explicit PinnedArray(std::size_t count) {
    if (count > 0) CUDA_CHECK(cudaMallocHost(&data_, count * sizeof(T)));
  }
  ~PinnedArray() {
    if (data_) cudaFreeHost(data_);
  }
  PinnedArray(const PinnedArray&) = delete;
  PinnedArray& operator=(const PinnedArray&) = delete;
  PinnedArray& operator=(PinnedArray&& other) noexcept {
    std::swap(data_, other.data_);
    return *this;
  }
  T* get() const { return data_; }

 private:
  T* data_ = nullptr;
};

template <class T>
void grow_preserving(DeviceArray<T>& array, std::size_t needed, std::size_t kept) {
  if (array.size() >= needed) return;
  DeviceArray<T> bigger(std::max(needed, array.size() * 2));
  if (kept > 0) CUDA_CHECK(cudaMemcpy(bigger.get(), array.get(), kept * sizeof(T), cudaMemcpyDeviceToDevice));
  array = std::move(bigger);
}

// What one run may take, fixed before its first allocation: the options' GPU budget (or free
// device memory less the margin) and its host budget.
struct RunBudgets {
  std::uint64_t device = 0;
  std::uint64_t host = 0;
};

// The device bytes both survivor slots hold during the band loop.
std::uint64_t survivor_slot_bytes(bool keep) {
  return keep ? 2 * kSurvivorCapacity * sizeof(CorrelationSurvivor) : 0;
}

// The rows on the device, whichever arithmetic they use.
struct DeviceRows {
  bool int8 = false;
  std::int32_t width = 0;
  std::int32_t n = 0, padded = 0;
  DeviceArray<std::int8_t> int8_rows;
  DeviceArray<float> float_rows;
  DeviceArray<double> scale;
  DeviceArray<float> scale_f;
  std::vector<double> host_scale;  // to turn survivors' dot products into rho on the host

  std::uint64_t device_bytes() const {
    return int8_rows.bytes() + float_rows.bytes() + scale.bytes() + scale_f.bytes();
  }

  // The same rows on another device (a rank of a several-GPU run), from `from`'s copy.
  DeviceRows copy_to(int device, int from) const {
    DeviceRows c;
    c.int8 = int8;
    c.width = width;
    c.n = n;
    c.padded = padded;
    c.host_scale = host_scale;
    auto copy = [&](auto& dst, const auto& src) {
      using T = std::remove_reference_t<decltype(*src.get())>;
      dst = DeviceArray<T>(src.size());
      if (src.size() > 0) CUDA_CHECK(cudaMemcpyPeer(dst.get(), device, src.get(), from, src.bytes()));
    };
    copy(c.int8_rows, int8_rows);
    copy(c.float_rows, float_rows);
    copy(c.scale, scale);
    copy(c.scale_f, scale_f);
    return c;
  }

  CorrelationOperands operands() const {
    return {int8 ? static_cast<const void*>(int8_rows.get()) : static_cast<const void*>(float_rows.get()),
            width, int8, scale.get(), scale_f.get(), n};
  }
};

class GpuCorrelationEngine final : public CorrelationEngine {
 public:
  std::string name() const override { return "gpu"; }

  std::string unavailable_reason() const override { return device_info().reason; }

  CorrelateResult run(RowSource& source, const CorrelateOptions& options, PairSink* sink, const JobContext& job) override {
    if (const auto reason = unavailable_reason(); !reason.empty()) throw Error("the gpu correlation backend: " + reason);
    if (options.row_limit > 0) throw Error("the gpu correlation backend always computes the whole triangle (no row limit)");
    CorrelateResult result;
    const double start = now_seconds();
    const RunBudgets budgets{device_memory_budget(options.gpu_memory_budget), effective_memory_budget(options)};
    Stream stream, copy_stream;

    const int m = source.layout().columns();
    const bool keep = sink && !options.count_only;
    DeviceRows rows;
    rows.int8 = correlate::uses_exact_integers(options.method, m);
    if (rows.int8)
      load_ranked_on_device(source, rows, result, budgets, keep, stream, job);
    else
      load_prepared_on_host(source, options, rows, result, budgets, keep, job);
    result.load_seconds = now_seconds() - start;
    result.arithmetic = correlate::arithmetic_name(options.method, m, true);
    if (rows.n >= 2) {
      // Refused before the sink hears of the run. Each slot's pinned host buffer grows up to
      // the slot's capacity.
      require_within_budget(rows.device_bytes() + survivor_slot_bytes(keep), budgets.device,
                            "the rows and the survivor buffers on the GPU");
      require_within_budget(rows.host_scale.size() * sizeof(double) + survivor_slot_bytes(keep), budgets.host,
                            "the row scales and the survivor buffers on the host");
    }
    if (keep) sink->begin(result.rows);

    const double compute_start = now_seconds();
    if (rows.n >= 2 && options.gpus.is_default()) {
      const double total = 0.5 * rows.n * (rows.n - 1.0);
      run_bands(rows, options, keep, job, stream, copy_stream, 0, 1,
                [&](std::size_t, std::int32_t row_end, std::vector<CorrelationPair>& band, unsigned long long found) {
                  result.survivors += found;
                  if (keep) sink->consume(band.data(), band.size());
                  job.report(band_progress(rows.n, row_end, total));
                });
    } else if (rows.n >= 2) {
      run_dealt_bands(rows, options, keep ? sink : nullptr, job, result);
    }
    if (keep) sink->finish();
    result.pairs_tested = static_cast<std::uint64_t>(rows.n) * (rows.n - 1) / 2;
    const double finish = now_seconds();
    result.timing.engine = name();
    result.timing.device = device_name();
    result.timing.compute_seconds = finish - compute_start;
    result.timing.seconds = finish - start;
    result.timing.updates = static_cast<double>(result.pairs_tested);
    return result;
  }

 private:
  // Spearman, m <= 127: raw rows go up as doubles (so ties are the file's ties) and come back
  // as nothing; the ranks live only on the device.
  void load_ranked_on_device(RowSource& source, DeviceRows& rows, CorrelateResult& result, const RunBudgets& budgets,
                             bool keep, const Stream& stream, const JobContext& job) {
    const int m = source.layout().columns();
    RowCatalog& catalog = result.rows;
    catalog = RowCatalog{};
    catalog.samples = m;
    catalog.has_names = source.layout().has_row_names;
    rows.width = static_cast<std::int32_t>(round_up(std::max(m, 1), 32));
    std::int64_t capacity = source.row_count_hint() > 0 ? round_up(source.row_count_hint(), kCorrelationTile) : 1 << 16;
    correlate::check_row_count(capacity);
    // Rows take width + 12 bytes on the device (int8 values, both scales) and 8 on the host.
    require_within_budget(static_cast<std::uint64_t>(capacity) * (rows.width + 12) + survivor_slot_bytes(keep),
                          budgets.device, "the ranked rows on the GPU");
    require_within_budget(static_cast<std::uint64_t>(capacity) * sizeof(double), budgets.host,
                          "the row scales on the host");
    rows.int8_rows = DeviceArray<std::int8_t>(capacity * rows.width);
    rows.scale = DeviceArray<double>(capacity);
    rows.scale_f = DeviceArray<float>(capacity);
    DeviceArray<double> raw_device;
    std::vector<double> raw;
    std::vector<std::int64_t> used;
    std::int64_t n = 0;
    for (TableChunk chunk; source.next(chunk);) {
      job.check_cancel();
      correlate::admit_rows(chunk, catalog, used);
      const auto count = static_cast<std::int64_t>(used.size());
      if (count == 0) continue;
      raw.resize(count * m);
      for (std::int64_t u = 0; u < count; ++u) std::memcpy(raw.data() + u * m, chunk.row(used[u]), m * sizeof(double));
      const std::int64_t needed = round_up(n + count, kCorrelationTile);
      if (needed > static_cast<std::int64_t>(rows.scale.size())) {
        // While an array grows, its old and its new copy are both on the device.
        require_within_budget(static_cast<std::uint64_t>(needed) * (rows.width + 12) * 2, budgets.device,
                              "the ranked rows on the GPU");
        grow_preserving(rows.int8_rows, needed * rows.width, n * rows.width);
        grow_preserving(rows.scale, needed, n);
        grow_preserving(rows.scale_f, needed, n);
      }
      if (raw_device.size() < raw.size()) raw_device = DeviceArray<double>(raw.size());
      const double upload_start = now_seconds();
      CUDA_CHECK(cudaMemcpyAsync(raw_device.get(), raw.data(), raw.size() * sizeof(double), cudaMemcpyHostToDevice,
                                 stream.get()));
      launch_rank_rows(raw_device.get(), m, static_cast<std::int32_t>(count), static_cast<std::int32_t>(n),
                            rows.width, rows.int8_rows.get(), rows.scale.get(), rows.scale_f.get(), stream.get());
      // raw and raw_device are reused by the next chunk.
      stream.sync();
      result.timing.transfer_seconds += now_seconds() - upload_start;
      n += count;
    }
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

  // Pearson, or more than 127 columns: the CPU engine's own float rows, uploaded once.
  void load_prepared_on_host(RowSource& source, const CorrelateOptions& options, DeviceRows& rows, CorrelateResult& result,
                             const RunBudgets& budgets, bool keep, const JobContext& job) {
    // Prepared rows take width * 4 + 20 bytes on the host (values, scales, the row's catalog
    // entry); checked from the source's hint before reading and from the real count after.
    const std::int64_t width = round_up(std::max(source.layout().columns(), 1), 32);
    if (const auto hint = source.row_count_hint(); hint > 0)
      require_within_budget(static_cast<std::uint64_t>(hint) * (width * sizeof(float) + 20), budgets.host,
                            "the prepared rows on the host");
    const auto prepared = correlate::prepare_rows(source, options, 32, kCorrelationTile, result.rows, job);
    rows.width = prepared.stride;
    rows.n = prepared.rows;
    rows.padded = static_cast<std::int32_t>(prepared.scale.size());
    require_within_budget(prepared.values.size() * sizeof(float) + prepared.scale.size() * 20, budgets.host,
                          "the prepared rows on the host");
    require_within_budget(prepared.values.size() * sizeof(float) + prepared.scale.size() * 12 + survivor_slot_bytes(keep),
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

  struct Slot {
    DeviceArray<CorrelationSurvivor> survivors;
    DeviceArray<unsigned long long> counter{1};
    PinnedArray<unsigned long long> count{1};
    // Grown to the largest band's survivors, not allocated at full capacity: pinning both
    // slots' full capacity up front cost more than a whole run on a small table (docs/gpu.md).
    PinnedArray<CorrelationSurvivor> host{0};
    unsigned long long host_capacity = 0;
    Event done;
    explicit Slot(unsigned long long capacity) : survivors(capacity) {}
    CorrelationSurvivor* host_room(unsigned long long count) {
      if (count > host_capacity) {
        host_capacity = std::max(count, std::max(2 * host_capacity, 1ull << 16));
        host = PinnedArray<CorrelationSurvivor>(host_capacity);
      }
      return host.get();
    }
  };

  static void issue(const DeviceRows& rows, const CorrelationRect& rect, double cutoff, Slot& slot,
                    unsigned long long capacity, cudaStream_t stream) {
    CUDA_CHECK(cudaMemsetAsync(slot.counter.get(), 0, sizeof(unsigned long long), stream));
    launch_correlation_tiles(rows.operands(), rect, cutoff,
                                  {capacity ? slot.survivors.get() : nullptr, capacity, slot.counter.get()}, stream);
    CUDA_CHECK(cudaMemcpyAsync(slot.count.get(), slot.counter.get(), sizeof(unsigned long long),
                               cudaMemcpyDeviceToHost, stream));
    slot.done.record(stream);
  }

  // After slot.done: brings the rectangle's survivors into `band`; a rectangle with more than
  // the slot holds is split in two and redone on `stream`, down to single tiles.
  static void collect(const DeviceRows& rows, const CorrelationRect& rect, double cutoff, Slot& slot,
                      unsigned long long capacity, const Stream& stream, std::vector<CorrelationPair>& band) {
    slot.done.sync();
    const unsigned long long found = *slot.count.get();
    if (found <= capacity) {
      if (found == 0) return;
      CorrelationSurvivor* s = slot.host_room(found);
      CUDA_CHECK(cudaMemcpyAsync(s, slot.survivors.get(), found * sizeof(CorrelationSurvivor), cudaMemcpyDeviceToHost,
                                 stream.get()));
      stream.sync();
      for (unsigned long long k = 0; k < found; ++k)
        band.push_back({s[k].i, s[k].j, correlate::exact_rho(s[k].value, rows.host_scale[s[k].i], rows.host_scale[s[k].j])});
      return;
    }
    const std::int32_t row_tiles = (rect.row_end - rect.row_begin) / kCorrelationTile;
    const std::int32_t col_tiles = (rect.col_end - rect.col_begin) / kCorrelationTile;
    if (row_tiles <= 1 && col_tiles <= 1) throw Error("a single 128 x 128 tile overflowed the survivor buffer");
    CorrelationRect halves[2] = {rect, rect};
    if (row_tiles >= col_tiles) {
      halves[0].row_end = halves[1].row_begin = rect.row_begin + row_tiles / 2 * kCorrelationTile;
    } else {
      halves[0].col_end = halves[1].col_begin = rect.col_begin + col_tiles / 2 * kCorrelationTile;
    }
    for (const auto& half : halves) {
      issue(rows, half, cutoff, slot, capacity, stream.get());
      collect(rows, half, cutoff, slot, capacity, stream, band);
    }
  }

  // Computes bands first, first + step, ... of the upper triangle and hands each one's
  // survivors, sorted by (i, j), to on_band(band, its row end, survivors, count).
  template <class OnBand>
  static void run_bands(const DeviceRows& rows, const CorrelateOptions& options, bool keep, const JobContext& job,
                        const Stream& stream, const Stream& copy_stream, std::size_t first, std::size_t step,
                        OnBand on_band) {
    // Dealt over several ranks, at least 8 bands a rank, so that their work evens out.
    const std::int64_t dealt_height = step > 1 ? (rows.n + 8 * std::int64_t(step) - 1) / (8 * std::int64_t(step)) : rows.padded;
    const unsigned long long capacity = keep ? kSurvivorCapacity : 0;
    const double cutoff = survival_cutoff(options.min_abs_rho);
    // A band is a few billion pairs: long enough to hide the launch, short enough for progress.
    const std::int64_t target_pairs = keep ? (std::int64_t{1} << 33) : (std::int64_t{1} << 36);
    const std::int64_t height =
        std::clamp<std::int64_t>(round_up(std::min(target_pairs / rows.padded, dealt_height), kCorrelationTile),
                                 kCorrelationTile, std::int64_t{65535} * kCorrelationTile);
    std::vector<CorrelationRect> bands;
    for (std::int64_t r = 0; r < rows.n; r += height)
      bands.push_back({static_cast<std::int32_t>(r), static_cast<std::int32_t>(std::min<std::int64_t>(r + height, rows.padded)),
                       static_cast<std::int32_t>(r), rows.padded});
    Slot slots[2] = {Slot(capacity), Slot(capacity)};
    std::vector<CorrelationPair> band;
    auto finish_band = [&](std::size_t k, std::size_t b) {
      Slot& slot = slots[k % 2];
      band.clear();
      unsigned long long found = 0;
      if (!keep) {
        slot.done.sync();
        found = *slot.count.get();
      } else {
        collect(rows, bands[b], cutoff, slot, capacity, copy_stream, band);
        found = band.size();
        std::sort(band.begin(), band.end(), [](const CorrelationPair& a, const CorrelationPair& c) {
          return a.i != c.i ? a.i < c.i : a.j < c.j;
        });
      }
      on_band(b, bands[b].row_end, band, found);
    };
    // This rank's k-th band runs on the device while the host takes in its band k - 1.
    std::size_t k = 0;
    for (std::size_t b = first; b < bands.size(); b += step, ++k) {
      job.check_cancel();
      issue(rows, bands[b], cutoff, slots[k % 2], capacity, stream.get());
      if (k > 0) finish_band(k - 1, b - step);
    }
    if (k > 0) finish_band(k - 1, first + (k - 1) * step);
  }

  static double band_progress(std::int32_t n, std::int32_t row_end, double total) {
    const double done_rows = std::min<double>(n, row_end);
    return std::min(1.0, (done_rows * (n - 1) - 0.5 * done_rows * (done_rows - 1)) / total);
  }

  // --gpus: the bands dealt round-robin to the ranks, one thread each (correlate/band_dealing.hpp).
  static void run_dealt_bands(const DeviceRows& rows, const CorrelateOptions& options, PairSink* sink,
                              const JobContext& job, CorrelateResult& result) {
    const double total = 0.5 * rows.n * (rows.n - 1.0);
    deal_bands(options, rows.device_bytes(), sink, job, result.survivors,
               [&](const BandRank& rank, BandMerger& merger) {
                 const DeviceRows* mine = &rows;
                 DeviceRows copy;
                 if (rank.device != rank.loading_device) {
                   copy = rows.copy_to(rank.device, rank.loading_device);
                   mine = &copy;
                 }
                 Stream stream, copy_stream;
                 run_bands(*mine, options, sink != nullptr, job, stream, copy_stream, rank.rank, rank.ranks,
                           [&](std::size_t b, std::int32_t row_end, std::vector<CorrelationPair>& band,
                               unsigned long long found) {
                             merger.deliver(b, std::move(band), found, band_progress(rows.n, row_end, total));
                             band = {};
                           });
               });
  }
};

}  // namespace

std::unique_ptr<CorrelationEngine> make_correlation_engine() { return std::make_unique<GpuCorrelationEngine>(); }

}  // namespace pathscope::gpu
