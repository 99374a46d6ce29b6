// The correlation family's registry: the CPU engines, and the "gpu" name the CUDA back end
// takes over while the program starts.
#include "correlate/engines.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// What "gpu" is in a program without the CUDA back end: listed, and saying why it cannot run.
class MissingGpuCorrelationEngine final : public CorrelationEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string unavailable_reason() const override { return no_gpu_backend_reason(); }
  CorrelateResult run(RowSource&, const CorrelateOptions&, PairSink*, const JobContext&) override {
    throw Error("the gpu correlation backend is unavailable: " + no_gpu_backend_reason());
  }
};

EngineRegistry<CorrelationEngine> make_registry() {
  EngineRegistry<CorrelationEngine> registry("correlation backend");
  registry.add("cpu", correlate::make_cpu_correlation_engine);
  registry.add("gpu", [] { return std::make_unique<MissingGpuCorrelationEngine>(); });
  registry.add("cpu-rerank", correlate::make_rerank_correlation_engine);
  return registry;
}

}  // namespace

EngineRegistry<CorrelationEngine>& correlation_engines() {
  static EngineRegistry<CorrelationEngine> registry = make_registry();
  return registry;
}

std::vector<std::string> correlation_engine_names() { return correlation_engines().names(); }

std::unique_ptr<CorrelationEngine> make_correlation_engine(const std::string& name) {
  return correlation_engines().make(name);
}

std::string RowCatalog::label(std::int32_t used_row) const {
  if (has_names && static_cast<std::size_t>(used_row) < names.size()) return names[used_row];
  return std::to_string(table_row[used_row]);
}

}  // namespace pathscope
