#pragma once
// What a headless race says while it runs: a long one (a whole-country reach race takes
// minutes on a laptop) must not look hung to the person or the log watching it.
#include <string>

#include "pathscope_demo/race.hpp"

namespace pathscope::demo {

// "pathscope-demo: reach race on luxembourg.osm.graph, 12.0 s: CPU (bitset) 37%, GPU (gpu) done 0.8 s"
std::string race_progress_line(const Race& race, const std::string& dataset, double elapsed_seconds);

// Waits for every lane, printing race_progress_line on stderr each `interval_seconds` while
// any still runs (nothing for a race that ends sooner).
void wait_telling_progress(Race& race, const std::string& dataset, double interval_seconds);

}  // namespace pathscope::demo
