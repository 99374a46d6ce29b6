#include "engine_options.hpp"

#include "pathscope/apsp/distance_choice.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::cli {

void EngineOptions::add_to(CLI::App& command, bool gpu_sweep) {
  command.add_option("--dist", dist,
                     "Distance type: int32, int64, float, hop16, or auto (the narrowest exact one: int32, int64 "
                     "when int32 could overflow, float for fractional costs; `info` says which and why)")
      ->capture_default_str()
      // Checked while parsing, so a misspelt type is a usage error before any file is read.
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            if (text == "auto") return {};
            try {
              parse_dist_type(text);
              return {};
            } catch (const Error& e) {
              return e.what();
            }
          },
          "", ""));
  resources.add_to(command, "the n x n result");
  resources.add_gpus_to(command, gpu_sweep);
}

ApspOptions EngineOptions::to_apsp_options(const Graph& g) const {
  ApspOptions o = resources.applied_to(ApspOptions{});
  o.dist = dist == "auto" ? choose_distance_type(g).type : parse_dist_type(dist);
  return o;
}

}  // namespace pathscope::cli
