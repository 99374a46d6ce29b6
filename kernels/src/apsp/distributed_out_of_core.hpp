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
#include "apsp/rank_run_state.hpp"
#include "common/communicator.hpp"

namespace pathscope::gpu {

// The run over `group`'s ranks (rank r on contexts[r], whose budgets size each rank's share),
// the host matrix `out` filled here and streamed in place. `fig.mode` is left to the caller.
// Throws OverBudget when some rank cannot hold even the narrowest super-block.
template <class D>
RunFigures run_ranks_out_of_core(const Graph& g, const MatrixLayout& layout, const std::vector<GpuContext>& contexts,
                                 RankGroup& group, const JobContext& job, ResultVector<typename D::Scalar>& out);

// The widest super-block rank `rank` of `layout` can hold in `budget` beside three slabs of a
// tile's rows (at most 2,048), 0 when not even 128; and the bytes the narrowest one needs.
template <class D>
int widest_super_block(const MatrixLayout& layout, std::int64_t arcs, int rank, std::uint64_t budget);
template <class D>
std::uint64_t rank_stream_least_bytes(const MatrixLayout& layout, std::int64_t arcs, int rank);

// This process's rank of a job of processes, streaming its block from `host` (its rows x its
// columns, dense, pinned) with super-blocks of `width` (the least of every process's
// widest_super_block): what it finds goes into `state`; false when the job was cancelled.
template <class D>
bool stream_job_rank(const Graph& g, const MatrixLayout& layout, const GpuContext& gpu, Communicator& comm,
                     ProcessJob& job, RankRunState& state, int width, typename D::Scalar* host);

}  // namespace pathscope::gpu
