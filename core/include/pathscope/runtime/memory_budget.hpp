#pragma once
// The n^2 rule: all-pairs work is refused before allocating when it would not fit.
#include <cstdint>
#include <string>

namespace pathscope {

// Physical memory of this machine in bytes (0 if unknown).
std::uint64_t physical_memory_bytes();
// Default budget for an n x n result: 60% of physical memory.
std::uint64_t default_memory_budget();

// Throws OverBudget with both sizes in a readable message ("needs 5.9 GiB, budget 4.0 GiB").
void require_within_budget(std::uint64_t need, std::uint64_t budget, const std::string& what);

// "1.5 GiB", "640 MiB", "12 KiB", "17 B".
std::string format_bytes(std::uint64_t bytes);
// Parses "2GiB", "512MiB", "1.5G", "1000000"; throws Error otherwise.
std::uint64_t parse_bytes(const std::string& text);

}  // namespace pathscope
