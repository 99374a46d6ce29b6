#pragma once
// The job of processes a launcher started this command in (mpirun, srun, torchrun, or RANK and
// WORLD_SIZE by hand): `apsp` and `bench apsp` then run gpu-blocked as one rank per process.
#include <memory>
#include <string>

#include "pathscope/cluster/process_job.hpp"

namespace pathscope::cli {

// Null when this process is the only one. Otherwise the processes meet (each step bounded by
// ten minutes, Ctrl-C ends a wait) and a wrong launch is refused on every rank.
std::shared_ptr<ProcessJob> join_launch_job();

// The engine a job runs: gpu-blocked ("auto" picks it); anything else is refused, naming the
// launch, since only gpu-blocked spreads one rank per process.
std::string job_engine(const std::string& asked, const ProcessJob& job);

}  // namespace pathscope::cli
