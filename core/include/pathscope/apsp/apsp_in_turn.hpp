#pragma once
// Several all-pairs engines on one graph, one after another, as one job: "run both" in the
// explorer, a CPU and a GPU run side by side in the timing panel.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "pathscope/apsp/apsp.hpp"

namespace pathscope {

struct ApspTurn {
  std::shared_ptr<const ApspEngine> engine;
  bool keep_result = false;  // the matrix is returned, not only the Timing
};

struct ApspTurnOutcome {
  std::string engine;              // the engine's name
  std::string unavailable_reason;  // not empty: skipped, nothing ran
  Timing timing;
  std::shared_ptr<const ApspResult> result;  // when kept
  bool ran() const { return unavailable_reason.empty(); }
};

// The n^2 need of these turns: one matrix for each kept result, plus the one a later turn
// builds while the kept ones are held.
std::uint64_t apsp_in_turn_bytes(std::int64_t n, const ApspOptions& options, const std::vector<ApspTurn>& turns);

// Runs the available engines in list order; unavailable ones are skipped and say why. The
// budget (effective_memory_budget(options)) is checked once, before anything runs (throws
// OverBudget). The i-th of k engines that run reports its progress as [i/k, (i+1)/k] of the
// job's and shares its cancel flag, so a cancel in any engine ends the whole job (throws
// Cancelled). Other engine errors propagate as they are.
std::vector<ApspTurnOutcome> run_apsp_in_turn(const Graph& g, const ApspOptions& options,
                                              const std::vector<ApspTurn>& turns, const JobContext& job);

}  // namespace pathscope
