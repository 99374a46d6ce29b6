#pragma once
// Flags shared by the commands that run all-pairs engines (apsp, bench apsp, path --engine).
#include <CLI/CLI.hpp>
#include <string>

#include "pathscope/apsp/apsp.hpp"
#include "resource_options.hpp"

namespace pathscope::cli {

struct EngineOptions {
  std::string dist = "auto";
  ResourceFlags resources;

  // `gpu_sweep`: --gpus takes several sets, run in turn (bench).
  void add_to(CLI::App& command, bool gpu_sweep = false);
  // "auto" distance: choose_distance_type (distance_choice.hpp).
  ApspOptions to_apsp_options(const Graph& g) const;
};

}  // namespace pathscope::cli
