#pragma once
// The GPU closure engine, implemented in kernels/ (CUDA) or by a stand-in when the build has
// no nvcc; this header names no CUDA type, so the core and the front ends stay CUDA-free.
#include <memory>

#include "pathscope/closure.hpp"

namespace pathscope {

// The "gpu" closure engine: word-parallel Warshall in one thread block for n <= 256, the
// blocked three-phase boolean product form above that. Without CUDA or a device its
// unavailable_reason() says why and run() throws Error.
std::unique_ptr<ClosureEngine> make_gpu_closure_engine();

}  // namespace pathscope
