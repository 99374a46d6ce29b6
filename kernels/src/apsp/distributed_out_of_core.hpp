#pragma once
// gpu-blocked over several ranks when a rank's block exceeds its GPU's budget: every rank
// streams its block from host memory, as the one-GPU out-of-core engine streams the matrix
// (blocked_out_of_core.cu), and the ranks exchange the panels of each super-block as the
// in-core ranks exchange those of each pivot (distributed_blocked.cu). docs/gpu.md, "Out of
// core on every rank", says how and what it costs.
#include <cstdint>
#include <vector>

#include "apsp/distributed_grid.hpp"
#include "apsp/gpu_runs.hpp"
#include "common/communicator.hpp"

namespace pathscope::gpu {

// The run over `group`'s ranks (rank r on contexts[r], whose budgets size each rank's share),
// the host matrix `out` filled here and streamed in place. `fig.mode` is left to the caller.
// Throws OverBudget when some rank cannot hold even the narrowest super-block.
template <class D>
RunFigures run_ranks_out_of_core(const Graph& g, const MatrixLayout& layout, const std::vector<GpuContext>& contexts,
                                 RankGroup& group, const JobContext& job, std::vector<typename D::Scalar>& out);

}  // namespace pathscope::gpu
