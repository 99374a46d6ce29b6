#pragma once
// The seam between the core and the CUDA back end (kernels/, library pathscope_gpu). The core
// does not link the back end; the back end links the core and, while the program starts,
// installs this table. The public functions of gpu.hpp, gpu_tsp.hpp, gpu_closure.hpp and
// gpu_correlate.hpp (core/src/gpu/) forward to it, or answer "this build has no CUDA back end"
// when nothing was installed. Not for front ends: they call the public functions.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/runtime/job.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope::detail {

struct GpuBackend {
  GpuInfo (*info)();
  // nullptr for names that are not GPU all-pairs engines.
  std::unique_ptr<ApspEngine> (*make_apsp_engine)(std::string_view name);
  double (*minplus_peak)(DistType dist);
  std::unique_ptr<ClosureEngine> (*make_closure_engine)();
  std::unique_ptr<CorrelationEngine> (*make_correlation_engine)();
  TspResult (*tsp_exhaustive)(const TspInstance& instance, const TspOptions& options, const JobContext& job);
  TspResult (*tsp_held_karp)(const TspInstance& instance, const TspOptions& options, const JobContext& job);
  std::vector<std::int32_t> (*two_opt_descent)(const TspInstance& instance, std::vector<std::int32_t> tour,
                                               Timing* timing, const JobContext& job);
};

// Called once, before main, by the back end's registration; the table must outlive the program.
void install_gpu_backend(const GpuBackend& backend);
// The installed table, or nullptr when this program has no CUDA back end.
const GpuBackend* gpu_backend();
// Why there is no back end, for engines and gpu_info() to report.
std::string no_gpu_backend_reason();

}  // namespace pathscope::detail
