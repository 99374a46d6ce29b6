#pragma once
// The one random draw of the information-flow traversal, computed alike on the host and the
// device, so that every engine gives the same layers for the same seed: repetition `run`
// tries arc `arc` at most once (when its tail is reached), and crosses it when the draw is
// below the arc's chance. Shared with kernels/ only (not installed).
#include <cstdint>

#include "pathscope/runtime/host_device.hpp"

namespace pathscope::detail {

// A uniform double in [0, 1) from (seed, run, arc), by SplitMix64 finalisation.
PATHSCOPE_HD double traversal_draw(std::uint64_t seed, std::uint32_t run, std::uint64_t arc) {
  std::uint64_t z = seed ^ (0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(run) + 1)) ^
                    (0xD1B54A32D192ED03ull * (arc + 1));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

}  // namespace pathscope::detail
