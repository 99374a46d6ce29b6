// Hands the core this library's GPU engines and device answers while the program starts.
// `pathscope_engines` (top-level CMakeLists.txt) links this library whole (WHOLE_ARCHIVE), so
// this object, which nothing references by name, is never left out of a static link.
#include "common/device.hpp"
#include "common/entry_points.hpp"
#include "pathscope/gpu/detail/gpu_backend.hpp"

namespace pathscope::gpu {
namespace {

constexpr detail::GpuBackend kCudaBackend{
    .info = device_info,
    .make_apsp_engine = make_apsp_engine,
    .minplus_peak = minplus_peak,
    .make_closure_engine = make_closure_engine,
    .make_correlation_engine = make_correlation_engine,
    .tsp_exhaustive = tsp_exhaustive,
    .tsp_held_karp = tsp_held_karp,
    .two_opt_descent = two_opt_descent,
};

const bool installed = (detail::install_gpu_backend(kCudaBackend), true);

}  // namespace
}  // namespace pathscope::gpu
