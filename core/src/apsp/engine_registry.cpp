// The all-pairs family's registry: the CPU engines, and the GPU names the CUDA back end takes
// over while the program starts.
#include "apsp/cpu_engines.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// What the GPU engines are in a program without the CUDA back end: listed, so
// menus and `bench` show them, and saying why they cannot run.
class MissingGpuApspEngine final : public ApspEngine {
 public:
  explicit MissingGpuApspEngine(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::string description() const override { return "GPU engine (unavailable in this build)"; }
  std::string unavailable_reason() const override { return no_gpu_backend_reason(); }
  bool supports(DistType t) const override { return t != DistType::Int64; }  // as the real ones
  ApspResult run(const Graph&, const ApspOptions&, const JobContext&) const override {
    throw Error(name_ + ": " + no_gpu_backend_reason());
  }

 private:
  std::string name_;
};

EngineRegistry<ApspEngine> make_registry() {
  EngineRegistry<ApspEngine> registry("engine");
  registry.add("textbook", detail::make_textbook_engine);
  registry.add("blocked", detail::make_blocked_engine);
  registry.add("sparse", detail::make_sparse_engine);
  registry.add("auto", detail::make_auto_engine);
  for (const char* gpu : {"gpu-naive", "gpu-blocked", "gpu-sparse"})
    registry.add(gpu, [gpu] { return std::make_unique<MissingGpuApspEngine>(gpu); });
  return registry;
}

}  // namespace

EngineRegistry<ApspEngine>& apsp_engines() {
  static EngineRegistry<ApspEngine> registry = make_registry();
  return registry;
}

std::vector<std::string> apsp_engine_names() { return apsp_engines().names(); }

std::unique_ptr<ApspEngine> make_apsp_engine(std::string_view name) { return apsp_engines().make(name); }

}  // namespace pathscope
