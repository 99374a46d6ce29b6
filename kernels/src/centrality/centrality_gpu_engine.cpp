// The "gpu" centrality engine: Brandes' searches from every source on the device (betweenness,
// closeness and harmonic from one pass per source), PageRank by power steps on the device, and
// the degrees and strengths, linear work, from the CPU engine, which holds their rules.
#include <algorithm>
#include <iterator>
#include <string>

#include "centrality/gpu_centrality_runs.hpp"
#include "common/device.hpp"
#include "common/entry_points.hpp"
#include "common/gpu_context.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::gpu {
namespace {

bool is_linear_measure(CentralityMeasure measure) {
  return measure == CentralityMeasure::InDegree || measure == CentralityMeasure::OutDegree ||
         measure == CentralityMeasure::InStrength || measure == CentralityMeasure::OutStrength;
}

void check_input(const Graph& g, const CentralityOptions& options) {
  if (!options.mask.node_kept.empty() && options.mask.node_kept.size() != static_cast<std::size_t>(g.n))
    throw Error("centrality: the node mask has " + std::to_string(options.mask.node_kept.size()) +
                " entries for a graph of " + std::to_string(g.n) + " nodes");
  if (!options.mask.arc_kept.empty() && options.mask.arc_kept.size() != static_cast<std::size_t>(g.arc_count()))
    throw Error("centrality: the arc mask has " + std::to_string(options.mask.arc_kept.size()) +
                " entries for a graph of " + std::to_string(g.arc_count()) + " arcs");
  if (options.hops || g.unit_weights || !detail::needs_source_searches(options)) return;
  // The device searches order distances by their bits, which holds for non-negative numbers.
  for (const double cost : g.weights)
    if (!(cost >= 0))
      throw Error("centrality by cost needs non-negative costs (the graph has an arc of cost " + std::to_string(cost) +
                  "); use hop counts instead");
}

class GpuCentralityEngine final : public CentralityEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string description() const override {
    return "Brandes from many sources at once on the GPU (a thread block per source), PageRank by power steps";
  }
  std::string unavailable_reason() const override { return device_info().reason; }

  CentralityResult run(const Graph& g, const CentralityOptions& options, const JobContext& job) const override {
    if (const std::string reason = unavailable_reason(); !reason.empty())
      throw Error("the gpu centrality engine: " + reason);
    const double start = now_seconds();
    check_input(g, options);
    CentralityResult result;
    const GpuContext gpu = GpuContext::for_run(options.gpu_memory_budget);
    const bool pagerank = std::find(options.measures.begin(), options.measures.end(), CentralityMeasure::PageRank) !=
                          options.measures.end();
    DeviceWork work;
    const auto add = [&work](const DeviceWork& part) {
      work.compute_seconds += part.compute_seconds;
      work.transfer_seconds += part.transfer_seconds;
      work.updates += part.updates;
    };
    if (detail::needs_source_searches(options))
      add(gpu_source_searches(g, options, job.slice(0.0, pagerank ? 0.95 : 1.0), gpu, result));
    if (pagerank) add(gpu_pagerank(g, options, job.slice(0.95, 1.0), gpu, result));

    CentralityOptions linear = options;
    linear.measures.clear();
    std::copy_if(options.measures.begin(), options.measures.end(), std::back_inserter(linear.measures),
                 is_linear_measure);
    if (!linear.measures.empty()) {
      CentralityResult cpu = pathscope::make_centrality_engine("cpu")->run(g, linear, job.slice(1.0, 1.0));
      for (const CentralityMeasure measure : linear.measures) result.values(measure) = std::move(cpu.values(measure));
    }
    job.report(1.0);

    result.timing.engine = name();
    result.timing.device = gpu.device_name();
    result.timing.seconds = now_seconds() - start;
    result.timing.compute_seconds = work.compute_seconds;
    result.timing.transfer_seconds = work.transfer_seconds;
    result.timing.updates = work.updates;
    return result;
  }
};

}  // namespace

std::unique_ptr<CentralityEngine> make_gpu_centrality_engine() { return std::make_unique<GpuCentralityEngine>(); }

}  // namespace pathscope::gpu
