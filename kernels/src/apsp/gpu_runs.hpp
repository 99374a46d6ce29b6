#pragma once
// The GPU runs behind the engines, one per algorithm, each templated on the distance type
// (dist_traits.cuh). They fill the host matrix, or hand its rows to `sink` when one is given,
// and the figures; the engines (gpu_engines.cu) do the refusing, the hop16 fallback and the
// Timing.
#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/gpu_context.hpp"
#include "common/host_transfer.hpp"
#include "common/staging.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/matrix_sink.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope::gpu {

struct RunFigures {
  double compute_seconds = 0;   // device time of the kernels (events)
  double transfer_seconds = 0;  // host wall time spent in uploads and downloads
  int negative_node = -1;       // a node with D[i][i] < 0, or -1
  bool hop16_clipped = false;   // hop16: a cell reached the clipping witness (see dist_traits)
  std::string mode;             // "in-core", "out-of-core (W=..., slabs=...)"
  bool rows_in_sink = false;    // the distances went to the sink, `out` is empty
  double arc_scans = 0;         // gpu-sparse: the arcs its searches scanned (its updates)
};

// Device bytes an in-core blocked run needs; over the budget the run goes out of core.
template <class D>
std::uint64_t blocked_in_core_bytes(std::int64_t n, std::int64_t arcs, bool next_hop);
template <class D>
std::uint64_t naive_bytes(std::int64_t n, std::int64_t arcs);

// The one-GPU runs work on `gpu`: its stream, and (out of core) its memory budget.
template <class D>
RunFigures run_blocked_in_core(const GpuContext& gpu, const Graph& g, const JobContext& job,
                               ResultVector<typename D::Scalar>& out, ResultVector<std::int32_t>* next, MatrixSink* sink);
template <class D>
RunFigures run_blocked_out_of_core(const GpuContext& gpu, const Graph& g, const JobContext& job,
                                   ResultVector<typename D::Scalar>& out, MatrixSink* sink);
// gpu-blocked over the ranks options.gpus names (distributed_blocked.cu); every rank's block in
// its GPU's memory, gathered into `out`, or, when some block exceeds its rank's budget, every
// rank streaming its block from `out` (distributed_out_of_core.hpp). Each rank makes its own
// context on its device.
template <class D>
RunFigures run_blocked_distributed(const Graph& g, const ApspOptions& options, const JobContext& job,
                                   ResultVector<typename D::Scalar>& out);
// gpu-blocked as this process's rank of options.job (one GPU each): its block in GPU memory,
// its share of whole rows (row_share.hpp, bands of sink->row_band()) handed to `sink` if any,
// and the whole matrix's checksum, agreed by every process, in `checksum`.
template <class D>
RunFigures run_blocked_job(const Graph& g, const ApspOptions& options, const JobContext& job, MatrixSink* sink,
                           std::uint64_t& checksum);
// gpu-sparse (sparse_rows.cu): a search from every source, for costs of 0 or more; no next hops.
template <class D>
RunFigures run_sparse(const GpuContext& gpu, const Graph& g, const JobContext& job, ResultVector<typename D::Scalar>& out,
                      MatrixSink* sink);
template <class D>
RunFigures run_naive(const GpuContext& gpu, const Graph& g, const JobContext& job, ResultVector<typename D::Scalar>& out,
                     ResultVector<std::int32_t>* next, MatrixSink* sink);

// Hands rows [row0, row0 + rows) of a device matrix of n columns (those rows at `device`, row
// pitch `pitch` cells) to `sink` through the staging of `gpu`'s device, or, with no sink,
// copies them into their place in `out` (already sized n x n).
// With `fill` (the background sizing of `out`, maybe still running), the first chunk waits for
// it; with `in_flight`, rows still being computed (staging.hpp).
template <class Scalar>
void deliver_rows(const Scalar* device, std::size_t pitch, std::int64_t row0, std::int64_t rows, int n,
                  MatrixSink* sink, ResultVector<Scalar>& out, const GpuContext& gpu,
                  BackgroundResize<Scalar>* fill = nullptr, const RowsInFlight* in_flight = nullptr) {
  const std::size_t row_bytes = std::size_t(n) * sizeof(Scalar);
  if (!sink) {
    download_rows(
        device, pitch * sizeof(Scalar), std::size_t(rows), row_bytes,
        [fill, &out, row0, n, row_bytes](std::size_t first, std::size_t count, const void* staged) {
          Scalar* data = fill ? fill->wait_for_out() : out.data();
          parallel_copy(data + (std::size_t(row0) + first) * std::size_t(n), staged, count * row_bytes);
        },
        gpu, in_flight);
    return;
  }
  download_rows(
      device, pitch * sizeof(Scalar), std::size_t(rows), row_bytes,
      [sink, row0](std::size_t first, std::size_t count, const void* staged) {
        sink->put_rows(row0 + std::int64_t(first), std::int64_t(count), staged);
      },
      gpu, in_flight);
}

// A whole finished device matrix, n rows of n cells.
template <class Scalar>
void deliver_rows(const Scalar* device, std::size_t pitch, int n, MatrixSink* sink, ResultVector<Scalar>& out,
                  const GpuContext& gpu) {
  deliver_rows(device, pitch, 0, n, n, sink, out, gpu);
}

}  // namespace pathscope::gpu
