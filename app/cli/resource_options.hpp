#pragma once
// --threads, --memory-budget and --gpu-mem: the resources every engine command and every bench
// takes, parsed here and checked by the core's one rule (validate_resources).
#include <CLI/CLI.hpp>
#include <string>

#include "pathscope/engine.hpp"

namespace pathscope::cli {

struct ResourceFlags {
  int threads = 0;
  std::string memory_budget, gpu_memory;

  // `use` words the budgets' help: what they are checked against ("the n x n result").
  void add_to(CLI::App& command, const std::string& use);
  // Throws Error for a malformed size, an explicit 0, or a value validate_resources() refuses.
  EngineResources resources() const;
  // A family's options record with these resources in its EngineResources part.
  template <class Options>
  Options applied_to(Options options) const {
    static_cast<EngineResources&>(options) = resources();
    return options;
  }
};

}  // namespace pathscope::cli
