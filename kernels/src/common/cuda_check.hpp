#pragma once
// Every CUDA call and launch goes through these, so a failure becomes a pathscope::Error that
// names the call site and the driver's own words instead of a wrong result later.
#include <cuda_runtime.h>

#include <string>

#include "pathscope/runtime/error.hpp"

namespace pathscope::gpu {

[[noreturn]] inline void throw_cuda_error(cudaError_t status, const char* what, const char* file, int line) {
  std::string message = std::string("CUDA error at ") + file + ":" + std::to_string(line) + " (" + what +
                        "): " + cudaGetErrorString(status);
  // This layer knows budgets, not how a front end lets the person set them.
  if (status == cudaErrorMemoryAllocation)
    message += " (the GPU ran out of memory: lower the GPU memory budget to stream the matrix out of core)";
  throw Error(message);
}

}  // namespace pathscope::gpu

#define CUDA_CHECK(call)                                                                 \
  do {                                                                                   \
    cudaError_t cuda_check_status_ = (call);                                             \
    if (cuda_check_status_ != cudaSuccess)                                               \
      ::pathscope::gpu::throw_cuda_error(cuda_check_status_, #call, __FILE__, __LINE__); \
  } while (0)

// After a <<<...>>> launch: configuration errors show up at once, faults at the next sync.
#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())
