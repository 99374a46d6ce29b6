// The "gpu" closure engine, by one of two paths:
//   - direct (direct_closure.cuh), for graphs up to kDirectMaxNodes: breadth-first searches
//     from 32 sources a block, in one launch, with nothing done on the host but the copies;
//   - through the condensation, for larger ones: strongly connected components on the host
//     (Tarjan, linear, a few milliseconds at 50,000 nodes), the reach sets of the condensed
//     DAG on the device (condensed_kernels.cuh), expanded there to the node matrix, which
//     comes back once. A strongly connected graph is one component, a DAG is all singletons:
//     both are linear-work cases here, where Warshall costs n^3 / 64 word operations whatever
//     the shape.
// PATHSCOPE_GPU_CLOSURE_PATH=direct or =condensed forces a path, for tests and measurements.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "closure/condensed_kernels.cuh"
#include "closure/direct_closure.cuh"
#include "common/cuda_check.hpp"
#include "common/device.hpp"
#include "common/device_memory.hpp"
#include "common/entry_points.hpp"
#include "common/env_knob.hpp"
#include "common/gpu_context.hpp"
#include "common/host_transfer.hpp"
#include "common/run_trace.hpp"
#include "common/staging.hpp"
#include "pathscope/closure/detail/strong_components.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

// Up to here the direct path: its three node arrays (12 bytes a node) take 96 KB a block, so
// two blocks fit a multiprocessor's 228 KB on an H100 or H200, and the n / 32 blocks (256)
// all run at once on their 132 multiprocessors: the kernel lasts one block's searches. Past
// it, one block a multiprocessor and more waves (it can run up to the 227 KB a block may hold,
// n = 19,328, forced with PATHSCOPE_GPU_CLOSURE_PATH; the two paths measured there:
// docs/reachability.md).
constexpr std::int32_t kDirectMaxNodes = 8192;

enum class ClosurePath { Direct, Condensed };

// PATHSCOPE_GPU_CLOSURE_PATH: "direct" or "condensed"; unset or empty, by size. A path forced
// where it cannot run is an error, not a quiet fallback: tests rely on the path they ask for.
ClosurePath closure_path(const Graph& g, const GpuContext& gpu) {
  const bool direct_fits = closure::direct_closure_fits(g, gpu.device());
  const std::string choice = env_choice("PATHSCOPE_GPU_CLOSURE_PATH", {"direct", "condensed"});
  if (choice.empty()) return g.n <= kDirectMaxNodes && direct_fits ? ClosurePath::Direct : ClosurePath::Condensed;
  if (choice == "condensed") return ClosurePath::Condensed;
  if (!direct_fits) {
    const auto words = static_cast<std::int32_t>(BitMatrix::words_for(g.n));
    throw Error("the direct GPU closure path cannot take " + std::to_string(g.n) + " nodes and " +
                std::to_string(g.heads.size()) + " arcs: one block's " +
                std::to_string(closure::source_batch_shared_bytes(words)) +
                " bytes of node words exceed this device's shared memory, or the arcs 32-bit offsets");
  }
  return ClosurePath::Direct;
}

template <class T>
void upload(DeviceArray<T>& device, const std::vector<T>& host, cudaStream_t s) {
  if (!host.empty()) CUDA_CHECK(cudaMemcpyAsync(device.get(), host.data(), device.bytes(), cudaMemcpyHostToDevice, s));
}

