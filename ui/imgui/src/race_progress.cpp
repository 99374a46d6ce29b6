#include "race_progress.hpp"

#include <chrono>
#include <cstdio>
#include <thread>

namespace pathscope::demo {
namespace {

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", seconds);
  return text;
}

std::string lane_text(const Lane& lane) {
  std::string text = lane.title() + " (" + lane.engine() + ") ";
  switch (lane.state()) {
    case LaneState::Running: {
      char percent[16];
      std::snprintf(percent, sizeof percent, "%.0f%%", 100 * lane.progress());
      return text + percent;
    }
    case LaneState::Done: return text + "done " + seconds_text(lane.elapsed_seconds());
    default: return text + lane_state_name(lane.state());
  }
}

}  // namespace

std::string race_progress_line(const Race& race, const std::string& dataset, double elapsed_seconds) {
  std::string line = "pathscope-demo: " + race.problem + " race on " + dataset + ", " + seconds_text(elapsed_seconds) + ":";
  const char* separator = " ";
  for (const auto& lane : race.lanes) {
    line += separator + lane_text(*lane);
    separator = ", ";
  }
  return line;
}

void wait_telling_progress(Race& race, const std::string& dataset, double interval_seconds) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto next_line = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(interval_seconds));
  while (race.running()) {
    // Short naps: the race's end is seen within a tenth of a second, not at the next line.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const auto now = Clock::now();
    if (now < next_line || !race.running()) continue;
    std::fprintf(stderr, "%s\n",
                 race_progress_line(race, dataset, std::chrono::duration<double>(now - start).count()).c_str());
    std::fflush(stderr);
    next_line = now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(interval_seconds));
  }
  race.wait();
}

}  // namespace pathscope::demo
