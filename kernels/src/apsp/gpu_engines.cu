// The GPU engines as the core sees them: the refusals (device, distance type, budgets), the
// choice between in-core and out-of-core, the hop16 fallback, and the Timing.
#include <cmath>
#include <optional>

#include "apsp/gpu_runs.hpp"
#include "apsp/gpu_width_choice.hpp"
#include "apsp/launch.cuh"
#include "apsp/narrow_hops.hpp"
#include "common/device.hpp"
#include "common/entry_points.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

enum class Algorithm { Naive, Blocked, Sparse };

// With a sink, an in-core run needs no host matrix (rows go from staging into the sink);
// out of core the matrix still lives in host memory between rounds. `gpu` is the context of a
// one-GPU run, null when the run spreads over the ranks of options.gpus (each makes its own).
template <class D>
RunFigures run_algorithm(Algorithm algorithm, const GpuContext* gpu, const Graph& g, const ApspOptions& options,
                         const JobContext& job, ResultVector<typename D::Scalar>& out, ResultVector<std::int32_t>* next,
                         MatrixSink* sink) {
  if (!gpu) {
    if (algorithm != Algorithm::Blocked)
      throw Error(std::string(algorithm == Algorithm::Naive ? "gpu-naive" : "gpu-sparse") + " runs on one GPU; --gpus " +
                  gpu_set_text(options.gpus) + " needs gpu-blocked");
    if (next)
      throw Error("next hops need the whole matrix on one GPU; leave out --gpus " + gpu_set_text(options.gpus) +
                  " (paths are rebuilt from the distances alone without them)");
    // The ranks' blocks come back into `out`; the caller hands its rows to the sink.
    if (sink)
      require_within_budget(std::uint64_t(g.n) * std::uint64_t(g.n) * sizeof(typename D::Scalar),
                            effective_memory_budget(options),
                            "gpu-blocked over several GPUs (the matrix in host memory before it is written)");
    return run_blocked_distributed<D>(g, options, job, out);
  }
  if (algorithm == Algorithm::Sparse) {
    if (next) throw Error("gpu-sparse gives no next hops: gpu-blocked and the CPU engines do");
    return run_sparse<D>(*gpu, g, job, out, sink);
  }
  const std::uint64_t budget = gpu->memory_budget();
  if (algorithm == Algorithm::Naive) {
    const std::uint64_t need = naive_bytes<D>(g.n, g.arc_count());
    require_within_budget(need, budget, "gpu-naive (distance and next-hop matrices on the GPU; gpu-blocked can stream)");
    return run_naive<D>(*gpu, g, job, out, next, sink);
  }
  const std::uint64_t need = blocked_in_core_bytes<D>(g.n, g.arc_count(), next != nullptr);
  if (need <= budget) return run_blocked_in_core<D>(*gpu, g, job, out, next, sink);
  if (next)
    require_within_budget(need, budget, "gpu-blocked with the next-hop matrix (which needs the matrix in GPU memory)");
  if (sink)
    require_within_budget(std::uint64_t(g.n) * std::uint64_t(g.n) * sizeof(typename D::Scalar),
                          effective_memory_budget(options),
                          "gpu-blocked out of core (the matrix in host memory between rounds)");
  return run_blocked_out_of_core<D>(*gpu, g, job, out, sink);
}

void add_figures(Timing& t, const RunFigures& f) {
  t.compute_seconds += f.compute_seconds;
  t.transfer_seconds += f.transfer_seconds;
}

class GpuEngine final : public ApspEngine {
 public:
  GpuEngine(std::string name, Algorithm algorithm) : name_(std::move(name)), algorithm_(algorithm) {
    device_info();  // starts the CUDA context now, so no timed run pays for it
  }
  std::string name() const override { return name_; }
  std::string description() const override {
    switch (algorithm_) {
      case Algorithm::Naive:
        return "GPU Floyd-Warshall, one launch per k and one thread per cell, with next hops (baseline)";
      case Algorithm::Blocked:
        return "GPU blocked Floyd-Warshall, register-tiled min-plus products; streams from host memory "
               "when the matrix exceeds the GPU memory budget";
      case Algorithm::Sparse:
        return "GPU search from every source, one thread block each, in shared memory where it fits: "
               "for sparse graphs with costs of 0 or more (road networks)";
    }
    return "";
  }
  std::string unavailable_reason() const override { return device_info().reason; }
  // No int64 kernels: graphs whose sums need int64 run on the CPU engines.
  bool supports(DistType t) const override { return t != DistType::Int64; }

