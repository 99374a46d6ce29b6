// The tour family's registry: the CPU searches, "auto" on each back end, "gpu-2opt" (the
// device's descent, then the CPU's kicks), and the GPU names the CUDA back end takes over while
// the program starts. make_tsp_engine wraps every engine in the checks all of them share.
#include <cmath>
#include <string>

#include "cpu_solvers.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope {

TspAlgorithm auto_tsp_algorithm(const TspInstance& instance, TspBackend backend, const EngineResources& resources) {
  if (instance.k <= 10) return TspAlgorithm::Exhaustive;
  const std::int32_t largest = backend == TspBackend::Gpu ? 29 : 24;
  if (instance.k <= largest &&
      held_karp_bytes(instance.k, held_karp_entry_bytes(instance)) <= effective_memory_budget(resources))
    return TspAlgorithm::HeldKarp;
  return TspAlgorithm::TwoOpt;
}

namespace {

using CpuSearch = TspResult (*)(const TspInstance&, const TspOptions&, const JobContext&);

class CpuTspEngine final : public TspEngine {
 public:
  CpuTspEngine(std::string name, std::string description, CpuSearch search)
      : name_(std::move(name)), description_(std::move(description)), search_(search) {}
  std::string name() const override { return name_; }
  std::string description() const override { return description_; }
  TspResult run(const TspInstance& instance, const TspOptions& options, const JobContext& job) const override {
    return search_(instance, options, job);
  }

 private:
  std::string name_, description_;
  CpuSearch search_;
};

// What the GPU names are in a program without the CUDA back end: listed, and saying why they
// cannot run.
class MissingGpuTspEngine final : public TspEngine {
 public:
  explicit MissingGpuTspEngine(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::string description() const override { return "GPU tour search (unavailable in this build)"; }
  std::string unavailable_reason() const override { return no_gpu_backend_reason(); }
  TspResult run(const TspInstance&, const TspOptions&, const JobContext&) const override {
    throw Error(name_ + ": " + no_gpu_backend_reason());
  }

 private:
  std::string name_;
};

class AutoTspEngine final : public TspEngine {
 public:
  explicit AutoTspEngine(TspBackend backend) : backend_(backend) {}
  std::string name() const override { return tsp_engine_name(TspAlgorithm::Auto, backend_); }
  std::string description() const override {
    return "brute up to 10 stops, held-karp while its table fits (up to " +
           std::string(backend_ == TspBackend::Gpu ? "29" : "24") + " stops), 2opt beyond";
  }
  std::string unavailable_reason() const override {
    return backend_ == TspBackend::Gpu ? tsp_engines().make("gpu-brute")->unavailable_reason() : std::string();
  }
  TspResult run(const TspInstance& instance, const TspOptions& options, const JobContext& job) const override {
    const TspAlgorithm algorithm = auto_tsp_algorithm(instance, backend_, options);
    return tsp_engines().make(tsp_engine_name(algorithm, backend_))->run(instance, options, job);
  }

 private:
  TspBackend backend_;
};

// The GPU's 2-opt optimum is the first start of the CPU's Or-opt and kick rounds.
class GpuTwoOptEngine final : public TspEngine {
 public:
  std::string name() const override { return "gpu-2opt"; }
  std::string description() const override {
    return "2-opt descent on the GPU (all moves per step), then Or-opt and kicks on the CPU";
  }
  std::string unavailable_reason() const override { return descent()->unavailable_reason(); }
  TspResult run(const TspInstance& instance, const TspOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    TspOptions kicks = options;
    if (kicks.start_tour.empty()) kicks.start_tour = tsp_detail::nearest_neighbour_tour(instance, 0);
    Timing gpu_timing;
    if (instance.k >= 5) {
      TspResult descended = descent()->run(instance, kicks, job);
      kicks.start_tour = std::move(descended.tour);
      gpu_timing = descended.timing;
    }
    TspResult result = tsp_detail::local_search_cpu(instance, kicks, job);
    result.backend = TspBackend::Gpu;
    result.timing.engine = "tsp-2opt-gpu (all moves per step on the GPU, then Or-opt and kicks on the CPU)";
    result.timing.device = gpu_timing.device + " + " + result.timing.device;
    result.timing.seconds = now_seconds() - start;
    result.timing.compute_seconds = gpu_timing.compute_seconds;
    result.timing.transfer_seconds = gpu_timing.transfer_seconds;
    return result;
  }

