#pragma once
// What every engine of every family (all-pairs, closure, tours, correlation) shares: a name,
// a way to say it cannot run here, and one record of the resources a run may use. Each
// family's options derive from EngineResources, so one flag parser and one budget rule serve
// them all; each family's engine interface derives from Engine.
#include <cstdint>
#include <string>
#include <vector>

namespace pathscope {

// Which GPUs a GPU run spreads over (--gpus). The default (nothing chosen, or "0") runs the
// one-GPU engines on device 0. Any other choice runs the several-GPU form of the engine, one
// rank per listed device: NCCL between distinct devices; a device listed more than once holds
// that many logical ranks, each with its own stream and memory, exchanging by device copies
// (how P ranks are tested on one GPU).
struct GpuSet {
  bool all = false;          // every visible device
  int count = 0;             // the first `count` devices
  std::vector<int> devices;  // these devices in rank order (repeats allowed)
  bool is_default() const { return !all && count == 0 && devices.empty(); }
  friend bool operator==(const GpuSet&, const GpuSet&) = default;
};

// The most ranks, and the highest device number, a GpuSet may name.
inline constexpr int kMaxGpuRanks = 64;
// "all", "N" (the first N devices; 0 = the default), or a list of two or more device numbers
// separated by ',' or '+' ("0,1,3", "0+0"). Throws Error naming the text and what is allowed.
GpuSet parse_gpu_set(const std::string& text);
// The text parse_gpu_set reads back ("all", "2", "0+0"), "0" for the default.
std::string gpu_set_text(const GpuSet& gpus);
// The ranks the set gives on a machine with `device_count` devices, each a device number.
// Empty for the default. Throws Error when the set names a device the machine lacks.
std::vector<int> gpu_ranks(const GpuSet& gpus, int device_count);

// The resources a run may use. 0 always means "the default", resolved by the functions below
// and nowhere else.
struct EngineResources {
  int threads = 0;                      // CPU engines: 0 = every hardware thread
  std::uint64_t memory_budget = 0;      // host bytes: 0 = default_memory_budget()
  std::uint64_t gpu_memory_budget = 0;  // device bytes: 0 = free device memory less a margin
                                        // (with several ranks on one device: its share of it)
  GpuSet gpus{};                        // GPU engines that can spread over several GPUs
};

// The most threads a run may ask for: four per hardware thread, and at least 64. More cannot
// help, and a count in the thousands makes OpenMP fail to start the threads.
int max_cpu_threads();
// Throws Error, naming the value and what is allowed, when threads is negative or above
// max_cpu_threads(), when a host budget exceeds this machine's physical memory, or when the
// GPU set names more than kMaxGpuRanks ranks or a device number outside [0, kMaxGpuRanks). Front ends
// call it on what a person typed; effective_threads() applies the thread rule to every run.
void validate_resources(const EngineResources& resources);
// A thread count as typed ("8", "0"): throws the same Error for text that is not a whole
// number in range, quoting the text ("got 'abc'").
int parse_thread_count(const std::string& text);

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
