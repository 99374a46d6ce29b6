// The GPU closure engine of a build without nvcc: it exists, so menus and `bench closure` can
// list it, and says why it cannot run. A CUDA build compiles closure_gpu.cu instead.
#include "pathscope/gpu_closure.hpp"

namespace pathscope {
namespace {

constexpr const char* kReason = "this build of pathscope has no CUDA support (nvcc was not found when it was configured)";

class UnavailableGpuClosureEngine final : public ClosureEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string description() const override { return "GPU bit-packed closure (unavailable in this build)"; }
  std::string unavailable_reason() const override { return kReason; }
  ClosureResult run(const Graph&, const ClosureOptions&, const JobContext&) const override {
    throw Error(std::string("gpu: ") + kReason);
  }
};

}  // namespace

std::unique_ptr<ClosureEngine> make_gpu_closure_engine() { return std::make_unique<UnavailableGpuClosureEngine>(); }

}  // namespace pathscope
