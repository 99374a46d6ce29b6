#pragma once
// The GPU closure engine, from the CUDA back end (kernels/) or, in a program without one, an
// engine that says why it cannot run; no CUDA type here, so the front ends stay CUDA-free.
#include <memory>

#include "pathscope/closure/closure.hpp"

namespace pathscope {

// The "gpu" closure engine: word-parallel Warshall in one thread block for n <= 256, the
// blocked three-phase boolean product form above that. Without CUDA or a device its
// unavailable_reason() says why and run() throws Error. It reads the arcs only: callers that
// want the closure use make_closure_engine("gpu"), which adds the self-loops.
std::unique_ptr<ClosureEngine> make_gpu_closure_engine();

}  // namespace pathscope
