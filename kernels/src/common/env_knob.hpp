#pragma once
// Environment knobs of the GPU runs: for device runs that measure what a piece saves beside the
// run without it, and for tests that force a path on small inputs. Read where the run is
// planned, once a run; unset or empty means the run's own choice.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>

#include "pathscope/runtime/error.hpp"

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

// One of the named words, or "" when unset or empty. Any other word is an error, not a quiet
// fallback: tests rely on the path they ask for.
inline std::string env_choice(const char* name, std::initializer_list<const char*> words) {
  const char* text = std::getenv(name);
  if (!text || !*text) return {};
  std::string listed;
  for (const char* word : words) {
    if (std::strcmp(text, word) == 0) return text;
    listed += (listed.empty() ? "" : " or ") + std::string(word);
  }
  throw Error(std::string(name) + " is '" + text + "'; it takes " + listed);
}

}  // namespace pathscope::gpu
