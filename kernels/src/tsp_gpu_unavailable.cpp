// The GPU tour solvers of a build without nvcc: they exist so that callers link, and say why
// they cannot run. kernels/CMakeLists.txt compiles this file only when CUDA is off.
#include "pathscope/gpu_tsp.hpp"

namespace pathscope {
namespace {

constexpr const char* kReason = "this build of pathscope has no CUDA support (nvcc was not found when it was configured)";

}  // namespace

std::string gpu_tsp_unavailable_reason() { return kReason; }

TspResult gpu_tsp_exhaustive(const TspInstance&, const TspOptions&, const JobContext&) {
  throw Error(std::string("GPU exhaustive tour search: ") + kReason);
}

TspResult gpu_tsp_held_karp(const TspInstance&, const TspOptions&, const JobContext&) {
  throw Error(std::string("GPU Held-Karp: ") + kReason);
}

std::vector<std::int32_t> gpu_two_opt_descent(const TspInstance&, std::vector<std::int32_t>, Timing*, const JobContext&) {
  throw Error(std::string("GPU 2-opt: ") + kReason);
}

}  // namespace pathscope
