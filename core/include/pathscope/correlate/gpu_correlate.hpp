#pragma once
// The GPU correlation engine, from the CUDA back end (kernels/) or, in a program without one,
// an engine that says the build has no CUDA. No CUDA or Qt types here.
#include <memory>

#include "pathscope/correlate/correlate.hpp"

namespace pathscope {

// Ranks the rows on the GPU and multiplies them tile by tile (int8 tensor cores for Spearman
// with at most 127 columns, float otherwise); survivors are compacted on the device and
// copied back while the next band runs. unavailable_reason() says why it cannot run.
std::unique_ptr<CorrelationEngine> make_gpu_correlation_engine();

}  // namespace pathscope
