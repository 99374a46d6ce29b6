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
#include "common/run_trace.hpp"
#include "correlate/band_dealing.hpp"
#include "correlate/correlate_kernels.cuh"
#include "pathscope/correlate/detail/row_preparation.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

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

// The device bytes both survivor slots hold during the band loop (survivors and the scratch
// of their sort).
std::uint64_t survivor_slot_bytes(bool keep) {
  return keep ? 2 * (kSurvivorCapacity * sizeof(CorrelationSurvivor) + survivor_sort_scratch_bytes(kSurvivorCapacity))
              : 0;
}

// Relative error bound of the fused kernel's float test is about 4.2e-7 (fused_int8_tiles.cu);
// pairs within ten times that of the cut-off are decided again exactly.
constexpr double kFusedWindow = 4e-6;

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

  std::uint64_t device_bytes() const {
    return int8_rows.bytes() + float_rows.bytes() + scale.bytes() + scale_f.bytes() + 8ull * padded;
  }

  CorrelationOperands operands() const {
    CorrelationOperands o{int8 ? static_cast<const void*>(int8_rows.get()) : static_cast<const void*>(float_rows.get()),
                          width, int8, scale.get(), scale_f.get(), n};
    o.row_factor = row_factor.get();
    o.col_threshold = col_threshold.get();
    o.window = window;
    return o;
  }

  // The same rows on another device (a rank of a several-GPU run), from `from`'s copy.
  DeviceRows copy_to(int device, int from) const {
    DeviceRows c;
    c.int8 = int8;
    c.width = width;
    c.samples = samples;
    c.n = n;
    c.padded = padded;
    c.host_scale = host_scale;
    c.window = window;
    auto copy = [&](auto& dst, const auto& src) {
      using T = std::remove_reference_t<decltype(*src.get())>;
      dst = DeviceArray<T>(src.size());
      if (src.size() > 0) CUDA_CHECK(cudaMemcpyPeer(dst.get(), device, src.get(), from, src.bytes()));
    };
    copy(c.int8_rows, int8_rows);
    copy(c.float_rows, float_rows);
    copy(c.scale, scale);
    copy(c.scale_f, scale_f);
    copy(c.row_factor, row_factor);
    copy(c.col_threshold, col_threshold);
    return c;
  }

  // The fused kernel's factors for this cut-off: built on the device from the exact scales.
  void prepare_fused(double cutoff, cudaStream_t stream) {
    if (!int8 || !(cutoff > 0) || n < 2) return;
    row_factor = DeviceArray<float>(padded);
    col_threshold = DeviceArray<float>(padded);
    launch_threshold_factors(scale.get(), n, padded, cutoff, row_factor.get(), col_threshold.get(), stream);
    const double least_scale = *std::min_element(host_scale.begin(), host_scale.end());
    window = static_cast<float>(kFusedWindow * cutoff / least_scale);
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
    RunTrace trace("gpu correlate");
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
    result.rows.float_rho = !rows.int8;
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
    rows.prepare_fused(survival_cutoff(options.min_abs_rho), stream.get());
    trace.mark("loaded");
    if (rows.n >= 2 && !options.gpus.is_default()) {
      // The ranks launch on their own streams (and copy the rows to their devices): the fused
      // factors queued on this one must be complete first, or early bands read them unset.
      stream.sync();
      run_dealt_bands(rows, options, keep ? sink : nullptr, job, result);
    }
    else if (rows.n >= 2)
      run_bands(rows, options, sink, job, result, stream, copy_stream, trace);
    trace.mark("bands done");
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
    rows.samples = m;
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
    // Chunks go up through two pinned buffers without a wait per chunk: while chunk c is
    // copied up and ranked, the source makes chunk c + 1 and it is packed into the other one.
    struct Staging {
      PinnedArray<double> host{0};
      std::size_t capacity = 0;
      DeviceArray<double> device;
      Event free;
    } staging[2];
    std::vector<std::int64_t> used;
    std::int64_t n = 0;
    int next = 0;
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
      Staging& st = staging[next];
      next ^= 1;
      st.free.sync();  // the last chunk that used this buffer is on the device
      const std::size_t values = static_cast<std::size_t>(count) * m;
      if (st.capacity < values) {
        st.capacity = values;
        st.host = PinnedArray<double>(values);
        st.device = DeviceArray<double>(values);
      }
      double* packed = st.host.get();
#pragma omp parallel for schedule(static)
      for (std::int64_t u = 0; u < count; ++u) std::memcpy(packed + u * m, chunk.row(used[u]), m * sizeof(double));
      CUDA_CHECK(cudaMemcpyAsync(st.device.get(), packed, values * sizeof(double), cudaMemcpyHostToDevice, stream.get()));
      launch_rank_rows(st.device.get(), m, static_cast<std::int32_t>(count), static_cast<std::int32_t>(n), rows.width,
                       rows.int8_rows.get(), rows.scale.get(), rows.scale_f.get(), stream.get());
      st.free.record(stream.get());
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
    rows.samples = prepared.samples;
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
    DeviceArray<unsigned char> sort_scratch;  // after the sort, also the records' device buffer
    PinnedArray<SurvivorRecord> host_records{0};
    unsigned long long host_records_capacity = 0;
    Event done;
    explicit Slot(unsigned long long capacity)
        : survivors(capacity), sort_scratch(survivor_sort_scratch_bytes(capacity)) {}
    CorrelationSurvivor* host_room(unsigned long long count) {
      if (count > host_capacity) {
        host_capacity = std::max(count, std::max(2 * host_capacity, 1ull << 16));
        host = PinnedArray<CorrelationSurvivor>(host_capacity);
      }
      return host.get();
    }
    SurvivorRecord* records_room(unsigned long long count) {
      if (count > host_records_capacity) {
        host_records_capacity = std::max(count, std::max(2 * host_records_capacity, 1ull << 16));
        host_records = PinnedArray<SurvivorRecord>(host_records_capacity);
      }
      return host_records.get();
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
  // Where a band's survivors go: pairs (rho in double, on the host), or records (rho and p
  // computed on the device) for a sink that takes them.
  struct BandOut {
    std::vector<CorrelationPair> pairs;
    std::vector<SurvivorRecord> records;
    bool as_records = false;
    std::int32_t samples = 0;
    PairSink* sink = nullptr;     // records of a band that was not split go straight to it
    std::size_t consumed = 0;     // how many did
    RunTrace* trace = nullptr;
    std::size_t size() const { return consumed + (as_records ? records.size() : pairs.size()); }
  };

  static void collect(const DeviceRows& rows, const CorrelationRect& rect, double cutoff, Slot& slot,
                      unsigned long long capacity, const Stream& stream, BandOut& out, bool whole_band = true) {
    const double wait_start = now_seconds();
    slot.done.sync();
    const double fetch_start = now_seconds();
    out.trace->add("kernel wait", fetch_start - wait_start);
    const unsigned long long found = *slot.count.get();
    if (found <= capacity) {
      if (found == 0) return;
      // Sorted on the device: the band reaches the host in file order.
      sort_survivors(slot.survivors.get(), found, slot.sort_scratch.get(), slot.sort_scratch.bytes(), stream.get());
      if (out.as_records) {
        auto* device_records = reinterpret_cast<SurvivorRecord*>(slot.sort_scratch.get());
        launch_survivor_records(slot.survivors.get(), found, rows.scale.get(), out.samples, device_records, stream.get());
        SurvivorRecord* r = slot.records_room(found);
        CUDA_CHECK(cudaMemcpyAsync(r, device_records, found * sizeof(SurvivorRecord), cudaMemcpyDeviceToHost, stream.get()));
        stream.sync();
        const double sink_start = now_seconds();
        out.trace->add("sort, p and copy back", sink_start - fetch_start);
        if (whole_band) {
          out.sink->consume_records(r, found);
          out.consumed += found;
          out.trace->add("sink", now_seconds() - sink_start);
        } else {
          out.records.insert(out.records.end(), r, r + found);
        }
        return;
      }
      std::vector<CorrelationPair>& band = out.pairs;
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
      collect(rows, half, cutoff, slot, capacity, stream, out, false);
    }
  }

  static void run_bands(const DeviceRows& rows, const CorrelateOptions& options, PairSink* sink, const JobContext& job,
                        CorrelateResult& result, const Stream& stream, const Stream& copy_stream, RunTrace& trace) {
    const bool keep = !options.count_only && sink;
    const unsigned long long capacity = keep ? kSurvivorCapacity : 0;
    const double cutoff = survival_cutoff(options.min_abs_rho);
    // Counting, a band is about 2^41 pairs (a second or so): long enough to hide the launch,
    // short enough for progress. Keeping survivors, a band is sized from the survivor share of
    // the bands before it so that it fills about half a slot; the first one probes.
    const double total = 0.5 * rows.n * (rows.n - 1.0);
    const auto pairs_from = [&](double r) { return r * (rows.n - 1) - 0.5 * r * (r - 1); };
    double density = -1;  // survivors per pair in the bands finished so far; < 0: none yet
    std::int64_t next_row = 0;
    const auto next_band = [&]() {
      const bool fused = fused_correlation_applies(rows.operands(), cutoff);
      double target = keep ? (density > 0 ? 0.5 * capacity / density : double(std::int64_t{1} << 26))
                           : double(std::int64_t{1} << (fused ? 41 : 36));
      target = std::clamp(target, double(std::int64_t{1} << 24), double(std::int64_t{1} << 41));
      const double remaining = std::max<double>(1, rows.n - next_row);
      const std::int64_t height = std::clamp<std::int64_t>(
          round_up(static_cast<std::int64_t>(target / remaining) + 1, kCorrelationTile), kCorrelationTile,
          std::int64_t{65535} * kCorrelationTile);
      CorrelationRect rect{static_cast<std::int32_t>(next_row),
                           static_cast<std::int32_t>(std::min<std::int64_t>(next_row + height, rows.padded)),
                           static_cast<std::int32_t>(next_row), rows.padded};
      next_row = rect.row_end;
      return rect;
    };
    Slot slots[2] = {Slot(capacity), Slot(capacity)};
    CorrelationRect issued[2];
    BandOut band;
    band.as_records = keep && sink->takes_records() && rows.int8;
    band.samples = rows.samples;
    band.sink = sink;
    band.trace = &trace;
    double pairs_seen = 0, survivors_seen = 0;
    auto finish_band = [&](std::size_t b) {
      Slot& slot = slots[b % 2];
      const CorrelationRect& rect = issued[b % 2];
      std::uint64_t found = 0;
      if (!keep) {
        const double wait_start = now_seconds();
        slot.done.sync();
        trace.add("kernel wait", now_seconds() - wait_start);
        found = *slot.count.get();
      } else {
        band.pairs.clear();
        band.records.clear();
        band.consumed = 0;
        collect(rows, rect, cutoff, slot, capacity, copy_stream, band);
        found = band.size();
        // Each slot comes back sorted; only a band split in column halves needs sorting again.
        const auto by_pair = [](const auto& a, const auto& c) { return a.i != c.i ? a.i < c.i : a.j < c.j; };
        if (band.as_records) {
          if (!std::is_sorted(band.records.begin(), band.records.end(), by_pair))
            std::sort(band.records.begin(), band.records.end(), by_pair);
          if (!band.records.empty()) sink->consume_records(band.records.data(), band.records.size());
        } else {
          if (!std::is_sorted(band.pairs.begin(), band.pairs.end(), by_pair))
            std::sort(band.pairs.begin(), band.pairs.end(), by_pair);
          const double sink_start = now_seconds();
          sink->consume(band.pairs.data(), band.pairs.size());
          trace.add("sink", now_seconds() - sink_start);
        }
      }
      result.survivors += found;
      const double done_rows = std::min<double>(rows.n, rect.row_end);
      pairs_seen += pairs_from(done_rows) - pairs_from(std::min<double>(rows.n, rect.row_begin));
      survivors_seen += static_cast<double>(found);
      density = pairs_seen > 0 ? std::max(survivors_seen / pairs_seen, 1e-12) : -1;
      job.report(std::min(1.0, pairs_from(done_rows) / total));
    };
    // Band b runs on the device while the host takes in band b-1.
    std::size_t b = 0;
    for (; next_row < rows.n; ++b) {
      job.check_cancel();
      issued[b % 2] = next_band();
      issue(rows, issued[b % 2], cutoff, slots[b % 2], capacity, stream.get());
      if (b > 0) finish_band(b - 1);
    }
    if (b > 0) finish_band(b - 1);
  }

  // --gpus: bands of fixed height, at least 8 a rank, dealt round-robin (band_dealing.hpp); each
  // rank runs the band loop above on its own device, streams and slots.
  static void run_dealt_bands(const DeviceRows& rows, const CorrelateOptions& options, PairSink* sink,
                              const JobContext& job, CorrelateResult& result) {
    const double cutoff = survival_cutoff(options.min_abs_rho);
    const double total = 0.5 * rows.n * (rows.n - 1.0);
    const auto pairs_from = [&](double r) { return r * (rows.n - 1) - 0.5 * r * (r - 1); };
    deal_bands(options, rows.device_bytes(), sink, job, result.survivors, [&](const BandRank& rank, BandMerger& merger) {
      const std::int64_t height = std::clamp<std::int64_t>(
          round_up((rows.n + 8 * std::int64_t(rank.ranks) - 1) / (8 * std::int64_t(rank.ranks)), kCorrelationTile),
          kCorrelationTile, std::int64_t{65535} * kCorrelationTile);
      const DeviceRows* mine = &rows;
      DeviceRows copy;
      if (rank.device != rank.loading_device) {
        copy = rows.copy_to(rank.device, rank.loading_device);
        mine = &copy;
      }
      const unsigned long long capacity = sink ? kSurvivorCapacity : 0;
      Stream stream, copy_stream;
      Slot slots[2] = {Slot(capacity), Slot(capacity)};
      RunTrace trace("gpu correlate rank");
      std::vector<std::pair<std::size_t, CorrelationRect>> mine_bands;
      for (std::int64_t r = 0, b = 0; r < rows.n; r += height, ++b)
        if (b % rank.ranks == rank.rank)
          mine_bands.push_back({std::size_t(b), {static_cast<std::int32_t>(r),
                                                 static_cast<std::int32_t>(std::min<std::int64_t>(r + height, rows.padded)),
                                                 static_cast<std::int32_t>(r), rows.padded}});
      auto finish = [&](std::size_t k) {
        Slot& slot = slots[k % 2];
        const auto& [b, rect] = mine_bands[k];
        BandOut band;
        band.as_records = sink && sink->takes_records() && mine->int8;
        band.samples = mine->samples;
        band.trace = &trace;
        unsigned long long found = 0;
        if (!sink) {
          slot.done.sync();
          found = *slot.count.get();
        } else {
          // Whole bands are collected, never passed to the sink from here: the merger keeps order.
          collect(*mine, rect, cutoff, slot, capacity, copy_stream, band, false);
          found = band.size();
          const auto by_pair = [](const auto& a, const auto& c) { return a.i != c.i ? a.i < c.i : a.j < c.j; };
          if (!std::is_sorted(band.records.begin(), band.records.end(), by_pair))
            std::sort(band.records.begin(), band.records.end(), by_pair);
          if (!std::is_sorted(band.pairs.begin(), band.pairs.end(), by_pair))
            std::sort(band.pairs.begin(), band.pairs.end(), by_pair);
        }
        merger.deliver(b, std::move(band.pairs), std::move(band.records), found,
                       std::min(1.0, pairs_from(std::min<double>(rows.n, rect.row_end)) / total));
      };
      for (std::size_t k = 0; k < mine_bands.size(); ++k) {
        job.check_cancel();
        issue(*mine, mine_bands[k].second, cutoff, slots[k % 2], capacity, stream.get());
        if (k > 0) finish(k - 1);
      }
      if (!mine_bands.empty()) finish(mine_bands.size() - 1);
    });
  }
};

}  // namespace

std::unique_ptr<CorrelationEngine> make_correlation_engine() { return std::make_unique<GpuCorrelationEngine>(); }

}  // namespace pathscope::gpu
