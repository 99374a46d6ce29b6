// The "cpu" information-flow engine: each repetition is a search by frontiers from the seeds,
// trying each arc out of the last frontier once with the shared draw; threads take whole
// repetitions and keep their own tallies, added together at the end (integers, so the order of
// adding cannot change a bit of the result).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "flow/flow_engines.hpp"
#include "pathscope/flow/detail/flow_plan.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope::detail {
namespace {

// What one thread holds for its repetitions; `reached_by` marks a node reached in the current
// repetition by that repetition's number + 1, so nothing is cleared between repetitions.
struct RunScratch {
  std::vector<std::int32_t> reached_by, frontier, next;
  FlowTallies tallies;
  std::int64_t tried = 0;
  explicit RunScratch(std::int32_t n) : reached_by(n, 0), tallies(n) {
    frontier.reserve(n);
    next.reserve(n);
  }
};

// One repetition; the seeds' layer 1 is added to the tallies once for all repetitions.
void run_once(const Graph& g, const FlowPlan& plan, std::uint64_t seed, std::int32_t run, RunScratch& s) {
  const std::int32_t stamp = run + 1;
  s.frontier.assign(plan.seeds.begin(), plan.seeds.end());
  for (const std::int32_t v : plan.seeds) s.reached_by[v] = stamp;
  for (std::int32_t layer = 2; !s.frontier.empty() && layer <= plan.max_layer; ++layer) {
    s.next.clear();
    const auto layer_value = static_cast<std::uint64_t>(layer);
    for (const std::int32_t u : s.frontier) {
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const double chance = plan.chances[a];
        const std::int32_t v = g.heads[a];
        if (chance <= 0 || s.reached_by[v] == stamp) continue;
        ++s.tried;
        if (!crosses(seed, static_cast<std::uint32_t>(run), static_cast<std::uint64_t>(a), chance)) continue;
        s.reached_by[v] = stamp;
        s.next.push_back(v);
        s.tallies.layer_sum[v] += layer_value;
        s.tallies.layer_square_sum[v] += layer_value * layer_value;
        ++s.tallies.reached[v];
      }
    }
    std::swap(s.frontier, s.next);
  }
}

class CpuFlowEngine final : public FlowEngine {
 public:
  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "one frontier search per repetition with the shared draws, repetitions spread over threads";
  }

  FlowResult run(const Graph& g, const FlowOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    const FlowPlan plan = plan_flow(g, options);
    const int threads = std::max(1, std::min(effective_threads(options), options.repetitions));
    // Per thread: the marks, two frontiers and the tallies (4 + 4 + 4 + 8 + 8 + 4 bytes a
    // node); once: the chances (held by the plan) and the summed tallies.
    const auto n = static_cast<std::uint64_t>(g.n);
    require_within_budget(static_cast<std::uint64_t>(threads) * n * 32u + n * 20u + g.heads.size() * 8u,
                          effective_memory_budget(options),
                          "information flow over " + std::to_string(g.n) + " nodes on " + std::to_string(threads) +
                              " threads");
    const double compute_start = now_seconds();
    FlowTallies total(g.n);
    std::int64_t tried = 0;
    SharedProgress progress(job, options.repetitions);
#pragma omp parallel num_threads(threads)
    {
      RunScratch scratch(g.n);
#pragma omp for schedule(dynamic, 1) nowait
      for (std::int32_t run = 0; run < options.repetitions; ++run) {
        if (progress.should_stop()) continue;
        run_once(g, plan, options.seed, run, scratch);
        progress.unit_done();
      }
#pragma omp critical(pathscope_flow_tallies)
      {
        for (std::int32_t v = 0; v < g.n; ++v) {
          total.layer_sum[v] += scratch.tallies.layer_sum[v];
          total.layer_square_sum[v] += scratch.tallies.layer_square_sum[v];
          total.reached[v] += scratch.tallies.reached[v];
        }
        tried += scratch.tried;
      }
    }
    progress.finish();
    const auto repetitions = static_cast<std::uint64_t>(options.repetitions);
    for (const std::int32_t v : plan.seeds) {
      total.layer_sum[v] = repetitions;
      total.layer_square_sum[v] = repetitions;
      total.reached[v] = options.repetitions;
    }
    FlowResult result = flow_result(total, options.repetitions);
    result.timing.engine = name();
    result.timing.device = cpu_device_label(threads);
    result.timing.seconds = now_seconds() - start;
    result.timing.compute_seconds = now_seconds() - compute_start;
    result.timing.updates = static_cast<double>(tried);
    return result;
  }
};

}  // namespace

std::unique_ptr<FlowEngine> make_cpu_flow_engine() { return std::make_unique<CpuFlowEngine>(); }

}  // namespace pathscope::detail
