// Where the CUDA back end's table lives once installed (see detail/gpu_backend.hpp).
#include "pathscope/gpu/detail/gpu_backend.hpp"

namespace pathscope::detail {
namespace {

// Constant-initialised, so it is already null when the back end's registration runs, in
// whatever order the program's static initialisers go.
constinit const GpuBackend* installed = nullptr;

}  // namespace

void install_gpu_backend(const GpuBackend& backend) { installed = &backend; }

const GpuBackend* gpu_backend() { return installed; }

std::string no_gpu_backend_reason() {
#if PATHSCOPE_CUDA_CONFIGURED
  // The build has the back end, but this program links pathscope_core alone.
  return "this program was linked without pathscope's CUDA back end (link the `pathscope` target)";
#else
  return "this build of pathscope has no CUDA support (nvcc was not found when it was configured)";
#endif
}

}  // namespace pathscope::detail
