#pragma once
// The demo's whole life: a GLFW window (or a hidden one with an offscreen target for scripted
// runs), the shared renderer, the ImGui panels and the race.
#include <cstdint>
#include <string>

namespace pathscope::demo {

struct DemoOptions {
  std::string problem = "apsp";      // what --race names: apsp or tsp
  std::string graph;                 // file or generator spec; empty: the first bundled sample
  bool headless = false;             // run the race, render one frame offscreen, write files, exit
  std::string out_json;              // the run's figures
  std::string screenshot;            // PNG of the final frame (headless) or the S key's target
  int width = 1600, height = 900;    // headless frame size; the window's initial size otherwise
  std::string source, target;        // node names or ids; empty: a random source, farthest target
  std::uint64_t seed = 1;
  int stops = 20;                    // tsp: how many random stops the tour visits
  std::string cpu_engine = "blocked";
  double ui_scale = 0;               // 0: the monitor's content scale
};

// Returns the process exit status; prints errors to stderr as "pathscope-demo: ...".
int run_demo(const DemoOptions& options);

}  // namespace pathscope::demo
