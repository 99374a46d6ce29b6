// The GPU tour engines the back end registers (common/install_backend.cpp): each one of the
// searches of this folder under its name.
#include <numeric>

#include "common/device.hpp"
#include "common/entry_points.hpp"

namespace pathscope::gpu {
namespace {

using GpuSearch = TspResult (*)(const TspInstance&, const TspOptions&, const JobContext&, const GpuContext&);
// What a search refuses before it needs the device, so that a wrong request is told so on a
// machine without one too.
using Refusal = void (*)(const TspInstance&, const TspOptions&);

class GpuTspEngine final : public TspEngine {
 public:
  GpuTspEngine(std::string name, std::string description, GpuSearch search, Refusal refuse = nullptr)
      : name_(std::move(name)), description_(std::move(description)), search_(search), refuse_(refuse) {}
  std::string name() const override { return name_; }
  std::string description() const override { return description_; }
  std::string unavailable_reason() const override { return device_info().reason; }
  TspResult run(const TspInstance& instance, const TspOptions& options, const JobContext& job) const override {
    if (refuse_) refuse_(instance, options);
    const GpuContext gpu = GpuContext::for_run(options.gpu_memory_budget);
    return search_(instance, options, job, gpu);
  }

 private:
  std::string name_, description_;
  GpuSearch search_;
  Refusal refuse_;
};

// From options.start_tour, or the stops in index order, down to a 2-opt local optimum.
std::vector<std::int32_t> start_tour(const TspInstance& instance, const TspOptions& options) {
  std::vector<std::int32_t> start = options.start_tour;
  if (start.empty()) {
    start.resize(static_cast<std::size_t>(instance.k));
    std::iota(start.begin(), start.end(), 0);
  }
  return start;
}

void check_start_tour(const TspInstance& instance, const TspOptions& options) {
  check_tour(instance, start_tour(instance, options));
}

TspResult descend(const TspInstance& instance, const TspOptions& options, const JobContext& job, const GpuContext& gpu) {
  TspResult result;
  result.tour = two_opt_descent(instance, start_tour(instance, options), &result.timing, job, gpu);
  result.length = tour_length(instance, result.tour);
  result.algorithm = TspAlgorithm::TwoOpt;
  result.backend = TspBackend::Gpu;
  result.timing.engine = "tsp-2opt-descent-gpu (all moves per step on the GPU)";
  return result;
}

}  // namespace

std::unique_ptr<TspEngine> make_exhaustive_tsp_engine() {
  return std::make_unique<GpuTspEngine>("gpu-brute", "every tour on the GPU (up to 20 stops)", tsp_exhaustive,
                                        [](const TspInstance& instance, const TspOptions&) {
                                          check_exhaustive_size(instance);
                                        });
}

std::unique_ptr<TspEngine> make_held_karp_tsp_engine() {
  return std::make_unique<GpuTspEngine>("gpu-held-karp", "Held-Karp on the GPU, one launch per layer of subsets",
                                        tsp_held_karp);
}

std::unique_ptr<TspEngine> make_two_opt_descent_engine() {
  return std::make_unique<GpuTspEngine>("gpu-2opt-descent", "best-improvement 2-opt on the GPU down to a local optimum",
                                        descend, check_start_tour);
}

}  // namespace pathscope::gpu
