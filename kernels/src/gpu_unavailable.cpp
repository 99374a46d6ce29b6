// The GPU back end of a build without nvcc: the engines exist, so menus and `bench` can list
// them, and say why they cannot run.
#include "pathscope/gpu.hpp"

namespace pathscope {
namespace {

constexpr const char* kReason = "this build of pathscope has no CUDA support (nvcc was not found when it was configured)";

class UnavailableGpuEngine final : public ApspEngine {
 public:
  explicit UnavailableGpuEngine(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::string description() const override { return "GPU engine (unavailable in this build)"; }
  std::string unavailable_reason() const override { return kReason; }
  bool supports(DistType) const override { return true; }
  ApspResult run(const Graph&, const ApspOptions&, const JobContext&) const override {
    throw Error(name_ + ": " + kReason);
  }

 private:
  std::string name_;
};

}  // namespace

GpuInfo gpu_info() {
  GpuInfo info;
  info.reason = kReason;
  return info;
}

std::unique_ptr<ApspEngine> make_gpu_apsp_engine(std::string_view name) {
  if (name == "gpu-naive" || name == "gpu-blocked") return std::make_unique<UnavailableGpuEngine>(std::string(name));
  return nullptr;
}

double gpu_minplus_peak(DistType) { return 0; }

}  // namespace pathscope
