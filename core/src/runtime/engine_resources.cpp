#include <omp.h>

#include <algorithm>

#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope {

namespace {

std::string threads_rule() {
  return "threads must be 0 (every hardware thread) or a count from 1 to " + std::to_string(max_cpu_threads());
}

void check_threads(int threads) {
  if (threads < 0 || threads > max_cpu_threads()) throw Error(threads_rule() + "; got " + std::to_string(threads));
}

}  // namespace

int max_cpu_threads() { return std::max(64, 4 * omp_get_num_procs()); }

int parse_thread_count(const std::string& text) {
  // Nine digits at most: every count in range fits, and std::stoi cannot overflow.
  const bool digits = !text.empty() && text.size() <= 9 && text.find_first_not_of("0123456789") == std::string::npos;
  const int threads = digits ? std::stoi(text) : -1;
  if (threads < 0 || threads > max_cpu_threads()) throw Error(threads_rule() + "; got '" + text + "'");
  return threads;
}

void validate_resources(const EngineResources& resources) {
  check_threads(resources.threads);
  gpu_ranks(resources.gpus, kMaxGpuRanks);  // the limits alone: the devices are counted at run time
  const std::uint64_t physical = physical_memory_bytes();
  if (physical > 0 && resources.memory_budget > physical)
    throw Error("a memory budget of " + format_bytes(resources.memory_budget) + " is more than this machine's " +
                format_bytes(physical) + " of memory; leave it out for the default (" +
                format_bytes(default_memory_budget()) + ")");
}

int effective_threads(const EngineResources& resources) {
  check_threads(resources.threads);
  if (resources.threads > 0) return resources.threads;
  return std::max(1, omp_get_max_threads());
}

std::uint64_t effective_memory_budget(const EngineResources& resources) {
  return resources.memory_budget ? resources.memory_budget : default_memory_budget();
}

std::string cpu_device_label(int threads) {
  return "CPU, " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

}  // namespace pathscope
