#pragma once
// What each family of the CUDA back end gives the core's back-end table
// (common/install_backend.cpp); the core reaches them only through that table. No CUDA types.
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/runtime/job.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope::gpu {

// apsp/gpu_engines.cu: "gpu-naive", "gpu-blocked"; nullptr for other names.
std::unique_ptr<ApspEngine> make_apsp_engine(std::string_view name);
// apsp/minplus_peak.cu: the device's min-plus rate, measured once per distance type.
double minplus_peak(DistType dist);
// closure/closure_gpu.cu
std::unique_ptr<ClosureEngine> make_closure_engine();
// correlate/correlate_gpu_engine.cpp
std::unique_ptr<CorrelationEngine> make_correlation_engine();
// tsp/: what gpu_tsp.hpp promises, one file each.
TspResult tsp_exhaustive(const TspInstance& instance, const TspOptions& options, const JobContext& job);
TspResult tsp_held_karp(const TspInstance& instance, const TspOptions& options, const JobContext& job);
std::vector<std::int32_t> two_opt_descent(const TspInstance& instance, std::vector<std::int32_t> tour, Timing* timing,
                                          const JobContext& job);

}  // namespace pathscope::gpu
