#pragma once
// What the core knows of the GPU device. core/src/gpu/ forwards these to the CUDA back end
// (kernels/) when the program has one, and otherwise says the build has no CUDA; no CUDA types
// here. The GPU engines are reached by name, like every engine (apsp_engines() and the other
// families' registries).
#include <cstdint>
#include <string>
#include <string_view>

#include "pathscope/apsp/apsp.hpp"

namespace pathscope {

// The one wording, everywhere (CLI, explorer, demo, JSON), for a machine where the CUDA
// runtime finds no NVIDIA GPU or no driver to reach one.
inline constexpr std::string_view kNoGpuFound = "No NVIDIA GPU or driver found";

struct GpuInfo {
  bool available = false;
  std::string reason;        // why not, when unavailable
  std::string name;          // "NVIDIA H100 80GB HBM3"
  int compute_major = 0, compute_minor = 0;
  int multiprocessors = 0;
  std::uint64_t total_memory = 0, free_memory = 0;
  std::string driver_version, runtime_version;
  int device_count = 0;  // usable devices this process sees (after CUDA_VISIBLE_DEVICES); 0 when unavailable
};

GpuInfo gpu_info();

// The device's measured min-plus rate in updates/s for this distance type (a short
// microkernel, run once and remembered); 0 when there is no device or no kernel of that type.
double gpu_minplus_peak(DistType dist);

}  // namespace pathscope
