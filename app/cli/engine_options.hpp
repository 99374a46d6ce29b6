#pragma once
// Flags shared by the commands that run all-pairs engines (apsp, bench apsp, path --engine).
#include <CLI/CLI.hpp>
#include <string>

#include "pathscope/apsp.hpp"

namespace pathscope::cli {

struct EngineOptions {
  std::string dist = "auto";
  std::string memory_budget;
  std::string gpu_memory;
  int threads = 0;

  void add_to(CLI::App& command);
  // "auto" distance: int32 for whole-number weights, float otherwise.
  ApspOptions to_apsp_options(const Graph& g) const;
};

}  // namespace pathscope::cli
