#pragma once
// Whole rows out of a 2-D block distribution: in a job of processes (one rank each) every rank
// holds a block of rows x columns, but its share of the output (row_share.hpp) is whole rows,
// which the ranks of a process row hold in pieces. Rounds of one grouped NCCL step: in round r
// every rank receives the pieces of its r-th slab (at most one tile row, so within one process
// row) from the ranks of that process row, lays them side by side on its device and hands the
// rows to `take` through the device's staging. All ranks take part in every round. Each row is
// hashed on the device where it was assembled (the host's hash, detail/row_hash.hpp), so a run
// whose rows go nowhere (a benchmark) copies none of them down.
#include <cstdint>

#include "apsp/distributed_grid.hpp"
#include "common/communicator.hpp"
#include "common/gpu_context.hpp"
#include "common/run_trace.hpp"
#include "common/staging.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/row_share.hpp"

namespace pathscope::gpu {

// The slabs of `share`'s rows: each within one tile row of `tile` rows, in row order.
std::vector<RowRange> share_slabs(const RowShare& share, std::int64_t n, int tile);

// Device bytes gather_share_rows allocates on a rank of `layout` (at most), with the block in
// device memory or in host memory (whose pieces are staged on the device to be sent).
std::uint64_t share_rows_bytes(const MatrixLayout& layout, std::size_t cell_bytes, bool block_on_host = false);

// `block`: this rank's block (layout.part(comm.rank())), row-major with its padded width as
// pitch, in device memory, or with `block_on_host` in pinned host memory (an out-of-core
// rank's). `share.ranks` must be the communicator's size. The share's row hashes go into
// `hashes`; `take`, when given, gets rows [row0, row0 + rows) of the n x n matrix, dense; what it
// throws is kept until every round has run (the other ranks wait for this one's transfers), then
// rethrown. `trace` gets the time in the exchanges, in the copies down and in `take`.
template <class Scalar>
void gather_share_rows(const MatrixLayout& layout, Communicator& comm, const Scalar* block, bool block_on_host,
                       const RowShare& share, const GpuContext& gpu, RowChecksums& hashes, const TakeRows* take,
                       RunTrace& trace);

}  // namespace pathscope::gpu
