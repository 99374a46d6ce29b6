// Whether the tour kernels can run, and on what.
#include "pathscope/gpu_tsp.hpp"
#include "tsp_cuda_support.cuh"

namespace pathscope {

std::string gpu_tsp_unavailable_reason() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) return std::string("no usable CUDA device: ") + cudaGetErrorString(status);
  if (count == 0) return "no CUDA device";
  return {};
}

namespace tsp_cuda {

cudaDeviceProp require_device() {
  const auto reason = gpu_tsp_unavailable_reason();
  if (!reason.empty()) throw Error("GPU tour solver: " + reason);
  int device = 0;
  PATHSCOPE_TSP_CUDA(cudaGetDevice(&device));
  cudaDeviceProp properties{};
  PATHSCOPE_TSP_CUDA(cudaGetDeviceProperties(&properties, device));
  return properties;
}

}  // namespace tsp_cuda
}  // namespace pathscope
