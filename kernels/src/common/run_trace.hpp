#pragma once
// Time stamps of one GPU run's host-side steps, printed to stderr when PATHSCOPE_GPU_TRACE is
// set. The device machines have no Nsight Systems, and on short runs it is the host side
// (allocation, fills, copies) that varies from one machine to the next.
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "pathscope/runtime/job.hpp"

namespace pathscope::gpu {

class RunTrace {
 public:
  explicit RunTrace(const char* run)
      : run_(run), enabled_(std::getenv("PATHSCOPE_GPU_TRACE") != nullptr), start_(now_seconds()) {}
  RunTrace(const RunTrace&) = delete;
  RunTrace& operator=(const RunTrace&) = delete;
  bool enabled() const { return enabled_; }
  // A step that ended now, or at `when` (a now_seconds() value taken elsewhere).
  void mark(const char* step) { mark(step, now_seconds()); }
  void mark(const char* step, double when) {
    if (enabled_) marks_.emplace_back(step, when);
  }
  // Time spent in a step that recurs (one per band, say), summed over the run.
  void add(const char* step, double seconds) {
    if (!enabled_) return;
    for (auto& [name, sum] : totals_)
      if (name == step) {
        sum += seconds;
        return;
      }
    totals_.emplace_back(step, seconds);
  }
  ~RunTrace() {
    if (!enabled_) return;
    std::fprintf(stderr, "trace %s:", run_);
    for (const auto& [step, when] : marks_) std::fprintf(stderr, " %s %.3f ms;", step, (when - start_) * 1e3);
    for (const auto& [step, sum] : totals_) std::fprintf(stderr, " %s %.3f ms in all;", step, sum * 1e3);
    std::fprintf(stderr, "\n");
  }

 private:
  const char* run_;
  bool enabled_;
  double start_;
  std::vector<std::pair<const char*, double>> marks_;
  std::vector<std::pair<const char*, double>> totals_;
};

}  // namespace pathscope::gpu
