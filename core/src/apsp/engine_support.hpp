#pragma once
// The refusals every CPU all-pairs engine makes before allocating anything of size n^2.
// Threads, progress and the memory budget are every family's (pathscope/runtime/engine.hpp,
// engine/shared_progress.hpp).
#include <cstdint>

#include "pathscope/apsp/apsp.hpp"

namespace pathscope::detail {

// Throws Error when the engine does not support the asked distance type, OverBudget when
// `cells` distances (plus next hops when asked) exceed the budget, Error when int32, int64 or
// float could overflow, NegativeCycle for a negative self-loop. Called before anything of size
// n^2 is allocated.
// `working_bytes` is what the run needs beyond the result itself.
void check_run_request(const ApspEngine& engine, const Graph& g, const ApspOptions& options,
                       std::int64_t cells_per_side, std::uint64_t working_bytes = 0);

}  // namespace pathscope::detail
