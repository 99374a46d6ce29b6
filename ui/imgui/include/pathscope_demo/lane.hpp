#pragma once
// One contestant of a race: a job on its own thread with live progress, elapsed time and a
// cancel flag. Generic on purpose, so every problem (paths, reachability, tours) races the same way.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "pathscope/runtime/job.hpp"

namespace pathscope {
struct CorrelationNetwork;
}

namespace pathscope::demo {

// What a finished lane hands back: the engine's own figures and the answer to highlight.
struct LaneOutcome {
  Timing timing;
  std::string fingerprint;            // e.g. the distance matrix checksum: equal answers, equal text
  std::vector<std::int32_t> highlight;  // nodes of the path or tour (or, with node_set, the set) to draw
  bool closed = false;                 // the highlight is a tour
  bool node_set = false;               // the highlight is a set (what a node reaches), not a walk
  bool reachable = false;
  double value = 0;                    // the highlighted answer's length, or the set's size
  // Problem-specific figures for the report and the panel ("survivors", "pairs_tested", ...).
  std::vector<std::pair<std::string, double>> figures;
  std::string detail;                  // e.g. the correlation engine's arithmetic
  std::shared_ptr<const CorrelationNetwork> network;  // correlation races: what to draw
};

enum class LaneState { Ready, Unavailable, Running, Done, Failed, Cancelled };
const char* lane_state_name(LaneState s);

class Lane {
 public:
  using Job = std::function<LaneOutcome(const JobContext&)>;

  // unavailable_reason non-empty: the lane never runs and shows why (no CUDA device, ...).
  // expected_work: the updates a whole run does, to show a live rate before Timing exists.
  Lane(std::string title, std::string engine, std::string unavailable_reason, double expected_work, Job job);
  ~Lane();  // cancels and joins, so a window closed mid-race exits cleanly
  Lane(const Lane&) = delete;
  Lane& operator=(const Lane&) = delete;

  void start();
  void request_cancel() { cancel_.store(true); }
  void join();

  const std::string& title() const { return title_; }
  const std::string& engine() const { return engine_; }
  const std::string& unavailable_reason() const { return unavailable_reason_; }
  LaneState state() const { return state_.load(std::memory_order_acquire); }
  bool running() const { return state() == LaneState::Running; }
  double progress() const { return progress_.load(std::memory_order_relaxed); }
  double elapsed_seconds() const;
  // Updates per second: the engine's own figure when done, an estimate from progress while running.
  double work_rate() const;
  // Valid once state() is Done.
  const LaneOutcome& outcome() const { return outcome_; }
  std::string error() const;

 private:
  void run_job();

  std::string title_, engine_, unavailable_reason_;
  double expected_work_;
  Job job_;
  std::thread thread_;
  std::atomic<LaneState> state_;
  std::atomic<double> progress_{0};
  std::atomic<bool> cancel_{false};
  std::atomic<double> started_at_{0}, finished_at_{0};
  LaneOutcome outcome_;
  mutable std::mutex error_mutex_;
  std::string error_;
};

}  // namespace pathscope::demo
