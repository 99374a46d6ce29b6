#pragma once
// The job of processes a launcher started this command in (mpirun, srun, torchrun, or RANK and
// WORLD_SIZE by hand): `apsp` and `bench apsp` then run gpu-blocked as one rank per process.
#include <memory>
#include <string>

#include "pathscope/cluster/process_job.hpp"

namespace pathscope::cli {

// How long one meeting of the processes may wait: a run's meetings come between long stretches
// of work (loading, a 64th of the pivots, writing a share of rows) that ranks finish unevenly,
// while a rank that dies closes its connection and fails the others at once.
inline constexpr double kJobStepTimeoutSeconds = 600;

// Null when this process is the only one. Otherwise the processes meet (each step bounded by
// `timeout_seconds`, Ctrl-C ends a wait) and a wrong launch is refused on every rank.
std::shared_ptr<ProcessJob> join_launch_job(double timeout_seconds);

// The engine a job runs: gpu-blocked ("auto" picks it); anything else is refused, naming the
// launch, since only gpu-blocked spreads one rank per process.
std::string job_engine(const std::string& asked, const ProcessJob& job);

}  // namespace pathscope::cli
