// The GPU correlation engine of a build without nvcc: it links, and says why it cannot run.
// A CUDA build compiles correlate_gpu_engine.cu instead; should this file be globbed into such
// a build too, the guard empties it (only a CUDA build has the toolkit's headers on this
// target's include path), so the two never both define make_gpu_correlation_engine().
#if !__has_include(<cuda_runtime_api.h>)
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

#endif  // !__has_include(<cuda_runtime_api.h>)
