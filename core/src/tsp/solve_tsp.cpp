// solve_tsp: picks the algorithm and back end, runs it, and fills in the gap to a known optimum.
#include <cmath>
#include <string>

#include "cpu_solvers.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "pathscope/tsp/detail/typed_costs.hpp"
#include "pathscope/tsp/gpu_tsp.hpp"

namespace pathscope {

TspAlgorithm auto_tsp_algorithm(const TspInstance& instance, const TspOptions& options) {
  if (instance.k <= 10) return TspAlgorithm::Exhaustive;
  const std::int32_t largest = options.backend == TspBackend::Gpu ? 29 : 24;
  if (instance.k <= largest && held_karp_bytes(instance.k, held_karp_entry_bytes(instance)) <= effective_memory_budget(options))
    return TspAlgorithm::HeldKarp;
  return TspAlgorithm::TwoOpt;
}

namespace {

void require_gpu() {
  const auto reason = gpu_tsp_unavailable_reason();
  if (!reason.empty()) throw Error("GPU tour solver unavailable: " + reason);
}

TspResult run_gpu_two_opt(const TspInstance& instance, const TspOptions& options, const JobContext& job) {
  Timing gpu_timing;
  const double start = now_seconds();
  auto start_tour = instance.k >= 5 ? gpu_two_opt_descent(instance, tsp_detail::nearest_neighbour_tour(instance, 0),
                                                          &gpu_timing, job)
                                    : tsp_detail::nearest_neighbour_tour(instance, 0);
  // The GPU's 2-opt optimum is the first start of the CPU's Or-opt and kick rounds.
  TspResult result = tsp_detail::local_search_cpu(instance, options, job, start_tour);
  result.backend = TspBackend::Gpu;
  result.timing.engine = "tsp-2opt-gpu (all moves per step on the GPU, then Or-opt and kicks on the CPU)";
  result.timing.device = gpu_timing.device + " + " + result.timing.device;
  result.timing.seconds = now_seconds() - start;
  result.timing.compute_seconds = gpu_timing.compute_seconds;
  result.timing.transfer_seconds = gpu_timing.transfer_seconds;
  return result;
}

}  // namespace

TspResult solve_tsp(const TspInstance& instance, const TspOptions& options, const JobContext& job) {
  validate_tsp_options(options);
  if (instance.k < 1 || instance.cost.size() != static_cast<std::size_t>(instance.k) * instance.k)
    throw Error(instance.name + ": the instance has no stops or a cost matrix of the wrong size");
  auto stop_name = [&](std::size_t stop) {
    return stop < instance.stop_names.size() ? instance.stop_names[stop] : std::to_string(stop + 1);
  };
  for (std::size_t i = 0; i < instance.cost.size(); ++i)
    if (!std::isfinite(instance.cost[i]) && i / instance.k != i % instance.k)
      throw TspInfeasible(instance.name + ": no tour exists: stop " + stop_name(i % instance.k) +
                          " cannot be reached from stop " + stop_name(i / instance.k));
  const TspAlgorithm algorithm =
      options.algorithm == TspAlgorithm::Auto ? auto_tsp_algorithm(instance, options) : options.algorithm;
  const bool gpu = options.backend == TspBackend::Gpu;
  if (gpu) require_gpu();
  TspResult result;
  switch (algorithm) {
    case TspAlgorithm::Exhaustive:
      result = gpu ? gpu_tsp_exhaustive(instance, options, job) : tsp_detail::exhaustive_cpu(instance, options, job);
      break;
    case TspAlgorithm::HeldKarp:
      result = gpu ? gpu_tsp_held_karp(instance, options, job) : tsp_detail::held_karp_cpu(instance, options, job);
      break;
    default:
      result = gpu ? run_gpu_two_opt(instance, options, job) : tsp_detail::local_search_cpu(instance, options, job);
      break;
  }
  check_tour(instance, result.tour);
  if (instance.known_optimum && *instance.known_optimum > 0)
    result.gap_percent = 100.0 * (result.length - *instance.known_optimum) / *instance.known_optimum;
  job.report(1.0);
  return result;
}

}  // namespace pathscope