closure::ClosureRows condensed_closure(const Graph& g, const GpuContext& gpu, RunTrace& trace, const JobContext& job) {
  const std::int32_t n = g.n;
  const std::int64_t words = BitMatrix::words_for(n);
  closure::ClosureRows result;
  const double compute_start_host = now_seconds();
  const detail::Condensation c = detail::strong_components(g);
  trace.mark("components");
  const detail::ComponentDag dag = detail::component_dag(g, c);
  trace.mark("condensed");
  job.check_cancel();
  const std::int64_t dag_words = BitMatrix::words_for(c.count);
  const std::uint64_t need = closure_bytes(c.count) + closure_bytes(n) + dag.heads.size() * 4u +
                             (static_cast<std::uint64_t>(c.count) + 1) * 13u + static_cast<std::uint64_t>(n) * 4u;
  require_within_budget(need, gpu.memory_budget(),
                        "GPU closure of " + std::to_string(n) + " nodes in " + std::to_string(c.count) + " components");

  const cudaStream_t s = gpu.stream().get();
  Event compute_start(true), compute_end(true);
  const double upload_start = now_seconds();
  std::vector<unsigned char> cyclic(c.cyclic.begin(), c.cyclic.end());
  DeviceArray<std::int64_t> offsets(dag.offsets.size(), s);
  DeviceArray<std::int32_t> heads(std::max<std::size_t>(dag.heads.size(), 1), s);
  DeviceArray<unsigned char> cyclic_device(cyclic.size(), s);
  DeviceArray<std::int32_t> component(c.component.size(), s);
  DeviceArray<unsigned> done(static_cast<std::size_t>(c.count) + 1, s);  // last word: the next component
  DeviceArray<std::uint64_t> rows(static_cast<std::size_t>(c.count) * static_cast<std::size_t>(dag_words), s);
  DeviceArray<std::uint64_t> out(static_cast<std::size_t>(n) * static_cast<std::size_t>(words), s);
  upload(offsets, dag.offsets, s);
  upload(heads, dag.heads, s);
  upload(cyclic_device, cyclic, s);
  upload(component, c.component, s);
  CUDA_CHECK(cudaMemsetAsync(done.get(), 0, done.bytes(), s));
  result.transfer_seconds = now_seconds() - upload_start;
  trace.mark("uploaded");

  compute_start.record(s);
  const closure::DagView view{offsets.get(), heads.get(), cyclic_device.get(), c.count, dag_words};
  closure::launch_dag_rows(gpu, view, rows.get(), done.get(), done.get() + c.count, s);
  trace.mark("dag rows enqueued");
  closure::launch_expand_rows(rows.get(), dag_words, component.get(), n, words, out.get(), s);
  compute_end.record(s);
  trace.mark("enqueued");
  // The result is sized here, on this thread's cores, while the kernels run: they take a
  // few milliseconds, so a fill on the host worker would not hide more, and its OpenMP team
  // then competed with this thread's for the cores during the download (docs/gpu.md).
  resize_for_result(result.words, static_cast<std::size_t>(n) * static_cast<std::size_t>(words), true);
  trace.mark("result allocated");
  compute_end.sync();
  trace.mark("computed");
  job.check_cancel();

  const double download_start = now_seconds();
  const std::size_t row_bytes = static_cast<std::size_t>(words) * 8u;
  download_rows(out.get(), row_bytes, static_cast<std::size_t>(n), row_bytes, result.words.data(), gpu);
  result.transfer_seconds += now_seconds() - download_start;
  trace.mark("downloaded");
  result.compute_seconds = compute_end.seconds_since(compute_start) + (upload_start - compute_start_host);
  return result;
}

class GpuClosureEngine final : public ClosureEngine {
 public:
  std::string name() const override { return "gpu"; }
  std::string description() const override {
    return "up to 8,192 nodes breadth-first searches from 32 sources a thread block on the GPU; above, strongly "
           "connected components on the host, the condensed DAG's reach sets and their expansion on the GPU";
  }
  std::string unavailable_reason() const override { return device_info().reason; }

  ClosureResult run(const Graph& g, const ClosureOptions& options, const JobContext& job) const override {
    const double start = now_seconds();
    RunTrace trace("gpu closure");
    require_closure_within_budget(g, options);
    const GpuContext gpu = GpuContext::for_run(options.gpu_memory_budget);
    ClosureResult result;
    const std::int32_t n = g.n;
    if (n == 0) {
      result.reach = BitMatrix(0);
      fill_timing(result.timing, gpu, start, 0, 0, 0);
      return result;
    }
    const ClosurePath path = closure_path(g, gpu);
    trace.mark(path == ClosurePath::Direct ? "direct path chosen" : "condensed path chosen");
    closure::ClosureRows rows = path == ClosurePath::Direct ? closure::direct_closure(g, gpu, trace, job)
                                                            : condensed_closure(g, gpu, trace, job);
    result.reach = BitMatrix(n, std::move(rows.words));
    fill_timing(result.timing, gpu, start, rows.compute_seconds, rows.transfer_seconds, n);
    job.report(1.0);
    return result;
  }

 private:
  void fill_timing(Timing& t, const GpuContext& gpu, double start, double compute, double transfer,
                   std::int32_t n) const {
    t.engine = name();
    t.device = gpu.device_name();
    t.seconds = now_seconds() - start;
    t.compute_seconds = compute;
    t.transfer_seconds = transfer;
    const double nd = n;
    t.updates = nd * nd * nd;
  }
};

}  // namespace

std::unique_ptr<ClosureEngine> make_closure_engine() { return std::make_unique<GpuClosureEngine>(); }

}  // namespace pathscope::gpu
