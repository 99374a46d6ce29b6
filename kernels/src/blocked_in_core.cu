// gpu-blocked with the whole matrix in device memory.
#include <exception>
#include <thread>

#include "gpu_runs.hpp"
#include "host_transfer.hpp"
#include "launch.cuh"

namespace pathscope::gpu {

template <class D>
std::uint64_t blocked_in_core_bytes(std::int64_t n, std::int64_t arcs, bool next_hop) {
  const std::int64_t size = round_up(std::max<std::int64_t>(n, 1), kTileRows);
  return std::uint64_t(size) * size * sizeof(typename D::Scalar) + PivotWorkspace<D>::bytes(size) +
         DeviceGraph<D>::bytes(n, arcs) + (next_hop ? std::uint64_t(n) * n * 4 : 0) + 4096;
}

// Waits for the device a group of pivots behind the queue, so progress and cancellation are
// seen between pivot blocks while the device never runs dry.
class PivotProgress {
 public:
  PivotProgress(const JobContext& job, int pivots) : job_(job), pivots_(pivots) {
    group_ = std::max(1, pivots / 64);
    events_.reserve(pivots / group_ + 2);
  }
  void after_enqueue(int pivot, cudaStream_t s) {
    if ((pivot + 1) % group_ != 0 && pivot + 1 != pivots_) return;
    events_.push_back(std::make_unique<Event>());
    events_.back()->record(s);
    if (events_.size() >= 2) {
      events_[events_.size() - 2]->sync();
      job_.report(double(pivot + 1 - group_) / pivots_);
      job_.check_cancel();
    }
  }

 private:
  const JobContext& job_;
  int pivots_, group_;
  std::vector<std::unique_ptr<Event>> events_;
};

template <class D>
RunFigures run_blocked_in_core(const Graph& g, const JobContext& job, std::vector<typename D::Scalar>& out,
                               std::vector<std::int32_t>* next) {
  using Scalar = typename D::Scalar;
  RunFigures fig;
  fig.mode = "in-core";
  const int n = g.n;
  const int size = int(round_up(std::max(n, 1), kTileRows));
  Stream stream;
  const cudaStream_t s = stream.get();

  // The result vectors are zero-filled by a host thread while the device computes.
  BackgroundResize<Scalar> resizer(out, next, std::size_t(n) * n);

  double t0 = now_seconds();
  DeviceGraph<D> graph(g, s);
  fig.transfer_seconds += now_seconds() - t0;

  DeviceArray<Scalar> d(std::size_t(size) * size);
  PivotWorkspace<D> ws(size);
  DeviceArray<std::int32_t> next_d(next ? std::size_t(n) * n : 0);
  DeviceArray<FinalFlags> flags(1);
  const FinalFlags no_flags{INT32_MAX, 0};
  CUDA_CHECK(cudaMemcpyAsync(flags.get(), &no_flags, sizeof no_flags, cudaMemcpyHostToDevice, s));

  Event start(true), stop(true);
  start.record(s);
  enqueue_initial_rect<D>({d.get(), size, 0, size, 0, size, false}, graph.arcs(), s);
  const int pivots = size / kTileRows;
  PivotProgress progress(job, pivots);
  for (int p = 0; p < pivots; ++p) {
    enqueue_pivot<D>(d.get(), size, size, p, ws, s);
    progress.after_enqueue(p, s);
  }
  if (next && n > 0) {
    next_from_distances_kernel<D><<<dim3((n + 127) / 128, std::min(n, 65535)), 128, 0, s>>>(d.get(), size, graph.arcs(), next_d.get());
    CUDA_CHECK_LAUNCH();
  }
  finalize_kernel<D><<<grid_for(std::int64_t(n) * n, 256), 256, 0, s>>>(d.get(), size, 0, n, n, next_d.get(), n,
                                                                          flags.get());
  CUDA_CHECK_LAUNCH();
  stop.record(s);
  FinalFlags found{};
  CUDA_CHECK(cudaMemcpyAsync(&found, flags.get(), sizeof found, cudaMemcpyDeviceToHost, s));
  stream.sync();
  fig.compute_seconds = stop.seconds_since(start);
  fig.negative_node = found.negative_node == INT32_MAX ? -1 : found.negative_node;
  fig.hop16_clipped = found.clipped != 0;
  job.report(1.0);

  resizer.wait();
  if (fig.negative_node >= 0) return fig;  // the engine throws; no need to copy a useless matrix
  t0 = now_seconds();
  // Through pinned staging rather than pinning the result in place: cudaHostRegister of a
  // large vector holds the driver lock long enough to stall the launches of the compute
  // (measured: +23 ms of kernel time at n = 12,529), and staging costs less than that.
  download_rows(d.get(), std::size_t(size) * sizeof(Scalar), n, std::size_t(n) * sizeof(Scalar), out.data(), s);
  if (next) download_rows(next_d.get(), std::size_t(n) * 4, n, std::size_t(n) * 4, next->data(), s);
  fig.transfer_seconds += now_seconds() - t0;
  return fig;
}

#define PATHSCOPE_INSTANTIATE(D)                                                                      \
  template std::uint64_t blocked_in_core_bytes<D>(std::int64_t, std::int64_t, bool);                 \
  template RunFigures run_blocked_in_core<D>(const Graph&, const JobContext&, std::vector<D::Scalar>&, \
                                             std::vector<std::int32_t>*);
PATHSCOPE_INSTANTIATE(Int32Dist)
PATHSCOPE_INSTANTIATE(FloatDist)
PATHSCOPE_INSTANTIATE(Hop16Dist)

}  // namespace pathscope::gpu
