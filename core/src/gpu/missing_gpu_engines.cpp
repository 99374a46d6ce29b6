#include "gpu/missing_gpu_engines.hpp"

#include "pathscope/gpu/detail/gpu_backend.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::detail {
namespace {

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

class MissingGpuClosureEngine final : public ClosureEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string description() const override { return "GPU bit-packed closure (unavailable in this build)"; }
  std::string unavailable_reason() const override { return no_gpu_backend_reason(); }
  ClosureResult run(const Graph&, const ClosureOptions&, const JobContext&) const override {
    throw Error("gpu: " + no_gpu_backend_reason());
  }
};

class MissingGpuCorrelationEngine final : public CorrelationEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string unavailable_reason() const override { return no_gpu_backend_reason(); }
  CorrelateResult run(RowSource&, const CorrelateOptions&, PairSink*, const JobContext&) override {
    throw Error("the gpu correlation backend is unavailable: " + no_gpu_backend_reason());
  }
};

}  // namespace

std::unique_ptr<ApspEngine> make_missing_gpu_apsp_engine(std::string name) {
  return std::make_unique<MissingGpuApspEngine>(std::move(name));
}

std::unique_ptr<ClosureEngine> make_missing_gpu_closure_engine() { return std::make_unique<MissingGpuClosureEngine>(); }

std::unique_ptr<CorrelationEngine> make_missing_gpu_correlation_engine() {
  return std::make_unique<MissingGpuCorrelationEngine>();
}

}  // namespace pathscope::detail
