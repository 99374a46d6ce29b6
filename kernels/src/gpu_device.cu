// Which GPU we run on and whether it can: the checks behind gpu_info() and every engine.
#include <cuda_runtime.h>

#include <algorithm>
#include <mutex>

#include "cuda_check.hpp"
#include "gpu_runs.hpp"
#include "pathscope/gpu.hpp"
#include "pathscope/memory_budget.hpp"

namespace pathscope {
namespace {

std::string version_text(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

GpuInfo probe() {
  GpuInfo info;
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  info.driver_version = driver ? version_text(driver) : "none";
  info.runtime_version = version_text(runtime);
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaErrorInsufficientDriver) {
    info.reason = "the NVIDIA driver is too old for this build: it supports CUDA " + info.driver_version +
                  ", the build needs CUDA " + info.runtime_version;
    return info;
  }
  if (status == cudaErrorNoDevice || (status == cudaSuccess && count == 0)) {
    info.reason = "no CUDA device found";
    return info;
  }
  if (status != cudaSuccess) {
    info.reason = std::string("the CUDA runtime could not start: ") + cudaGetErrorString(status);
    return info;
  }
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    info.reason = "could not read the properties of CUDA device 0";
    return info;
  }
  info.name = prop.name;
  info.compute_major = prop.major;
  info.compute_minor = prop.minor;
  info.multiprocessors = prop.multiProcessorCount;
  info.total_memory = prop.totalGlobalMem;
  if (prop.major * 10 + prop.minor < 75) {
    info.reason = info.name + " has compute capability " + std::to_string(prop.major) + "." +
                  std::to_string(prop.minor) + "; the GPU engines need 7.5 (Turing) or newer";
    return info;
  }
  // Creates the context here, outside any timed run.
  std::size_t free_bytes = 0, total_bytes = 0;
  const cudaError_t mem = cudaMemGetInfo(&free_bytes, &total_bytes);
  if (mem != cudaSuccess) {
    info.reason = std::string("could not start a CUDA context: ") + cudaGetErrorString(mem);
    return info;
  }
  info.free_memory = free_bytes;
  info.available = true;
  return info;
}

}  // namespace

GpuInfo gpu_info() {
  // The static part is probed once; free memory is read fresh each time.
  static const GpuInfo first = probe();
  GpuInfo info = first;
  if (info.available) {
    std::size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) info.free_memory = free_bytes;
  }
  return info;
}

namespace gpu {

void require_device() {
  const GpuInfo info = gpu_info();
  if (!info.available) throw Error(info.reason);
}

std::string device_name() { return gpu_info().name; }

std::uint64_t device_memory_budget(std::uint64_t requested) {
  const GpuInfo info = gpu_info();
  const std::uint64_t margin = std::max<std::uint64_t>(std::uint64_t{512} << 20, info.total_memory / 32);
  const std::uint64_t usable = info.free_memory > margin ? info.free_memory - margin : 0;
  if (requested == 0) return usable;
  if (requested > info.free_memory)
    throw OverBudget("the GPU memory budget " + format_bytes(requested) + " is more than the " +
                     format_bytes(info.free_memory) + " free on " + info.name);
  return requested;
}

}  // namespace gpu
}  // namespace pathscope
