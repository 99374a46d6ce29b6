// The GPU correlation engine: rows are read chunk by chunk, ranked on the device and kept
// there as int8 (or float) rows (device_rows.*); the upper triangle is then computed band by
// band (band_loops.*), each band's survivors copied back and written while the next band runs
// (survivor_collection.*).
#include "common/device.hpp"
#include "common/device_memory.hpp"
#include "common/entry_points.hpp"
#include "common/gpu_context.hpp"
#include "common/run_trace.hpp"
#include "correlate/band_loops.hpp"
#include "correlate/device_rows.hpp"
#include "correlate/survivor_collection.hpp"
#include "pathscope/correlate/detail/row_preparation.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

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
    const GpuContext gpu = GpuContext::for_run(options.gpu_memory_budget);
    const RunBudgets budgets{gpu.memory_budget(), effective_memory_budget(options)};
    const Stream& stream = gpu.stream();
    Stream copy_stream;

    const int m = source.layout().columns();
    const bool keep = sink && !options.count_only;
    DeviceRows rows;
    rows.int8 = correlate::uses_exact_integers(options.method, m);
    if (rows.int8)
      load_ranked_on_device(source, rows, result, budgets, survivor_slot_bytes(keep), stream, job);
    else
      load_prepared_on_host(source, options, rows, result, budgets, survivor_slot_bytes(keep), job);
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
    const double cutoff = survival_cutoff(options.min_abs_rho);
    rows.prepare_fused(cutoff, stream.get());
    if (!keep && rows.n >= 2) {
      const std::uint64_t used = rows.device_bytes() + survivor_slot_bytes(keep);
      rows.group_by_scale(cutoff, budgets.device > used ? budgets.device - used : 0, stream.get());
      if (rows.classes) trace.mark("grouped by scale class");
    }
    trace.mark("loaded");
    if (rows.n >= 2 && !options.gpus.is_default()) {
      // The ranks launch on their own streams (and copy the rows to their devices): the fused
      // factors queued on this one must be complete first, or early bands read them unset.
      stream.sync();
      run_dealt_bands(gpu, rows, options, keep ? sink : nullptr, job, result);
    }
    else if (rows.n >= 2)
      run_bands(rows, options, sink, job, result, stream, copy_stream, trace);
    trace.mark("bands done");
    if (keep) sink->finish();
    result.pairs_tested = static_cast<std::uint64_t>(rows.n) * (rows.n - 1) / 2;
    const double finish = now_seconds();
    result.timing.engine = name();
    result.timing.device = gpu.device_name();
    if (rows.classes) result.timing.device += ", rows in " + std::to_string(rows.classes.classes) + " scale classes";
    result.timing.compute_seconds = finish - compute_start;
    result.timing.seconds = finish - start;
    result.timing.updates = static_cast<double>(result.pairs_tested);
    return result;
  }
};

}  // namespace

std::unique_ptr<CorrelationEngine> make_correlation_engine() { return std::make_unique<GpuCorrelationEngine>(); }

}  // namespace pathscope::gpu
