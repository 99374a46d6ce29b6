// Registers this library's GPU engines in the core's family registries, under the names the
// core holds for them, and hands the core its device answers, while the program starts.
// `pathscope_engines` (top-level CMakeLists.txt) links this library whole (WHOLE_ARCHIVE), so this object,
// which nothing references by name, is never left out of a static link.
#include "common/device.hpp"
#include "common/entry_points.hpp"
#include "pathscope/gpu/detail/gpu_backend.hpp"

namespace pathscope::gpu {
namespace {

constexpr detail::GpuDevice kCudaDevice{.info = device_info, .minplus_peak = minplus_peak};

bool install() {
  for (const char* name : {"gpu-naive", "gpu-blocked", "gpu-sparse"})
    apsp_engines().add(name, [name] { return make_apsp_engine(name); });
  closure_engines().add("gpu", make_closure_engine);
  correlation_engines().add("gpu", make_correlation_engine);
  tsp_engines().add("gpu-brute", make_exhaustive_tsp_engine);
  tsp_engines().add("gpu-held-karp", make_held_karp_tsp_engine);
  tsp_engines().add("gpu-2opt-descent", make_two_opt_descent_engine);
  centrality_engines().add("gpu", make_gpu_centrality_engine);
  flow_engines().add("gpu", make_gpu_flow_engine);
  detail::install_gpu_device(kCudaDevice);
  return true;
}

const bool installed = install();

}  // namespace
}  // namespace pathscope::gpu
