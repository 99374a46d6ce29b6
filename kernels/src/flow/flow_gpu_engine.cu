// The "gpu" information-flow engine: all repetitions of a batch advance together, one kernel
// a step (flow_kernels.cuh), until a step adds no node in any of them. The batch is every
// repetition when the budget holds three bitsets of them per node, else as many words of 64
// as it does. Seeds, chances and the layer statistics come from the core's plan
// (pathscope/flow/detail/flow_plan.hpp), so the layers equal the CPU engine's to the bit.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/device.hpp"
#include "common/device_memory.hpp"
#include "common/entry_points.hpp"
#include "common/gpu_context.hpp"
#include "common/run_trace.hpp"
#include "flow/flow_kernels.cuh"
#include "pathscope/flow/detail/flow_plan.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

// The arcs a run can cross, grouped by head, each with its CSR index and chance.
struct HostInArcs {
  std::vector<std::int64_t> offsets;
  std::vector<std::int32_t> tails;
  std::vector<std::int64_t> arcs;
  std::vector<double> chances;
};

HostInArcs crossable_in_arcs(const Graph& g, const std::vector<double>& chances) {
  HostInArcs in;
  in.offsets.assign(static_cast<std::size_t>(g.n) + 1, 0);
  for (std::int64_t a = 0; a < g.arc_count(); ++a)
    if (chances[a] > 0) ++in.offsets[g.heads[a] + 1];
  for (std::int32_t v = 0; v < g.n; ++v) in.offsets[v + 1] += in.offsets[v];
  const auto count = static_cast<std::size_t>(in.offsets[g.n]);
  in.tails.resize(count);
  in.arcs.resize(count);
  in.chances.resize(count);
  std::vector<std::int64_t> fill(in.offsets.begin(), in.offsets.end() - 1);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      if (chances[a] <= 0) continue;
      const std::int64_t at = fill[g.heads[a]]++;
      in.tails[at] = u;
      in.arcs[at] = a;
      in.chances[at] = chances[a];
    }
  return in;
}

