// The "cpu" information-flow engine: a search by frontiers from the seeds, 64 repetitions at a
// time as the bits of one word per node (as the GPU engine holds them), so one pass over a
// frontier node's arcs serves every repetition that has it at its frontier: about a tenth of
// the arc visits of one search per repetition on a brain. Threads take whole words and keep
// their own tallies, added together at the end (integers, so the order of adding cannot change
// a bit of the result).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "flow/flow_engines.hpp"
#include "pathscope/flow/detail/flow_plan.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "runtime/shared_progress.hpp"

namespace pathscope::detail {
namespace {

constexpr std::int32_t kRunsPerWord = 64;

// What one thread holds for its words: per node the repetitions that reached it, those at the
// frontier and those reaching it in the current step, with the lists of nodes whose frontier
// or next word is not zero (so a step visits only those).
struct WordScratch {
  std::vector<std::uint64_t> reached, frontier_bits, next_bits;
  std::vector<std::int32_t> frontier, next, touched;
  FlowTallies tallies;
  std::int64_t tried = 0;
  explicit WordScratch(std::int32_t n) : reached(n, 0), frontier_bits(n, 0), next_bits(n, 0), tallies(n) {}
};

// Repetitions [first_run, first_run + runs) of one word; the seeds' layer 1 is added to the
// tallies once for all repetitions.
void run_word(const Graph& g, const FlowPlan& plan, std::uint64_t seed, std::uint32_t first_run, std::int32_t runs,
              WordScratch& s) {
  const std::uint64_t all = runs >= kRunsPerWord ? ~std::uint64_t{0} : (std::uint64_t{1} << runs) - 1;
  for (const std::int32_t v : s.touched) s.reached[v] = 0;
  s.touched.assign(plan.seeds.begin(), plan.seeds.end());
  s.frontier.assign(plan.seeds.begin(), plan.seeds.end());
  for (const std::int32_t v : plan.seeds) s.reached[v] = s.frontier_bits[v] = all;
  for (std::int32_t layer = 2; !s.frontier.empty() && layer <= plan.max_layer; ++layer) {
    s.next.clear();
    for (const std::int32_t u : s.frontier) {
      const std::uint64_t at_u = s.frontier_bits[u];
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const double chance = plan.chances[a];
        if (chance <= 0) continue;
        const std::int32_t v = g.heads[a];
        // Repetitions with u at their frontier that have not reached v: each tries this arc once.
        std::uint64_t trying = at_u & ~s.reached[v];
        if (trying == 0) continue;
        s.tried += std::popcount(trying);
        std::uint64_t crossed = 0;
        for (; trying != 0; trying &= trying - 1) {
          const int bit = std::countr_zero(trying);
          if (crosses(seed, first_run + static_cast<std::uint32_t>(bit), static_cast<std::uint64_t>(a), chance))
            crossed |= std::uint64_t{1} << bit;
        }
        if (crossed == 0) continue;
        if (s.reached[v] == 0) s.touched.push_back(v);
        if (s.next_bits[v] == 0) s.next.push_back(v);
        s.reached[v] |= crossed;
        s.next_bits[v] |= crossed;
      }
    }
    const auto layer_value = static_cast<std::uint64_t>(layer);
    for (const std::int32_t u : s.frontier) s.frontier_bits[u] = 0;
    for (const std::int32_t v : s.next) {
      const auto count = static_cast<std::uint64_t>(std::popcount(s.next_bits[v]));
      s.tallies.layer_sum[v] += count * layer_value;
      s.tallies.layer_square_sum[v] += count * layer_value * layer_value;
      s.tallies.reached[v] += static_cast<std::int32_t>(count);
      s.frontier_bits[v] = s.next_bits[v];
      s.next_bits[v] = 0;
    }
    std::swap(s.frontier, s.next);
  }
  for (const std::int32_t u : s.frontier) s.frontier_bits[u] = 0;
}

class CpuFlowEngine final : public FlowEngine {
 public:
  std::string name() const override { return "cpu"; }
  std::string description() const override {
    return "frontier search of 64 repetitions at a time (one bit each) with the shared draws, words spread over "
           "threads";
  }

  FlowResult run(const Graph& g, const FlowOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    const FlowPlan plan = plan_flow(g, options);
    const std::int32_t words = (options.repetitions + kRunsPerWord - 1) / kRunsPerWord;
    const int threads = std::max(1, std::min(effective_threads(options), words));
    // Per thread: three words, three lists and the tallies (24 + 12 + 20 bytes a node); once:
    // the chances (held by the plan) and the summed tallies.
    const auto n = static_cast<std::uint64_t>(g.n);
    require_within_budget(static_cast<std::uint64_t>(threads) * n * 56u + n * 20u + g.heads.size() * 8u,
                          effective_memory_budget(options),
                          "information flow over " + std::to_string(g.n) + " nodes on " + std::to_string(threads) +
                              " threads");
    const double compute_start = now_seconds();
    FlowTallies total(g.n);
    std::int64_t tried = 0;
    SharedProgress progress(job, words);
#pragma omp parallel num_threads(threads)
    {
      WordScratch scratch(g.n);
#pragma omp for schedule(dynamic, 1) nowait
      for (std::int32_t word = 0; word < words; ++word) {
        if (progress.should_stop()) continue;
        const std::int32_t first_run = word * kRunsPerWord;
        run_word(g, plan, options.seed, static_cast<std::uint32_t>(first_run),
                 std::min(kRunsPerWord, options.repetitions - first_run), scratch);
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
