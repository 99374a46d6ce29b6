#include "pathscope/apsp/apsp_in_turn.hpp"

#include <algorithm>

#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope {

std::uint64_t apsp_in_turn_bytes(std::int64_t n, const ApspOptions& options, const std::vector<ApspTurn>& turns) {
  std::uint64_t held = 0, peak = 0;
  for (const auto& turn : turns) {
    if (!turn.engine->available()) continue;
    peak = std::max(peak, held + 1);
    if (turn.keep_result) ++held;
  }
  return peak * apsp_result_bytes(n, options.dist, options.next_hop);
}

std::vector<ApspTurnOutcome> run_apsp_in_turn(const Graph& g, const ApspOptions& options,
                                              const std::vector<ApspTurn>& turns, const JobContext& job) {
  require_within_budget(apsp_in_turn_bytes(g.n, options, turns), effective_memory_budget(options),
                        "the all-pairs matrices of these engines");
  std::vector<ApspTurnOutcome> outcomes(turns.size());
  std::size_t runnable = 0;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    outcomes[i].engine = turns[i].engine->name();
    outcomes[i].unavailable_reason = turns[i].engine->unavailable_reason();
    if (outcomes[i].ran()) ++runnable;
  }
  std::size_t done = 0;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    if (!outcomes[i].ran()) continue;
    job.check_cancel();
    const double k = static_cast<double>(runnable);
    auto result = std::make_shared<ApspResult>(
        turns[i].engine->run(g, options, job.slice(static_cast<double>(done) / k, static_cast<double>(done + 1) / k)));
    outcomes[i].timing = result->timing;
    if (turns[i].keep_result) outcomes[i].result = std::move(result);
    ++done;
  }
  job.report(1.0);
  return outcomes;
}

}  // namespace pathscope
