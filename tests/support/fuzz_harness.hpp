#pragma once
// What every fuzz target shares: limits small enough that a lying header cannot make a
// legitimate allocation exhaust the fuzzer's memory, and the rule that only pathscope::Error
// is an acceptable way to reject input (anything else, or a sanitizer report, is a crash).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"

namespace fuzz {

inline pathscope::LoadOptions small_limits() {
  pathscope::LoadOptions options;
  options.max_nodes = 1 << 16;
  options.max_arcs = 1 << 20;
  return options;
}

inline std::string text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

template <class F>
void expect_clean(F&& f) {
  try {
    f();
  } catch (const pathscope::Error&) {
    // Rejected with a message: the intended outcome for bad input.
  }
}

}  // namespace fuzz
