// Exhaustive search on all CPU threads, over the index space of tsp_walk.hpp.
#include <omp.h>

#include <algorithm>
#include <string>

#include "cpu_solvers.hpp"
#include "pathscope/tsp/detail/typed_costs.hpp"
#include "pathscope/tsp/tsp_walk.hpp"

namespace pathscope::tsp_detail {
namespace {

using tsp_walk::Best;
using tsp_walk::TourSpace;

template <typename Cost>
TspResult search(const TspInstance& instance, const TourSpace& space, const TspOptions& options, const JobContext& job) {
  const std::vector<Cost> costs = typed_costs<Cost>(instance);
  const int threads = effective_threads(options);
  const double start = now_seconds();
  Best<Cost> best{worst_cost<Cost>(), 0};
  // Batches end at the points where progress, cancel and the time limit are looked at; their
  // size adapts so that each takes about a fifth of a second.
  std::uint64_t batch_units = static_cast<std::uint64_t>(threads) * 16;
  std::uint64_t done = 0;
  bool stopped_early = false;
  while (done < space.units) {
    job.check_cancel();
    if (options.time_limit_seconds > 0 && now_seconds() - start > options.time_limit_seconds) {
      stopped_early = true;
      break;
    }
    const std::uint64_t batch_end = std::min(space.units, done + batch_units);
    const std::uint64_t tasks = static_cast<std::uint64_t>(threads) * 8;
    const std::uint64_t per_task = (batch_end - done + tasks - 1) / tasks;
    const double batch_start = now_seconds();
    std::vector<Best<Cost>> bests(threads, Best<Cost>{worst_cost<Cost>(), 0});
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (std::int64_t t = 0; t < static_cast<std::int64_t>(tasks); ++t) {
      const std::uint64_t from = done + static_cast<std::uint64_t>(t) * per_task;
      const std::uint64_t to = std::min(batch_end, from + per_task);
      auto& mine = bests[omp_get_thread_num()];
      // Each task's best is merged by (cost, index), as the GPU's block reduction does.
      Best<Cost> task_best{worst_cost<Cost>(), 0};
      if (from < to) tsp_walk::search_units_any<Cost>(costs.data(), space, from, to, task_best);
      if (task_best.cost < mine.cost || (task_best.cost == mine.cost && task_best.index < mine.index)) mine = task_best;
    }
    for (const auto& b : bests)
      if (b.cost < best.cost || (b.cost == best.cost && b.index < best.index)) best = b;
    done = batch_end;
    job.report(static_cast<double>(done) / static_cast<double>(space.units));
    const double took = now_seconds() - batch_start;
    if (took < 0.1) batch_units *= 2;
    else if (took > 0.4 && batch_units > static_cast<std::uint64_t>(threads)) batch_units /= 2;
  }
  TspResult result;
  result.algorithm = TspAlgorithm::Exhaustive;
  result.backend = TspBackend::Cpu;
  result.fraction_searched = static_cast<double>(done) / static_cast<double>(space.units);
  result.proven_optimal = !stopped_early;
  if (done > 0) {
    int tour[tsp_walk::kMaxStops];
    tsp_walk::decode_tour(space, best.index, tour);
    result.tour.assign(tour, tour + instance.k);
    result.length = tour_length(instance, result.tour);
  }
  result.timing.engine = "tsp-brute-cpu";
  result.timing.device = cpu_device_label(threads);
  result.timing.seconds = result.timing.compute_seconds = now_seconds() - start;
  result.timing.updates = static_cast<double>(done) * static_cast<double>(space.suffix_factorial);
  return result;
}

}  // namespace

TspResult exhaustive_cpu(const TspInstance& instance, const TspOptions& options, const JobContext& job) {
  if (instance.k > kMaxExhaustiveStops)
    throw Error(instance.name + ": exhaustive search handles at most " + std::to_string(kMaxExhaustiveStops) +
                " stops (" + std::to_string(instance.k) + " given); use held-karp or 2opt");
  if (instance.k <= 2) {
    TspResult result;
    result.algorithm = TspAlgorithm::Exhaustive;
    for (std::int32_t i = 0; i < instance.k; ++i) result.tour.push_back(i);
    result.length = tour_length(instance, result.tour);
    result.proven_optimal = true;
    result.timing.engine = "tsp-brute-cpu";
    result.timing.device = "CPU";
    result.timing.updates = 1;
    return result;
  }
  const TourSpace space = tsp_walk::make_tour_space(instance.k, instance.symmetric);
  switch (choose_cost_kind(instance)) {
    case CostKind::Int16: return search<std::int16_t>(instance, space, options, job);
    case CostKind::Int32: return search<std::int32_t>(instance, space, options, job);
    case CostKind::Int64: return search<std::int64_t>(instance, space, options, job);
    default: return search<double>(instance, space, options, job);
  }
}

}  // namespace pathscope::tsp_detail
