#pragma once
// --threads, --memory-budget and --gpu-mem: the resources every engine command and every bench
// takes, parsed here and checked by the core's one rule (validate_resources); --gpus for the
// commands whose GPU engines spread over several GPUs.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "pathscope/runtime/engine.hpp"

namespace pathscope::cli {

struct ResourceFlags {
  int threads = 0;
  std::string memory_budget, gpu_memory, gpus;

  // `use` words the budgets' help: what they are checked against ("the n x n result").
  void add_to(CLI::App& command, const std::string& use);
  // --gpus all|N|LIST (parse_gpu_set). With `sweep` (bench) a comma-separated list of sets,
  // each run in turn, whose device lists join their numbers with '+' ("0,1,0+0").
  void add_gpus_to(CLI::App& command, bool sweep = false);
  // The sets of a sweep, or the one set; {default} when --gpus was not given.
  std::vector<GpuSet> gpu_sweep() const;
  // Throws Error for a malformed size, an explicit 0, or a value validate_resources() refuses.
  EngineResources resources() const;
  // A family's options record with these resources in its EngineResources part.
  template <class Options>
  Options applied_to(Options options) const {
    static_cast<EngineResources&>(options) = resources();
    return options;
  }

 private:
  bool sweep_ = false;
};

}  // namespace pathscope::cli
