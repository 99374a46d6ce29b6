// Held-Karp on CPU threads: layers of subsets by size, each layer split over threads by rank.
#include <omp.h>

#include <algorithm>
#include <string>

#include "cpu_solvers.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "pathscope/tsp/detail/held_karp_support.hpp"
#include "pathscope/tsp/detail/typed_costs.hpp"
#include "pathscope/tsp/tsp_walk.hpp"

namespace pathscope::tsp_detail {
namespace {

template <typename Cost>
TspResult run(const TspInstance& instance, const TspOptions& options, const JobContext& job) {
  const int k = instance.k, m = k - 1, threads = effective_threads(options);
  const std::vector<Cost> costs = typed_costs<Cost>(instance);
  const double start = now_seconds();
  std::vector<Cost> dp(static_cast<std::size_t>(held_karp_entries(k)));
  std::uint64_t binomials[tsp_walk::kBinomialEntries];
  tsp_walk::fill_binomials(binomials);
  for (int size = 0; size < m; ++size) {  // subsets of `size` stops fill those of size + 1
    job.check_cancel();
    const auto count = static_cast<std::int64_t>(tsp_walk::binomial(m, size));
#pragma omp parallel for num_threads(threads) schedule(static)
    for (std::int64_t rank = 0; rank < count; ++rank)
      tsp_walk::held_karp_extend<Cost>(costs.data(), k, dp.data(), tsp_walk::unrank_subset(rank, size, m, binomials));
    job.report(static_cast<double>(size + 1) / m);
  }
  TspResult result;
  result.tour = held_karp_tour<Cost>(costs.data(), k, [&](std::uint32_t subset) {
    return dp.data() + static_cast<std::size_t>(subset) * m;
  });
  result.length = tour_length(instance, result.tour);
  result.algorithm = TspAlgorithm::HeldKarp;
  result.backend = TspBackend::Cpu;
  result.proven_optimal = true;
  result.timing.engine = std::string("tsp-held-karp-cpu (") + cost_kind_name(choose_cost_kind(instance)) + ")";
  result.timing.device = cpu_device_label(threads);
  result.timing.seconds = result.timing.compute_seconds = now_seconds() - start;
  result.timing.updates = held_karp_transitions(k);
  return result;
}

}  // namespace

TspResult held_karp_cpu(const TspInstance& instance, const TspOptions& options, const JobContext& job) {
  if (instance.k <= 2) return exhaustive_cpu(instance, options, job);
  check_held_karp_budget(instance, effective_memory_budget(options), "memory budget");
  switch (choose_cost_kind(instance)) {
    case CostKind::Int16: return run<std::int16_t>(instance, options, job);
    case CostKind::Int32: return run<std::int32_t>(instance, options, job);
    case CostKind::Int64: return run<std::int64_t>(instance, options, job);
    default: return run<double>(instance, options, job);
  }
}

}  // namespace pathscope::tsp_detail
