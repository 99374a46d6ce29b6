#pragma once
// What each family of the CUDA back end gives the core: the engines that
// common/install_backend.cpp registers in the families' registries, and the device's min-plus
// rate. The core reaches them only by name through its registries. No CUDA types.
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "common/gpu_context.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/centrality/centrality.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope/runtime/job.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope::gpu {

// apsp/gpu_engines.cu: "gpu-naive", "gpu-blocked", "gpu-sparse"; nullptr for other names.
std::unique_ptr<ApspEngine> make_apsp_engine(std::string_view name);
// apsp/minplus_peak.cu: the device's min-plus rate, measured once per distance type.
double minplus_peak(DistType dist);
// closure/closure_gpu.cu
std::unique_ptr<ClosureEngine> make_closure_engine();
// correlate/correlate_gpu_engine.cpp
std::unique_ptr<CorrelationEngine> make_correlation_engine();
// tsp/tsp_engines.cpp: "gpu-brute", "gpu-held-karp", "gpu-2opt-descent".
std::unique_ptr<TspEngine> make_exhaustive_tsp_engine();
std::unique_ptr<TspEngine> make_held_karp_tsp_engine();
std::unique_ptr<TspEngine> make_two_opt_descent_engine();
// centrality/centrality_gpu_engine.cpp: "gpu".
std::unique_ptr<CentralityEngine> make_gpu_centrality_engine();
// flow/flow_gpu_engine.cu: "gpu".
std::unique_ptr<FlowEngine> make_gpu_flow_engine();

// The searches behind them, one file each in tsp/, on the context their engine made. The
// core's checks (make_tsp_engine) run before them.
TspResult tsp_exhaustive(const TspInstance& instance, const TspOptions& options, const JobContext& job,
                         const GpuContext& gpu);
// What the exhaustive search refuses before it needs the device (too many stops).
void check_exhaustive_size(const TspInstance& instance);
TspResult tsp_held_karp(const TspInstance& instance, const TspOptions& options, const JobContext& job,
                        const GpuContext& gpu);
// Best-improvement 2-opt from `tour` down to a 2-opt local optimum: each step evaluates all
// i < j reversals at once on the device and applies the best. The result is never longer.
// Adds its time to *timing (kernels to compute_seconds, copies to transfer_seconds).
// `tour` must have passed check_tour.
std::vector<std::int32_t> two_opt_descent(const TspInstance& instance, std::vector<std::int32_t> tour, Timing* timing,
                                          const JobContext& job, const GpuContext& gpu);

}  // namespace pathscope::gpu
