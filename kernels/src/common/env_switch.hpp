#pragma once
// Environment switches for the device runs that measure what one piece of an engine saves.
#include <cstdlib>
#include <string>

namespace pathscope::gpu {

// Unset or anything but "0" keeps the piece on.
inline bool switched_on(const char* variable) {
  const char* text = std::getenv(variable);
  return !text || std::string(text) != "0";
}

}  // namespace pathscope::gpu
