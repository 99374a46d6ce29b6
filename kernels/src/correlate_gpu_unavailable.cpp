// The GPU correlation engine of a build without nvcc: it links, and says why it cannot run.
// kernels/CMakeLists.txt compiles it only when the CUDA engine is not built.
#include "pathscope/error.hpp"
#include "pathscope/gpu_correlate.hpp"

namespace pathscope {
namespace {

class UnavailableGpuCorrelationEngine final : public CorrelationEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string unavailable_reason() const override { return "this build has no CUDA (nvcc was not found)"; }
  CorrelateResult run(RowSource&, const CorrelateOptions&, PairSink*, const JobContext&) override {
    throw Error("the gpu correlation backend is unavailable: " + unavailable_reason());
  }
};

}  // namespace

std::unique_ptr<CorrelationEngine> make_gpu_correlation_engine() {
  return std::make_unique<UnavailableGpuCorrelationEngine>();
}

}  // namespace pathscope

