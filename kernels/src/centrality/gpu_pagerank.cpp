// Host side of PageRank on the device (pagerank_steps.cuh). Arcs weigh as the CPU engine weighs
// them (core/src/centrality/pagerank.cpp): an arc's strength where the graph has strengths,
// else 1; a self-loop is one arc to itself, of weight 1 on graphs without strengths and 0 with
// them (the loader keeps no strength for a loop). Power steps run until the L1 change falls
// under N * tolerance, networkx's rule. The host only uploads the graph's own arrays: building
// a transposed copy here took longer than the whole run may (1.9 s for the brain's 6.9 million
// arcs on one core).
#include <algorithm>
#include <limits>
#include <string>
#include <utility>

#include "centrality/gpu_centrality_runs.hpp"
#include "centrality/pagerank_steps.cuh"
#include "common/device_memory.hpp"
#include "pathscope/runtime/count_text.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {

DeviceWork gpu_pagerank(const Graph& g, const CentralityOptions& options, const JobContext& job, const GpuContext& gpu,
                        CentralityResult& result) {
  DeviceWork work;
  const std::int32_t n = g.n;
  result.pagerank.assign(n, std::numeric_limits<double>::quiet_NaN());
  result.pagerank_iterations = 0;
  std::int64_t kept_nodes = 0;
  for (std::int32_t v = 0; v < n; ++v) kept_nodes += options.mask.keeps_node(v) ? 1 : 0;
  if (kept_nodes == 0) return work;
  std::vector<std::uint8_t> looped;
  if (!g.has_arc_strengths() && !g.self_loops.empty()) {
    looped.assign(n, 0);
    for (const Graph::SelfLoop& loop : g.self_loops) looped[loop.node] = 1;
  }
  const int iterations = std::max(options.pagerank_max_iterations, 0);
  const std::uint64_t arcs = static_cast<std::uint64_t>(g.arc_count()), nodes = static_cast<std::uint64_t>(n);
  const std::uint64_t need = (nodes + 1) * 8 + arcs * (4 + (g.has_arc_strengths() ? 8 : 0)) +
                             options.mask.node_kept.size() + options.mask.arc_kept.size() + looped.size() +
                             nodes * (8 + 1 + 8 + 8 + 8) + (static_cast<std::uint64_t>(iterations) + 1) * 2 * 8;
  require_within_budget(need, gpu.memory_budget(),
                        "GPU PageRank of " + count_text(n, "node") + " and " + count_text(g.arc_count(), "arc"));
  job.check_cancel();

  const cudaStream_t s = gpu.stream().get();
  const double upload_start = now_seconds();
  const DeviceArray<std::int64_t> offsets = upload(g.offsets, s);
  const DeviceArray<std::int32_t> heads = upload(g.heads, s);
  const DeviceArray<double> strengths = upload(g.arc_strengths, s);
  const DeviceArray<std::uint8_t> node_kept = upload(options.mask.node_kept, s);
  const DeviceArray<std::uint8_t> arc_kept = upload(options.mask.arc_kept, s);
  const DeviceArray<std::uint8_t> looped_device = upload(looped, s);
  std::vector<double> start(n, 0.0);
  for (std::int32_t v = 0; v < n; ++v)
    if (options.mask.keeps_node(v)) start[v] = 1.0 / static_cast<double>(kept_nodes);
  DeviceArray<double> x = upload(start, s);
  DeviceArray<double> x_next(n, s);
  DeviceArray<double> incoming(n, s);
  DeviceArray<double> inverse_out_weight(n, s);
  DeviceArray<std::uint8_t> dangling(n, s);
  CUDA_CHECK(cudaMemsetAsync(x_next.get(), 0, x_next.bytes(), s));
  CUDA_CHECK(cudaMemsetAsync(incoming.get(), 0, incoming.bytes(), s));
  // Per step i: the dangling mass it reads (slot i) and writes for the next (slot i + 1), and
  // its change (slot iterations + 1 + i), all zeroed at once so no step waits for a memset.
  DeviceArray<double> scalars(2 * (static_cast<std::size_t>(iterations) + 1), s);
  CUDA_CHECK(cudaMemsetAsync(scalars.get(), 0, scalars.bytes(), s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  work.transfer_seconds += now_seconds() - upload_start;

  const centrality::DevicePageRankGraph view{offsets.get(),  heads.get(),         strengths.get(),
                                             node_kept.get(), arc_kept.get(),     looped_device.get(),
                                             n,               static_cast<double>(kept_nodes)};
  double* mass = scalars.get();
  double* change = scalars.get() + iterations + 1;
  const int sms = gpu.multiprocessors();
  Event step_start(true), step_end(true);
  step_start.record(s);
  centrality::launch_pagerank_out_weights(view, inverse_out_weight.get(), dangling.get(), mass, sms, s);
  step_end.record(s);
  step_end.sync();
  work.compute_seconds += step_end.seconds_since(step_start);
  bool converged = false;
  for (int i = 0; i < iterations && !converged; ++i) {
    step_start.record(s);
    centrality::launch_pagerank_spread(view, inverse_out_weight.get(), x.get(), incoming.get(), sms, s);
    centrality::launch_pagerank_finish(view, dangling.get(), options.pagerank_alpha, x.get(), incoming.get(),
                                       x_next.get(), mass + i, change + i, mass + i + 1, sms, s);
    step_end.record(s);
    double step_change = 0;
    CUDA_CHECK(cudaMemcpyAsync(&step_change, change + i, sizeof(double), cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    work.compute_seconds += step_end.seconds_since(step_start);
    work.updates += static_cast<double>(arcs);
    std::swap(x, x_next);
    result.pagerank_iterations = i + 1;
    converged = step_change < static_cast<double>(kept_nodes) * options.pagerank_tolerance;
    if (i % 8 == 7) job.check_cancel();
  }
  if (!converged)
    throw Error("pagerank did not converge within " + std::to_string(iterations) + " iterations (tolerance " +
                std::to_string(options.pagerank_tolerance) + ")");
  const double download_start = now_seconds();
  std::vector<double> values(n);
  CUDA_CHECK(cudaMemcpyAsync(values.data(), x.get(), x.bytes(), cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  work.transfer_seconds += now_seconds() - download_start;
  for (std::int32_t v = 0; v < n; ++v)
    if (options.mask.keeps_node(v)) result.pagerank[v] = values[v];
  return work;
}

}  // namespace pathscope::gpu
