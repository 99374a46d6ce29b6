// The information-flow family's registry: the CPU engine, "auto", and the "gpu" name the CUDA
// back end takes over while the program starts (kernels/src/common/install_backend.cpp).
#include "flow/flow_engines.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// What "gpu" is in a program without the CUDA back end: listed, and saying why it cannot run.
class MissingGpuFlowEngine final : public FlowEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string description() const override { return "many repetitions at once on the GPU (unavailable in this build)"; }
  std::string unavailable_reason() const override { return no_gpu_backend_reason(); }
  FlowResult run(const Graph&, const FlowOptions&, const JobContext&) const override {
    throw Error("gpu: " + no_gpu_backend_reason());
  }
};

// Both engines give the same layers for the same seed, so "auto" only picks the faster: the
// GPU whenever one is usable.
class AutoFlowEngine final : public FlowEngine {
 public:
  std::string name() const override { return "auto"; }
  std::string description() const override { return "gpu when a GPU is usable, cpu otherwise (same layers either way)"; }
  FlowResult run(const Graph& g, const FlowOptions& options, const JobContext& job) const override {
    auto gpu = flow_engines().make("gpu");
    if (gpu->available()) return gpu->run(g, options, job);
    return flow_engines().make("cpu")->run(g, options, job);
  }
};

EngineRegistry<FlowEngine> make_registry() {
  EngineRegistry<FlowEngine> registry("flow engine");
  registry.add("cpu", detail::make_cpu_flow_engine);
  registry.add("gpu", [] { return std::make_unique<MissingGpuFlowEngine>(); });
  registry.add("auto", [] { return std::make_unique<AutoFlowEngine>(); });
  return registry;
}

}  // namespace

EngineRegistry<FlowEngine>& flow_engines() {
  static EngineRegistry<FlowEngine> registry = make_registry();
  return registry;
}

std::vector<std::string> flow_engine_names() { return flow_engines().names(); }

std::unique_ptr<FlowEngine> make_flow_engine(std::string_view name) { return flow_engines().make(name); }

}  // namespace pathscope
