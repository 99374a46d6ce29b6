// The centrality family's registry: the CPU engine, "auto", and the "gpu" name the CUDA back
// end takes over while the program starts.
#include "centrality/centrality_engines.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// From this many arc scans (sources x arcs) the GPU's batched searches pay for their start
// (device set-up and copies, tens of milliseconds); below it the CPU engine finishes first.
// A simple rule, not a cost model: a graph of 2,000 nodes and 20,000 arcs is 4e7 scans.
constexpr double kGpuMinArcScans = 4e7;

class MissingGpuCentralityEngine final : public CentralityEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string description() const override { return "GPU batched Brandes and PageRank (unavailable in this build)"; }
  std::string unavailable_reason() const override { return no_gpu_backend_reason(); }
  CentralityResult run(const Graph&, const CentralityOptions&, const JobContext&) const override {
    throw Error("gpu: " + no_gpu_backend_reason());
  }
};

class AutoCentralityEngine final : public CentralityEngine {
 public:
  std::string name() const override { return "auto"; }
  std::string description() const override {
    return "gpu when a GPU is usable and the searches scan 40 million arcs or more (sources x arcs), else cpu";
  }
  CentralityResult run(const Graph& g, const CentralityOptions& options, const JobContext& job) const override {
    std::int64_t sources = 0;
    for (std::int32_t u = 0; u < g.n; ++u) sources += options.mask.keeps_node(u) ? 1 : 0;
    if (options.samples > 0) sources = std::min(sources, options.samples);
    const double scans = static_cast<double>(sources) * static_cast<double>(g.arc_count());
    if (scans >= kGpuMinArcScans) {
      auto gpu = centrality_engines().make("gpu");
      if (gpu->available()) return gpu->run(g, options, job);
    }
    return centrality_engines().make("cpu")->run(g, options, job);
  }
};

EngineRegistry<CentralityEngine> make_registry() {
  EngineRegistry<CentralityEngine> registry("centrality engine");
  registry.add("cpu", centrality::make_cpu_centrality_engine);
  registry.add("gpu", [] { return std::make_unique<MissingGpuCentralityEngine>(); });
  registry.add("auto", [] { return std::make_unique<AutoCentralityEngine>(); });
  return registry;
}

}  // namespace

EngineRegistry<CentralityEngine>& centrality_engines() {
  static EngineRegistry<CentralityEngine> registry = make_registry();
  return registry;
}

std::vector<std::string> centrality_engine_names() { return centrality_engines().names(); }

std::unique_ptr<CentralityEngine> make_centrality_engine(std::string_view name) { return centrality_engines().make(name); }

}  // namespace pathscope
