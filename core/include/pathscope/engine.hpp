#pragma once
// What every engine of every family (all-pairs, closure, tours, correlation) shares: a name,
// a way to say it cannot run here, and one record of the resources a run may use. Each
// family's options derive from EngineResources, so one flag parser and one budget rule serve
// them all; each family's engine interface derives from Engine.
#include <cstdint>
#include <string>

namespace pathscope {

// The resources a run may use. 0 always means "the default", resolved by the functions below
// and nowhere else.
struct EngineResources {
  int threads = 0;                      // CPU engines: 0 = every hardware thread
  std::uint64_t memory_budget = 0;      // host bytes: 0 = default_memory_budget()
  std::uint64_t gpu_memory_budget = 0;  // device bytes: 0 = free device memory less a margin
};

// The most threads a run may ask for: four per hardware thread, and at least 64. More cannot
// help, and a count in the thousands makes OpenMP fail to start the threads.
int max_cpu_threads();
// Throws Error, naming the value and what is allowed, when threads is negative or above
// max_cpu_threads(), or when a host budget exceeds this machine's physical memory. Front ends
// call it on what a person typed; effective_threads() applies the thread rule to every run.
void validate_resources(const EngineResources& resources);

// The thread count a CPU run uses: resources.threads, or every hardware thread when 0.
// Throws Error as validate_resources() does for a count out of range.
int effective_threads(const EngineResources& resources);
// The host budget a run checks its need against: resources.memory_budget, or
// default_memory_budget() when 0.
std::uint64_t effective_memory_budget(const EngineResources& resources);
// How a CPU run names its device in a Timing: "CPU, 1 thread", "CPU, 8 threads".
std::string cpu_device_label(int threads);

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const { return {}; }
  // Empty when the engine can run here; otherwise why not ("this build has no CUDA", ...).
  virtual std::string unavailable_reason() const { return {}; }
  bool available() const { return unavailable_reason().empty(); }
};

}  // namespace pathscope
