#pragma once
// gpu-blocked through the core's cost model (gpu_width.hpp) on this machine's devices: the width
// `--gpus all` becomes, and the seconds the model predicts for a run. No CUDA types here.
#include <string>

#include "pathscope/apsp/apsp.hpp"

namespace pathscope::gpu {

struct GpuWidthPlan {
  ApspOptions options;  // as asked, `--gpus all` replaced by the chosen width
  std::string why;      // "--gpus all: 1 of 4 GPUs (model: ...)", for Timing::device
};

// `all` becomes the default (one GPU) or the first P devices, whichever the model predicts
// fastest among those whose blocks fit; next hops, which need the whole matrix on one GPU, keep
// it on one. Other sets are left as they are.
GpuWidthPlan plan_gpu_width(const Graph& g, const ApspOptions& asked);

// The model's seconds for gpu-blocked as `options` asks (one GPU, or the ranks of its GPU set,
// not `all`, or a job's P processes on a GPU each, whose rows reach the host only for an
// output); 0 when it cannot say, as for a set naming devices this machine lacks.
double predicted_gpu_blocked_seconds(const Graph& g, const ApspOptions& options);

}  // namespace pathscope::gpu
