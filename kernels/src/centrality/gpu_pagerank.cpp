// Host side of PageRank on the device (pagerank_steps.cuh): the arcs into each node with their
// share of the tail's out-weight (an arc weighs its strength where the graph has strengths,
// else 1; the arcs the engines walk, so self-loops and merged parallel arcs stay out), then
// power steps until the L1 change falls under n * tolerance, networkx's rule.
#include <algorithm>
#include <limits>
#include <string>
#include <utility>

#include "centrality/gpu_centrality_runs.hpp"
#include "centrality/pagerank_steps.cuh"
#include "common/device_memory.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

struct HostTransitions {
  std::vector<std::int64_t> in_offsets;
  std::vector<std::int32_t> tails;
  std::vector<double> shares;
  std::vector<std::uint8_t> dangling;
  std::int64_t kept_nodes = 0;
  double initial_dangling_mass = 0;
};

HostTransitions transitions(const Graph& g, const GraphMask& mask) {
  const std::int32_t n = g.n;
  HostTransitions t;
  std::vector<double> out_weight(n, 0.0);
  t.in_offsets.assign(static_cast<std::size_t>(n) + 1, 0);
  for (std::int32_t u = 0; u < n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (mask.keeps_arc(a, u, g.heads[a])) {
        out_weight[u] += g.has_arc_strengths() ? g.arc_strengths[a] : 1.0;
        ++t.in_offsets[g.heads[a] + 1];
      }
  for (std::int32_t v = 0; v < n; ++v) t.in_offsets[v + 1] += t.in_offsets[v];
  t.tails.resize(t.in_offsets[n]);
  t.shares.resize(t.in_offsets[n]);
  std::vector<std::int64_t> next(t.in_offsets.begin(), t.in_offsets.end() - 1);
  for (std::int32_t u = 0; u < n; ++u) {
    // networkx scales rows by the reciprocal of the row sum, then multiplies.
    const double scale = out_weight[u] != 0 ? 1.0 / out_weight[u] : 0.0;
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (mask.keeps_arc(a, u, g.heads[a])) {
        const std::int64_t at = next[g.heads[a]]++;
        t.tails[at] = u;
        t.shares[at] = scale * (g.has_arc_strengths() ? g.arc_strengths[a] : 1.0);
      }
  }
  t.dangling.assign(n, 0);
  for (std::int32_t u = 0; u < n; ++u)
    if (mask.keeps_node(u)) {
      ++t.kept_nodes;
      t.dangling[u] = out_weight[u] == 0;
    }
  for (std::int32_t u = 0; u < n; ++u)
    if (t.dangling[u]) t.initial_dangling_mass += 1.0 / static_cast<double>(t.kept_nodes);
  return t;
}

template <class T>
DeviceArray<T> upload(const std::vector<T>& host, cudaStream_t s) {
  DeviceArray<T> device(host.size(), s);
  if (!host.empty())
    CUDA_CHECK(cudaMemcpyAsync(device.get(), host.data(), device.bytes(), cudaMemcpyHostToDevice, s));
  return device;
}

}  // namespace

DeviceWork gpu_pagerank(const Graph& g, const CentralityOptions& options, const JobContext& job, const GpuContext& gpu,
                        CentralityResult& result) {
  DeviceWork work;
  const std::int32_t n = g.n;
  result.pagerank.assign(n, std::numeric_limits<double>::quiet_NaN());
  result.pagerank_iterations = 0;
  const HostTransitions t = transitions(g, options.mask);
  if (t.kept_nodes == 0) return work;
  const int iterations = std::max(options.pagerank_max_iterations, 0);
  const std::uint64_t arcs = t.tails.size(), nodes = static_cast<std::uint64_t>(n);
  const std::uint64_t need = (nodes + 1) * 8 + arcs * (4 + 8) + nodes * (1 + 8 + 8) + nodes * 1 +
                             (static_cast<std::uint64_t>(iterations) + 1) * 2 * 8;
  require_within_budget(need, gpu.memory_budget(),
                        "GPU PageRank of " + std::to_string(n) + " nodes and " + std::to_string(arcs) + " arcs");
  job.check_cancel();

  const cudaStream_t s = gpu.stream().get();
  const double upload_start = now_seconds();
  const DeviceArray<std::int64_t> in_offsets = upload(t.in_offsets, s);
  const DeviceArray<std::int32_t> tails = upload(t.tails, s);
  const DeviceArray<double> shares = upload(t.shares, s);
  const DeviceArray<std::uint8_t> dangling = upload(t.dangling, s);
  const DeviceArray<std::uint8_t> node_kept = upload(options.mask.node_kept, s);
  std::vector<double> start(n, 0.0);
  for (std::int32_t v = 0; v < n; ++v)
    if (options.mask.keeps_node(v)) start[v] = 1.0 / static_cast<double>(t.kept_nodes);
  DeviceArray<double> x = upload(start, s);
  DeviceArray<double> x_next(n, s);
  CUDA_CHECK(cudaMemsetAsync(x_next.get(), 0, x_next.bytes(), s));
  // Per step: the dangling mass it reads (slot i) and writes for the next (slot i + 1), and its
  // change (slot iterations + 1 + i), all zeroed at once so no step waits for a memset.
  std::vector<double> scalars(2 * (static_cast<std::size_t>(iterations) + 1), 0.0);
  scalars[0] = t.initial_dangling_mass;
  DeviceArray<double> device_scalars = upload(scalars, s);
  CUDA_CHECK(cudaStreamSynchronize(s));
  work.transfer_seconds += now_seconds() - upload_start;

  const centrality::DeviceTransitions view{in_offsets.get(), tails.get(), shares.get(), dangling.get(),
                                           node_kept.get(), n, static_cast<double>(t.kept_nodes)};
  double* mass = device_scalars.get();
  double* change = device_scalars.get() + iterations + 1;
  Event step_start(true), step_end(true);
  bool converged = false;
  for (int i = 0; i < iterations && !converged; ++i) {
    step_start.record(s);
    centrality::launch_pagerank_step(view, options.pagerank_alpha, x.get(), x_next.get(), mass + i, change + i,
                                     mass + i + 1, gpu.multiprocessors(), s);
    step_end.record(s);
    double step_change = 0;
    CUDA_CHECK(cudaMemcpyAsync(&step_change, change + i, sizeof(double), cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    work.compute_seconds += step_end.seconds_since(step_start);
    work.updates += static_cast<double>(arcs);
    std::swap(x, x_next);
    result.pagerank_iterations = i + 1;
    converged = step_change < static_cast<double>(t.kept_nodes) * options.pagerank_tolerance;
    if (i % 8 == 7) job.check_cancel();
  }
  if (!converged)
    throw Error("PageRank did not converge within " + std::to_string(iterations) + " iterations (tolerance " +
                std::to_string(options.pagerank_tolerance) + " per node)");
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
