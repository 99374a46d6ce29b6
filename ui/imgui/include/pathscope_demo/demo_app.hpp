#pragma once
// The demo's whole life: a GLFW window (or a hidden one with an offscreen target for scripted
// runs), the shared renderer, the ImGui panels and the race.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/io/load.hpp"

namespace pathscope::demo {

struct DemoOptions {
  std::string problem = "apsp";      // what --race names: one of race_problems()
  std::string graph;                 // file or generator spec (correlate: a table or random-table:);
                                     // empty: the first bundled sample
  LoadOptions load;                  // the graph reader's options: --input-format, --weight-attribute,
                                     // --min-synapses
  bool headless = false;             // run the race, render one frame offscreen, write files, exit
  std::string out_json;              // the run's figures
  std::string screenshot;            // PNG of the final frame (headless) or the S key's target
  int width = 1600, height = 900;    // headless frame size; the window's initial size otherwise
  std::string source, target;        // node names or ids; empty: a random source, farthest target
  std::uint64_t seed = 1;
  int stops = 20;                    // tsp: how many random stops the tour visits
  std::string cpu_engine = "blocked";
  std::string method = "spearman";   // correlate: spearman or pearson
  double min_abs_rho = 0.8;          // correlate: pairs with |rho| >= this survive
  double ui_scale = 0;               // 0: the monitor's content scale
  int bench_frames = 0;              // > 0: load, draw this many frames on a fixed camera path
                                     // (headless: through EGL), print their times as JSON, exit
  bool bench_while_racing = false;   // with bench_frames: run the race meanwhile, time only the
                                     // frames drawn while its lanes run
};

// "apsp", "tsp", "reach", "correlate": the races, in the picker's order.
const std::vector<std::string>& race_problems();
// Throws Error naming the known problems when `problem` is not one of them.
void require_known_problem(const std::string& problem);

// Returns the process exit status; prints errors to stderr as "pathscope-demo: ...".
int run_demo(const DemoOptions& options);

}  // namespace pathscope::demo