 private:
  static std::unique_ptr<TspEngine> descent() { return tsp_engines().make("gpu-2opt-descent"); }
};

// What every engine's answer goes through on its way out of make_tsp_engine.
class CheckedTours final : public TspEngine {
 public:
  explicit CheckedTours(std::unique_ptr<TspEngine> engine) : engine_(std::move(engine)) {}
  std::string name() const override { return engine_->name(); }
  std::string description() const override { return engine_->description(); }
  std::string unavailable_reason() const override { return engine_->unavailable_reason(); }
  TspResult run(const TspInstance& instance, const TspOptions& options, const JobContext& job) const override {
    validate_tsp_options(options);
    refuse_broken_instance(instance);
    if (!options.start_tour.empty()) check_tour(instance, options.start_tour);
    require_available(*engine_);
    TspResult result = engine_->run(instance, options, job);
    check_tour(instance, result.tour);
    if (instance.known_optimum && *instance.known_optimum > 0)
      result.gap_percent = 100.0 * (result.length - *instance.known_optimum) / *instance.known_optimum;
    job.report(1.0);
    return result;
  }

 private:
  static void refuse_broken_instance(const TspInstance& instance) {
    if (instance.k < 1 || instance.cost.size() != static_cast<std::size_t>(instance.k) * instance.k)
      throw Error(instance.name + ": the instance has no stops or a cost matrix of the wrong size");
    auto stop_name = [&](std::size_t stop) {
      return stop < instance.stop_names.size() ? instance.stop_names[stop] : std::to_string(stop + 1);
    };
    for (std::size_t i = 0; i < instance.cost.size(); ++i)
      if (!std::isfinite(instance.cost[i]) && i / instance.k != i % instance.k)
        throw TspInfeasible(instance.name + ": no tour exists: stop " + stop_name(i % instance.k) +
                            " cannot be reached from stop " + stop_name(i / instance.k));
  }

  std::unique_ptr<TspEngine> engine_;
};

EngineRegistry<TspEngine> make_registry() {
  EngineRegistry<TspEngine> registry("tour engine");
  registry.add("auto", [] { return std::make_unique<AutoTspEngine>(TspBackend::Cpu); });
  registry.add("brute", [] {
    return std::make_unique<CpuTspEngine>("brute", "every tour, all threads (up to 20 stops)", tsp_detail::exhaustive_cpu);
  });
  registry.add("held-karp", [] {
    return std::make_unique<CpuTspEngine>("held-karp", "Held-Karp dynamic programming, exact, all threads",
                                          tsp_detail::held_karp_cpu);
  });
  registry.add("2opt", [] {
    return std::make_unique<CpuTspEngine>(
        "2opt", "multi-start 2-opt and Or-opt with kicks (iterated Lin-Kernighan when symmetric), all threads",
        tsp_detail::local_search_cpu);
  });
  registry.add("gpu-auto", [] { return std::make_unique<AutoTspEngine>(TspBackend::Gpu); });
  for (const char* gpu : {"gpu-brute", "gpu-held-karp", "gpu-2opt-descent"})
    registry.add(gpu, [gpu] { return std::make_unique<MissingGpuTspEngine>(gpu); });
  registry.add("gpu-2opt", [] { return std::make_unique<GpuTwoOptEngine>(); });
  return registry;
}

}  // namespace

EngineRegistry<TspEngine>& tsp_engines() {
  static EngineRegistry<TspEngine> registry = make_registry();
  return registry;
}

std::vector<std::string> tsp_engine_names() { return tsp_engines().names(); }

std::unique_ptr<TspEngine> make_tsp_engine(std::string_view name) {
  return std::make_unique<CheckedTours>(tsp_engines().make(name));
}

}  // namespace pathscope
