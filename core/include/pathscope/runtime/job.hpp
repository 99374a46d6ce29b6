#pragma once
// The contract between a long computation and whoever started it: progress goes out through
// a callback, a cancel request comes in through a flag, and the engine fills a Timing.
#include <atomic>
#include <functional>
#include <string>

namespace pathscope {

class JobContext {
 public:
  using ProgressFn = std::function<void(double fraction)>;

  JobContext() = default;
  JobContext(ProgressFn progress, const std::atomic<bool>* cancel_flag)
      : progress_(std::move(progress)), cancel_(cancel_flag) {}

  // fraction in [0, 1], increasing. Engines make one call at a time (not always from the same
  // thread), at most a few hundred a run.
  void report(double fraction) const {
    if (progress_) progress_(fraction);
  }
  bool cancel_requested() const { return cancel_ && cancel_->load(std::memory_order_relaxed); }
  // Throws Cancelled when asked to stop; engines call it between blocks of work.
  void check_cancel() const;
  // One part of a larger job: the part's fractions [0, 1] are reported as [begin, end] of
  // this job's, and it shares this job's cancel flag. A composite job ("run both engines")
  // gives each part its slice, so progress and cancel need no relay.
  JobContext slice(double begin, double end) const;

 private:
  ProgressFn progress_;
  const std::atomic<bool>* cancel_ = nullptr;
};

// One engine run as the timing panels and `bench` show it.
struct Timing {
  std::string engine;
  std::string device;            // "CPU, 2 threads" or the GPU's name
  double seconds = 0;            // the engine's whole run, input already in memory
  double compute_seconds = 0;    // the part spent in the algorithm proper (GPU: kernels only)
  double transfer_seconds = 0;   // host<->device copies (GPU engines)
  double updates = 0;            // relaxations done, e.g. n^3 for Floyd-Warshall
  double predicted_seconds = 0;  // what the engine's cost model expected of `seconds`; 0: no model
  double updates_per_second() const { return seconds > 0 ? updates / seconds : 0; }
};

// Monotonic wall clock in seconds.
double now_seconds();

}  // namespace pathscope
