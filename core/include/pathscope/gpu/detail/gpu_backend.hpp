#pragma once
// The seam between the core and the CUDA back end (kernels/, library pathscope_gpu). The core
// does not link the back end; the back end links the core and, while the program starts,
// registers its engines in each family's registry (apsp_engines(), closure_engines(),
// tsp_engines(), correlation_engines()) under the GPU names the core holds for it, and installs
// this table of device answers. gpu_info() and gpu_minplus_peak() (core/src/gpu/) forward to
// it, or answer as a build without CUDA when nothing was installed. Not for front ends: they
// call the public functions.
#include "pathscope/apsp/gpu.hpp"

namespace pathscope::detail {

struct GpuDevice {
  GpuInfo (*info)();
  double (*minplus_peak)(DistType dist);
};

// Called once, before main, by the back end's registration; the table must outlive the program.
void install_gpu_device(const GpuDevice& device);

}  // namespace pathscope::detail
