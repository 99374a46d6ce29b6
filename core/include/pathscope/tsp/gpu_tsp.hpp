#pragma once
// The GPU tour solvers, from the CUDA back end (kernels/); in a program without one they throw
// Error saying the build has no CUDA. No CUDA types here. solve_tsp() calls these for
// backend = Gpu.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/runtime/job.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {

// Empty when a CUDA device can run the tour kernels; otherwise why not.
std::string gpu_tsp_unavailable_reason();

// Every tour, as the CPU search does (same index space, same tie-break: equal lengths give the
// same tour). Honors time_limit_seconds; progress and cancel between launches.
TspResult gpu_tsp_exhaustive(const TspInstance& instance, const TspOptions& options, const JobContext& job);

// Held-Karp, one launch per layer of subsets; the table lives in device memory and is refused
// (OverBudget, with the largest k that fits) before anything is allocated.
TspResult gpu_tsp_held_karp(const TspInstance& instance, const TspOptions& options, const JobContext& job);

// Best-improvement 2-opt from `tour` down to a 2-opt local optimum: each step evaluates all
// i < j reversals at once on the device and applies the best. The result is never longer.
// Adds its time to *timing (kernels to compute_seconds, copies to transfer_seconds).
std::vector<std::int32_t> gpu_two_opt_descent(const TspInstance& instance, std::vector<std::int32_t> tour,
                                              Timing* timing, const JobContext& job);

}  // namespace pathscope
