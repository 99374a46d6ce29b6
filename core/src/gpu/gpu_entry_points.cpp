// The public GPU functions (gpu.hpp, gpu_tsp.hpp, gpu_closure.hpp, gpu_correlate.hpp): each
// forwards to the installed CUDA back end, or answers as a build without one.
#include "gpu/missing_gpu_engines.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/closure/gpu_closure.hpp"
#include "pathscope/correlate/gpu_correlate.hpp"
#include "pathscope/gpu/detail/gpu_backend.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/tsp/gpu_tsp.hpp"

namespace pathscope {

using detail::gpu_backend;
using detail::no_gpu_backend_reason;

GpuInfo gpu_info() {
  if (const auto* backend = gpu_backend()) return backend->info();
  GpuInfo info;
  info.reason = no_gpu_backend_reason();
  return info;
}

std::unique_ptr<ApspEngine> make_gpu_apsp_engine(std::string_view name) {
  if (const auto* backend = gpu_backend()) return backend->make_apsp_engine(name);
  if (name == "gpu-naive" || name == "gpu-blocked") return detail::make_missing_gpu_apsp_engine(std::string(name));
  return nullptr;
}

double gpu_minplus_peak(DistType dist) {
  const auto* backend = gpu_backend();
  return backend ? backend->minplus_peak(dist) : 0;
}

std::unique_ptr<ClosureEngine> make_gpu_closure_engine() {
  if (const auto* backend = gpu_backend()) return backend->make_closure_engine();
  return detail::make_missing_gpu_closure_engine();
}

std::unique_ptr<CorrelationEngine> make_gpu_correlation_engine() {
  if (const auto* backend = gpu_backend()) return backend->make_correlation_engine();
  return detail::make_missing_gpu_correlation_engine();
}

std::string gpu_tsp_unavailable_reason() {
  if (gpu_backend()) return gpu_info().reason;
  return no_gpu_backend_reason();
}

TspResult gpu_tsp_exhaustive(const TspInstance& instance, const TspOptions& options, const JobContext& job) {
  if (const auto* backend = gpu_backend()) return backend->tsp_exhaustive(instance, options, job);
  throw Error("GPU exhaustive tour search: " + no_gpu_backend_reason());
}

TspResult gpu_tsp_held_karp(const TspInstance& instance, const TspOptions& options, const JobContext& job) {
  if (const auto* backend = gpu_backend()) return backend->tsp_held_karp(instance, options, job);
  throw Error("GPU Held-Karp: " + no_gpu_backend_reason());
}

std::vector<std::int32_t> gpu_two_opt_descent(const TspInstance& instance, std::vector<std::int32_t> tour,
                                              Timing* timing, const JobContext& job) {
  if (const auto* backend = gpu_backend()) return backend->two_opt_descent(instance, std::move(tour), timing, job);
  throw Error("GPU 2-opt: " + no_gpu_backend_reason());
}

}  // namespace pathscope
