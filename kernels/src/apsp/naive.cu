// gpu-naive: the seed-style baseline the timing panels compare against. One launch per k,
// one thread per cell, the next hop kept by select in every step.
#include <exception>
#include <thread>

#include "apsp/gpu_runs.hpp"
#include "apsp/launch.cuh"
#include "common/host_transfer.hpp"
#include "common/staging.hpp"

namespace pathscope::gpu {

template <class D>
std::uint64_t naive_bytes(std::int64_t n, std::int64_t arcs) {
  return std::uint64_t(n) * n * (sizeof(typename D::Scalar) + 4) + DeviceGraph<D>::bytes(n, arcs) + 4096;
}

template <class D>
RunFigures run_naive(const GpuContext& gpu, const Graph& g, const JobContext& job, ResultVector<typename D::Scalar>& out,
                     ResultVector<std::int32_t>* next, MatrixSink* sink) {
  using Scalar = typename D::Scalar;
  RunFigures fig;
  fig.mode = "in-core";
  const int n = g.n;
  const Stream& stream = gpu.stream();
  const cudaStream_t s = stream.get();
  // The result vectors are sized by a host thread while the device computes.
  BackgroundResize<Scalar> resizer(sink ? nullptr : &out, next, std::size_t(n) * n);

  double t0 = now_seconds();
  DeviceGraph<D> graph(g, s);
  fig.transfer_seconds += now_seconds() - t0;
  DeviceArray<Scalar> d(std::max<std::size_t>(1, std::size_t(n) * n));
  DeviceArray<std::int32_t> next_d(std::max<std::size_t>(1, std::size_t(n) * n));
  DeviceArray<FinalFlags> flags(1);
  const FinalFlags no_flags{INT32_MAX, 0};
  CUDA_CHECK(cudaMemcpyAsync(flags.get(), &no_flags, sizeof no_flags, cudaMemcpyHostToDevice, s));

  Event start(true), stop(true);
  start.record(s);
  if (n > 0) {
    enqueue_initial_rect<D>(gpu, {d.get(), n, 0, n, 0, n, false}, graph.arcs(), s);
    CUDA_CHECK(cudaMemsetAsync(next_d.get(), 0xFF, std::size_t(n) * n * 4, s));  // -1 everywhere
    next_from_arcs_kernel<D><<<(n + 127) / 128, 128, 0, s>>>(next_d.get(), graph.arcs());
    CUDA_CHECK_LAUNCH();
  }
  const dim3 block(32, 8), grid((n + 31) / 32, (n + 7) / 8);
  const int report_every = std::max(1, n / 100);
  std::unique_ptr<Event> previous;
  for (int k = 0; k < n; ++k) {
    naive_step_kernel<D><<<grid, block, 0, s>>>(d.get(), next_d.get(), n, k);
    CUDA_CHECK_LAUNCH();
    if ((k + 1) % report_every == 0) {
      auto marker = std::make_unique<Event>();
      marker->record(s);
      if (previous) {
        previous->sync();
        job.report(double(k + 1 - report_every) / n);
        job.check_cancel();
      }
      previous = std::move(marker);
    }
  }
  finalize_kernel<D><<<grid_for(gpu, std::int64_t(n) * n, 256), 256, 0, s>>>(d.get(), n, 0, n, n, next_d.get(), n,
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
  if (fig.negative_node >= 0) return fig;
  if (sink && fig.hop16_clipped) return fig;  // redone in int32 (gpu_engines.cu)
  t0 = now_seconds();
  // Through pinned staging rather than pinning the result in place: cudaHostRegister of a
  // large vector holds the driver lock long enough to stall the launches of the compute, and
  // staging costs less than the stall (docs/gpu.md, v2).
  deliver_rows(d.get(), std::size_t(n), n, sink, out, gpu);
  fig.rows_in_sink = sink != nullptr;
  if (next) download_rows(next_d.get(), std::size_t(n) * 4, n, std::size_t(n) * 4, next->data(), gpu);
  fig.transfer_seconds += now_seconds() - t0;
  return fig;
}

#define PATHSCOPE_INSTANTIATE(D)                                                                                \
  template std::uint64_t naive_bytes<D>(std::int64_t, std::int64_t);                                          \
  template RunFigures run_naive<D>(const GpuContext&, const Graph&, const JobContext&, ResultVector<D::Scalar>&, ResultVector<std::int32_t>*, \
                                     MatrixSink*);
PATHSCOPE_INSTANTIATE(Int32Dist)
PATHSCOPE_INSTANTIATE(FloatDist)
PATHSCOPE_INSTANTIATE(Hop16Dist)

}  // namespace pathscope::gpu
