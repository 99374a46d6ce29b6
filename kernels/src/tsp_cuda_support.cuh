#pragma once
// What the tour kernels' host code shares: every CUDA call checked (pathscope::Error naming the
// file and line), device buffers freed on every path, and the device's name for Timing.
#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#include "pathscope/error.hpp"

namespace pathscope::tsp_cuda {

inline void check(cudaError_t status, const char* what, const char* file, int line) {
  if (status != cudaSuccess)
    throw Error(std::string(file) + ":" + std::to_string(line) + ": " + what + ": " + cudaGetErrorString(status));
}

#define PATHSCOPE_TSP_CUDA(call) ::pathscope::tsp_cuda::check((call), #call, __FILE__, __LINE__)
// After a launch: the configuration error now, or a fault inside the kernel at the next sync.
#define PATHSCOPE_TSP_LAUNCHED(name) ::pathscope::tsp_cuda::check(cudaGetLastError(), "launch of " name, __FILE__, __LINE__)

template <typename T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t count) : count_(count) {
    if (count) PATHSCOPE_TSP_CUDA(cudaMalloc(&data_, count * sizeof(T)));
  }
  ~DeviceBuffer() {
    if (data_) cudaFree(data_);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  T* get() const { return data_; }
  std::size_t size() const { return count_; }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

// Throws Error when there is no usable device; otherwise the device's properties.
cudaDeviceProp require_device();

}  // namespace pathscope::tsp_cuda
