// Which GPU we run on and whether it can: the checks behind gpu_info() and every engine, and
// the one rule for how much device memory a run may take.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>

#include "common/cuda_check.hpp"
#include "common/device.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::gpu {
namespace {

// The device memory a run leaves free when the caller sets no GPU budget: room for the
// context, the pool's cached blocks and other processes.
std::uint64_t budget_margin(std::uint64_t total_bytes) {
  return std::max<std::uint64_t>(std::uint64_t{512} << 20, total_bytes / 32);
}

bool stream_ordered = false;

// Runs allocate from the device's default memory pool on their stream (DeviceArray with a
// stream), and the pool keeps what they free for the next run instead of handing it back at
// the next synchronisation: on short runs cudaMalloc and cudaFree of the matrix take a visible
// share (docs/gpu.md). What stays cached is capped at half the safety margin, so budgets,
// which do not count it as free, stay honest.
void keep_freed_memory(std::size_t total_bytes) {
  int supported = 0;
  if (cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0) != cudaSuccess || !supported) return;
  cudaMemPool_t pool = nullptr;
  if (cudaDeviceGetDefaultMemPool(&pool, 0) != cudaSuccess) return;
  std::uint64_t keep = budget_margin(total_bytes) / 2;
  if (cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep) != cudaSuccess) return;
  stream_ordered = true;
}

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
  // No driver at all (libcuda missing: version 0) reads as "too old" to the runtime; it is
  // simply no GPU here, and says so in the one wording every front end shows.
  if (driver == 0 || status == cudaErrorNoDevice || (status == cudaSuccess && count == 0)) {
    info.reason = std::string(kNoGpuFound);
    return info;
  }
  if (status == cudaErrorInsufficientDriver) {
    info.reason = "the NVIDIA driver is too old for this build: it supports CUDA " + info.driver_version +
                  ", the build needs CUDA " + info.runtime_version;
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
  info.device_count = count;
  info.available = true;
  keep_freed_memory(total_bytes);
  return info;
}

const GpuInfo& probed() {
  static const GpuInfo first = probe();
  return first;
}

}  // namespace

GpuInfo device_info() {
  GpuInfo info = probed();
  if (info.available) {
    std::size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) info.free_memory = free_bytes;
  }
  return info;
}

void require_device() {
  if (!probed().available) throw Error(probed().reason);
}

std::string device_name() { return probed().name; }

int multiprocessor_count() { return probed().multiprocessors; }

bool stream_ordered_allocation() {
  probed();
  return stream_ordered;
}

std::uint64_t device_memory_budget(std::uint64_t requested) {
  const GpuInfo info = device_info();
  const std::uint64_t margin = budget_margin(info.total_memory);
  const std::uint64_t usable = info.free_memory > margin ? info.free_memory - margin : 0;
  if (requested == 0) return usable;
  if (requested > info.free_memory)
    throw OverBudget("the GPU memory budget " + format_bytes(requested) + " is more than the " +
                     format_bytes(info.free_memory) + " free on " + info.name);
  return requested;
}

std::uint64_t device_memory_budget(std::uint64_t requested, int device, int ranks) {
  int current = 0;
  CUDA_CHECK(cudaGetDevice(&current));
  CUDA_CHECK(cudaSetDevice(device));
  std::size_t free_bytes = 0, total_bytes = 0;
  const cudaError_t status = cudaMemGetInfo(&free_bytes, &total_bytes);
  CUDA_CHECK(cudaSetDevice(current));
  CUDA_CHECK(status);
  const std::uint64_t margin = budget_margin(total_bytes);
  const std::uint64_t usable = free_bytes > margin ? free_bytes - margin : 0;
  if (requested > free_bytes)
    throw OverBudget("the GPU memory budget " + format_bytes(requested) + " is more than the " +
                     format_bytes(free_bytes) + " free on device " + std::to_string(device));
  return (requested ? requested : usable) / std::uint64_t(std::max(ranks, 1));
}

int device_count() {
  if (!probed().available) return 0;
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess ? count : 0;
}

std::pair<std::uint64_t, std::uint64_t> device_uuid_words(int device) {
  cudaDeviceProp prop{};
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  std::uint64_t words[2];
  static_assert(sizeof prop.uuid.bytes == sizeof words);
  std::memcpy(words, prop.uuid.bytes, sizeof words);
  return {words[0], words[1]};
}

}  // namespace pathscope::gpu