  ApspResult run(const Graph& g, const ApspOptions& options, const JobContext& job) const override {
    if (!supports(options.dist))
      throw Error(name_ + " does not compute " + dist_type_name(options.dist) +
                  " distances: use a CPU engine (textbook, blocked, sparse or auto)");
    // `--gpus all`: the width the cost model predicts fastest here, which it names.
    if (algorithm_ == Algorithm::Blocked && options.gpus.all && !options.job) {
      const GpuWidthPlan width = plan_gpu_width(g, options);
      ApspResult r = run(g, width.options, job);
      if (!width.why.empty()) r.timing.device += "; " + width.why;
      return r;
    }
    // A one-GPU run works on one context from here; the ranks of a several-GPU run make
    // theirs on their own devices.
    std::optional<GpuContext> context;
    if (options.gpus.is_default() && !options.job) context.emplace(GpuContext::for_run(options.gpu_memory_budget));
    else require_device();
    const GpuContext* gpu = context ? &*context : nullptr;
    if (options.dist == DistType::Int32) check_int32_distances(g);
    if (options.dist == DistType::Float32) check_float32_distances(g);
    refuse_negative_self_loops(g);
    if (algorithm_ == Algorithm::Sparse && g.has_negative_weights())
      throw Error("gpu-sparse needs costs of 0 or more (the graph has a negative arc cost): gpu-blocked and the CPU "
                  "engines take negative costs");
    if (options.dist == DistType::Hop16 && !g.unit_weights && g.arc_count() > 0)
      throw Error(name_ + ": hop16 distances need a graph whose arcs all cost 1, and this one has costs from " +
                  std::to_string(g.min_weight()) + " to " + std::to_string(g.max_weight()) +
                  ": choose int32 or float distances");
    const std::uint64_t host_budget = effective_memory_budget(options);
    MatrixSink* sink = options.sink;
    if (sink && (sink->n() != g.n || sink->dist() != options.dist))
      throw Error(name_ + ": the output was made for " + std::to_string(sink->n()) + " nodes of " +
                  dist_type_name(sink->dist()) + " distances, not " + std::to_string(g.n) + " of " +
                  dist_type_name(options.dist));
    if (options.job) return run_job_rank(g, options, job);
    // With a sink the distances need no host memory of their own (out of core: checked there).
    const std::uint64_t next_hop_bytes = options.next_hop ? apsp_result_bytes(g.n, DistType::Int32, false) : 0;
    require_within_budget(sink ? next_hop_bytes : apsp_result_bytes(g.n, options.dist, options.next_hop),
                          host_budget, "the all-pairs result of " + std::to_string(g.n) + " nodes");

    const double t0 = now_seconds();
    ApspResult r;
    r.n = g.n;
    r.dist = options.dist;
    r.timing.engine = name_;
    r.timing.device = gpu ? gpu->device_name() : device_name();
    ResultVector<std::int32_t>* next = options.next_hop ? &r.next : nullptr;
    RunFigures f;
    switch (options.dist) {
      case DistType::Int32: f = run_algorithm<Int32Dist>(algorithm_, gpu, g, options, job, r.d32, next, sink); break;
      case DistType::Float32: f = run_algorithm<FloatDist>(algorithm_, gpu, g, options, job, r.df, next, sink); break;
      case DistType::Hop16: f = run_algorithm<Hop16Dist>(algorithm_, gpu, g, options, job, r.d16, next, sink); break;
      case DistType::Int64: break;  // refused above
    }
    add_figures(r.timing, f);
    r.rows_in_sink = f.rows_in_sink;
    if (f.mode != "in-core") r.timing.device += ", " + f.mode;
    if (f.negative_node >= 0) throw NegativeCycle(f.negative_node);
    if (f.hop16_clipped) hop16_fallback(gpu, g, options, job, host_budget, r);
    r.timing.seconds = now_seconds() - t0;
    r.timing.updates = algorithm_ == Algorithm::Sparse ? f.arc_scans : std::pow(double(g.n), 3.0);
    if (algorithm_ == Algorithm::Blocked) r.timing.predicted_seconds = predicted_gpu_blocked_seconds(g, options);
    return r;
  }

