// The device answers of the CUDA back end once installed (see detail/gpu_backend.hpp), and
// what a program without it answers.
#include "pathscope/gpu/detail/gpu_backend.hpp"
#include "pathscope/runtime/engine_registry.hpp"

namespace pathscope {
namespace {

// Constant-initialised, so it is already null when the back end's registration runs, in
// whatever order the program's static initialisers go.
constinit const detail::GpuDevice* installed = nullptr;

}  // namespace

void detail::install_gpu_device(const GpuDevice& device) { installed = &device; }

GpuInfo gpu_info() {
  if (installed) return installed->info();
  GpuInfo info;
  info.reason = no_gpu_backend_reason();
  return info;
}

double gpu_minplus_peak(DistType dist) { return installed ? installed->minplus_peak(dist) : 0; }

}  // namespace pathscope
