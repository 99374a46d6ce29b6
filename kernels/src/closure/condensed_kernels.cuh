#pragma once
// Kernels of the GPU closure through the condensation (closure_gpu.cu):
//   1. dag_rows: the reach set of every component of the condensed DAG, one warp per
//      component, components taken in number order (sinks first, strong_components.hpp), so a
//      warp only ever waits for components that warps already running have taken;
//   2. expand_rows: the node matrix, bit x of row v = bit comp(x) of the row of comp(v).
#include <cuda_runtime.h>

#include <cstdint>

#include "common/gpu_context.hpp"

namespace pathscope::gpu::closure {

struct DagView {
  const std::int64_t* offsets;  // per component, into heads
  const std::int32_t* heads;    // successors, highest number first
  const unsigned char* cyclic;  // per component: it reaches itself
  std::int32_t count;
  std::int64_t words;           // words per component row
};

// Launch with dynamic shared memory of (blockDim.x / 32) * words * 8 bytes.
void launch_dag_rows(const GpuContext& gpu, const DagView& dag, std::uint64_t* rows, unsigned* done,
                     unsigned* next_component, cudaStream_t stream);

// rows: the component matrix (count rows of dag_words); out: n rows of `words` words.
void launch_expand_rows(const std::uint64_t* rows, std::int64_t dag_words, const std::int32_t* component,
                        std::int32_t n, std::int64_t words, std::uint64_t* out, cudaStream_t stream);

}  // namespace pathscope::gpu::closure
