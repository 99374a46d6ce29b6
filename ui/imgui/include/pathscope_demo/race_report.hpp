#pragma once
// The run's figures as JSON, for slides and for the tests that check them against the engines.
#include <string>

#include "pathscope_demo/race.hpp"
#include "pathscope_demo/scene.hpp"

namespace pathscope::demo {

std::string race_report_json(const Scene& scene, const Race& race);
// Through AtomicFile: a cancelled or failed write leaves no half file. Throws Error.
void write_race_report(const std::string& path, const Scene& scene, const Race& race);

}  // namespace pathscope::demo
