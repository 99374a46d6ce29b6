#include "common/gpu_context.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "common/cuda_check.hpp"
#include "common/device.hpp"
#include "common/device_memory.hpp"

namespace pathscope::gpu {

GpuContext GpuContext::for_run(std::uint64_t requested) {
  require_device();
  return GpuContext(0, requested, 0);
}

GpuContext GpuContext::for_rank(std::uint64_t requested, int device, int ranks_on_device) {
  require_device();
  CUDA_CHECK(cudaSetDevice(device));
  return GpuContext(device, requested, std::max(ranks_on_device, 1));
}

std::vector<GpuContext> GpuContext::for_ranks(std::uint64_t requested, const std::vector<int>& devices) {
  const KeepCurrentDevice keep;
  std::vector<GpuContext> contexts;
  contexts.reserve(devices.size());
  for (const int device : devices) {
    const int on_device = int(std::count(devices.begin(), devices.end(), device));
    contexts.push_back(for_rank(requested, device, on_device));
  }
  return contexts;
}

KeepCurrentDevice::KeepCurrentDevice() { CUDA_CHECK(cudaGetDevice(&device_)); }

// A destructor cannot throw: a failure here would already have shown in the run's own calls.
KeepCurrentDevice::~KeepCurrentDevice() { cudaSetDevice(device_); }

// The probe of device 0 is a fact of the machine, read once; another device of a several-GPU
// run is asked for its SM count alone (one attribute, where all its properties would cost
// milliseconds inside the run).
GpuContext::GpuContext(int device, std::uint64_t requested, int ranks_on_device)
    : device_(device),
      requested_budget_(requested),
      ranks_on_device_(ranks_on_device) {
  if (device == 0) {
    device_name_ = pathscope::gpu::device_name();
    multiprocessors_ = std::max(1, multiprocessor_count());
  } else {
    int count = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
    device_name_ = "GPU " + std::to_string(device);
    multiprocessors_ = std::max(1, count);
  }
  stream_ = std::make_unique<Stream>();
}

GpuContext::GpuContext(GpuContext&&) noexcept = default;
GpuContext& GpuContext::operator=(GpuContext&&) noexcept = default;
// A rank's stream goes back on its own device, whichever device the thread that ends the run
// has made current.
GpuContext::~GpuContext() {
  if (!stream_) return;
  int current = device_;
  if (cudaGetDevice(&current) != cudaSuccess || current == device_) {
    stream_.reset();
    return;
  }
  cudaSetDevice(device_);
  stream_.reset();
  cudaSetDevice(current);
}

std::uint64_t GpuContext::memory_budget() const {
  if (!memory_budget_)
    memory_budget_ = ranks_on_device_ == 0 ? device_memory_budget(requested_budget_)
                                           : device_memory_budget(requested_budget_, device_, ranks_on_device_);
  return *memory_budget_;
}

}  // namespace pathscope::gpu
