#pragma once
// The device every GPU run uses (device 0), probed once: whether it can run the engines
// (driver, compute capability 7.5 or newer), its name and size, and the one rule for how much
// of its memory a run may take. No CUDA types here, so .cpp files of every family include it.
#include <cstdint>
#include <string>
#include <utility>

#include "pathscope/apsp/gpu.hpp"

namespace pathscope::gpu {

// What gpu_info() answers in a program with this back end: the static part probed once, free
// memory read fresh.
GpuInfo device_info();
// Throws Error (no device, driver too old, GPU too old) unless the device is usable. Reads
// the probe only, so it costs nothing on a timed run.
void require_device();
std::string device_name();
int multiprocessor_count();

// The device bytes a run may use: `requested` (the caller's GPU memory budget; OverBudget
// when it is more than is free), or, when 0, free memory less the safety margin. Every family
// sizes its runs by this one rule.
std::uint64_t device_memory_budget(std::uint64_t requested);
// The same rule on device `device`, shared by `ranks` ranks placed on it: each rank may take
// its share of `requested` (or of the default).
std::uint64_t device_memory_budget(std::uint64_t requested, int device, int ranks);
// How many CUDA devices this process sees (0 when none or no driver).
int device_count();
// Device `device`'s UUID as two words: the same GPU gives the same words in every process,
// whatever number CUDA_VISIBLE_DEVICES gave it there.
std::pair<std::uint64_t, std::uint64_t> device_uuid_words(int device);

// Whether the device's default memory pool serves stream-ordered allocations, set up to keep
// freed memory for the next run.
bool stream_ordered_allocation();

}  // namespace pathscope::gpu