 private:
  // One rank of a job of processes, its graph checked by run: no host matrix, the rows of this
  // process's share go to the sink, the checksum is the whole matrix's.
  ApspResult run_job_rank(const Graph& g, const ApspOptions& options, const JobContext& job) const {
    if (algorithm_ != Algorithm::Blocked)
      throw Error(name_ + " runs on one GPU; a job of processes needs gpu-blocked");
    if (options.next_hop) throw Error("next hops need the whole matrix on one GPU, which a job of processes never holds");
    if (!options.gpus.is_default())
      throw Error("--gpus " + gpu_set_text(options.gpus) + ": in a job of processes each process runs one rank on a GPU " +
                  "of its own; leave out --gpus");
    const double t0 = now_seconds();
    ApspResult r;
    r.n = g.n;
    r.dist = options.dist;
    r.timing.engine = name_;
    r.timing.device = device_name();
    std::uint64_t checksum = 0;
    RunFigures f;
    switch (options.dist) {
      case DistType::Int32: f = run_blocked_job<Int32Dist>(g, options, job, options.sink, checksum); break;
      case DistType::Float32: f = run_blocked_job<FloatDist>(g, options, job, options.sink, checksum); break;
      case DistType::Hop16: f = run_blocked_job<Hop16Dist>(g, options, job, options.sink, checksum); break;
      case DistType::Int64: break;  // refused by run
    }
    if (f.negative_node >= 0) throw NegativeCycle(f.negative_node);
    add_figures(r.timing, f);
    r.timing.device += ", " + f.mode;
    r.rows_in_sink = true;
    r.checksum = checksum;
    r.timing.seconds = now_seconds() - t0;
    r.timing.updates = std::pow(double(g.n), 3.0);
    r.timing.predicted_seconds = predicted_gpu_blocked_seconds(g, options);
    return r;
  }

  // Hop counts of 0x7FFE or more do not fit the 16-bit working range (dist_traits.cuh); such a
  // graph is redone in int32 and narrowed, which still gives every count up to kMaxHop16.
  // The redo is part of the same run: on the same context, within the same device budget.
  void hop16_fallback(const GpuContext* gpu, const Graph& g, const ApspOptions& options, const JobContext& job,
                      std::uint64_t host_budget, ApspResult& r) const {
    require_within_budget(apsp_result_bytes(g.n, DistType::Hop16, options.next_hop) +
                              apsp_result_bytes(g.n, DistType::Int32, false),
                          host_budget, "hop16 counts above 32765, redone in int32 and narrowed");
    ResultVector<std::int32_t> wide;
    ResultVector<std::int32_t>* next = options.next_hop ? &r.next : nullptr;
    const RunFigures f = run_algorithm<Int32Dist>(algorithm_, gpu, g, options, job, wide, next, nullptr);
    add_figures(r.timing, f);
    const std::int64_t largest = narrow_hops(wide, r.d16);
    if (largest > kMaxHop16)
      throw Error(name_ + ": hop16 overflow: a shortest path has " + std::to_string(largest) +
                  " hops, more than the 65534 that 16 bits hold: choose int32 distances");
    if (options.sink) {  // these rows replace any the clipped run gave it
      wide = {};
      put_result_rows(r, *options.sink);
      r.d16 = {};
      r.rows_in_sink = true;
    }
  }

  std::string name_;
  Algorithm algorithm_;
};

}  // namespace

std::unique_ptr<ApspEngine> make_apsp_engine(std::string_view name) {
  if (name == "gpu-naive") return std::make_unique<GpuEngine>(std::string(name), Algorithm::Naive);
  if (name == "gpu-blocked") return std::make_unique<GpuEngine>(std::string(name), Algorithm::Blocked);
  if (name == "gpu-sparse") return std::make_unique<GpuEngine>(std::string(name), Algorithm::Sparse);
  return nullptr;
}

}  // namespace pathscope::gpu
