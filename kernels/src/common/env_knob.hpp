#pragma once
// Environment knobs of the GPU runs: for device runs that measure what a piece saves beside the
// run without it, and for tests that force a path on small inputs. Read where the run is
// planned, once a run; unset or empty means the run's own choice.
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace pathscope::gpu {

// A whole number from the environment, or `fallback`.
inline std::int64_t env_number(const char* name, std::int64_t fallback) {
  const char* text = std::getenv(name);
  return text && *text ? std::atoll(text) : fallback;
}

// A switch that is on unless set to "0".
inline bool env_switched_on(const char* name) {
  const char* text = std::getenv(name);
  return !text || std::strcmp(text, "0") != 0;
}

}  // namespace pathscope::gpu