template <class T>
DeviceArray<T> uploaded(const std::vector<T>& host, cudaStream_t s) {
  DeviceArray<T> device(std::max<std::size_t>(host.size(), 1), s);
  if (!host.empty())
    CUDA_CHECK(cudaMemcpyAsync(device.get(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice, s));
  return device;
}

template <class T>
void download(std::vector<T>& host, const DeviceArray<T>& device, cudaStream_t s) {
  if (!host.empty())
    CUDA_CHECK(cudaMemcpyAsync(host.data(), device.get(), host.size() * sizeof(T), cudaMemcpyDeviceToHost, s));
}

class GpuFlowEngine final : public FlowEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string description() const override {
    return "many repetitions at once on the GPU: per node a bitset of repetitions, one kernel a step";
  }
  std::string unavailable_reason() const override { return device_info().reason; }

  FlowResult run(const Graph& g, const FlowOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    RunTrace trace("gpu flow");
    const detail::FlowPlan plan = detail::plan_flow(g, options);
    const HostInArcs in = crossable_in_arcs(g, plan.chances);
    trace.mark("planned");
    const GpuContext gpu = GpuContext::for_run(options.gpu_memory_budget);
    const auto n = static_cast<std::uint64_t>(g.n);
    const std::int64_t all_words = (static_cast<std::int64_t>(options.repetitions) + 63) / 64;
    // Held for the whole run: the in-arcs (20 bytes each), their offsets, the tallies and the
    // seeds. Per word of 64 repetitions: three bitsets (reached, frontier, next) of n words.
    const std::uint64_t fixed = in.tails.size() * 20u + (n + 1) * 8u + n * 20u + plan.seeds.size() * 4u + 64u;
    const std::uint64_t per_word = n * 24u;
    const std::uint64_t budget = gpu.memory_budget();
    const std::string what = "GPU information flow over " + std::to_string(g.n) + " nodes and " +
                             std::to_string(in.tails.size()) + " crossable arcs";
    require_within_budget(fixed + per_word, budget, what + " (64 repetitions at a time)");
    const std::int64_t batch_words =
        std::min<std::int64_t>(all_words, static_cast<std::int64_t>((budget - fixed) / per_word));

    const cudaStream_t s = gpu.stream().get();
    double transfer = 0;
    double upload_start = now_seconds();
    DeviceArray<std::int64_t> offsets = uploaded(in.offsets, s);
    DeviceArray<std::int32_t> tails = uploaded(in.tails, s);
    DeviceArray<std::int64_t> arcs = uploaded(in.arcs, s);
    DeviceArray<double> chances = uploaded(in.chances, s);
    DeviceArray<std::int32_t> seeds = uploaded(plan.seeds, s);
    DeviceArray<std::uint64_t> layer_sum(n, s), layer_square_sum(n, s);
    DeviceArray<unsigned> reached_count(n, s);
    DeviceArray<int> added(1, s);
    CUDA_CHECK(cudaMemsetAsync(layer_sum.get(), 0, layer_sum.bytes(), s));
    CUDA_CHECK(cudaMemsetAsync(layer_square_sum.get(), 0, layer_square_sum.bytes(), s));
    CUDA_CHECK(cudaMemsetAsync(reached_count.get(), 0, reached_count.bytes(), s));
    const std::size_t bitset_words = n * static_cast<std::size_t>(batch_words);
    DeviceArray<std::uint64_t> reached(bitset_words, s), frontier(bitset_words, s), next(bitset_words, s);
    gpu.stream().sync();
    transfer += now_seconds() - upload_start;
    trace.mark("uploaded");

    const flow::InArcs view{offsets.get(), tails.get(), arcs.get(), chances.get(), g.n};
    // CUDA's 64-bit atomicAdd takes unsigned long long, the same width as std::uint64_t.
    static_assert(sizeof(unsigned long long) == sizeof(std::uint64_t));
    const flow::Tallies tallies{reinterpret_cast<unsigned long long*>(layer_sum.get()),
                                reinterpret_cast<unsigned long long*>(layer_square_sum.get()), reached_count.get()};
    Event compute_start(true), compute_end(true);
    double compute = 0;
    double word_passes = 0;  // in-arc scans of one word: the kernels' work, whatever the draws give
    const std::int64_t batches = (all_words + batch_words - 1) / batch_words;
    for (std::int64_t b = 0; b < batches; ++b) {
      const std::int64_t first_word = b * batch_words;
      const std::int64_t words = std::min(batch_words, all_words - first_word);
      const auto first_run = static_cast<std::uint32_t>(first_word * 64);
      const flow::RunBatch batch{words, first_run,
                                 static_cast<std::int32_t>(std::min<std::int64_t>(
                                     static_cast<std::int64_t>(options.repetitions) - first_word * 64, words * 64)),
                                 options.seed};
      const std::size_t used = n * static_cast<std::size_t>(words) * sizeof(std::uint64_t);
      compute_start.record(s);
      CUDA_CHECK(cudaMemsetAsync(reached.get(), 0, used, s));
      CUDA_CHECK(cudaMemsetAsync(frontier.get(), 0, used, s));
      flow::launch_seed_batch(gpu, seeds.get(), static_cast<std::int32_t>(plan.seeds.size()), batch, reached.get(),
                              frontier.get(), s);
      std::uint64_t* from = frontier.get();
      std::uint64_t* to = next.get();
      for (std::int32_t layer = 2; layer <= plan.max_layer; ++layer) {
        job.check_cancel();
        CUDA_CHECK(cudaMemsetAsync(added.get(), 0, sizeof(int), s));
        flow::launch_flow_step(gpu, view, batch, static_cast<std::uint32_t>(layer), from, reached.get(), to, tallies,
                               added.get(), s);
        int any = 0;
        CUDA_CHECK(cudaMemcpyAsync(&any, added.get(), sizeof(int), cudaMemcpyDeviceToHost, s));
        gpu.stream().sync();
        word_passes += static_cast<double>(in.tails.size()) * static_cast<double>(words);
        if (!any) break;
        std::swap(from, to);
      }
      compute_end.record(s);
      compute_end.sync();
      compute += compute_end.seconds_since(compute_start);
      job.report(static_cast<double>(b + 1) / static_cast<double>(batches));
    }
    trace.mark("computed");

    const double download_start = now_seconds();
    detail::FlowTallies host(g.n);
    download(host.layer_sum, layer_sum, s);
    download(host.layer_square_sum, layer_square_sum, s);
    std::vector<unsigned> counts(n);
    download(counts, reached_count, s);
    gpu.stream().sync();
    transfer += now_seconds() - download_start;
    std::copy(counts.begin(), counts.end(), host.reached.begin());
    const auto repetitions = static_cast<std::uint64_t>(options.repetitions);
    for (const std::int32_t v : plan.seeds) {
      host.layer_sum[v] = repetitions;
      host.layer_square_sum[v] = repetitions;
      host.reached[v] = options.repetitions;
    }
    FlowResult result = detail::flow_result(host, options.repetitions);
    result.timing.engine = name();
    result.timing.device = gpu.device_name();
    result.timing.seconds = now_seconds() - start;
    result.timing.compute_seconds = compute;
    result.timing.transfer_seconds = transfer;
    result.timing.updates = word_passes * 64.0;
    trace.mark("done");
    return result;
  }
};

}  // namespace

std::unique_ptr<FlowEngine> make_gpu_flow_engine() { return std::make_unique<GpuFlowEngine>(); }

}  // namespace pathscope::gpu
