#include "launch_job.hpp"

#include <chrono>

#include "exit_codes.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {
namespace {

// How long one meeting of the processes may wait: a run's meetings come between long stretches
// of work (loading, a 64th of the pivots, writing a share of rows) that ranks finish unevenly,
// while a rank that dies closes its connection and fails the others at once.
constexpr double kJobStepTimeoutSeconds = 600;

}  // namespace

std::shared_ptr<ProcessJob> join_launch_job() {
  const ProcessPlacement placement = read_process_placement(process_environment());
  if (placement.world_size <= 1) return nullptr;
  const GpuInfo gpu = gpu_info();
  const auto timeout = std::chrono::milliseconds(static_cast<long long>(kJobStepTimeoutSeconds * 1000));
  return join_process_job(placement, gpu.available ? gpu.device_count : 0, {timeout, interrupt_flag()});
}

std::string job_engine(const std::string& asked, const ProcessJob& job) {
  if (asked == "auto" || asked == "gpu-blocked") return "gpu-blocked";
  throw UsageError(std::string(launcher_name(job.placement().launcher)) + " started " + std::to_string(job.world_size()) +
                   " processes, which run gpu-blocked as one rank each; " + asked +
                   " runs in one process (start it without the launcher)");
}

}  // namespace pathscope::cli
