#pragma once
// What the rank threads of one several-GPU gpu-blocked run share, in core or out of core: the
// agreement to stop, what the finishing kernels found, and the slowest rank's device time.
#include <atomic>
#include <climits>
#include <mutex>

#include "pathscope/runtime/job.hpp"

namespace pathscope::gpu {

struct RankRunState {
  explicit RankRunState(const JobContext& j) : job(j) {}
  const JobContext& job;
  std::atomic<bool> stop{false};  // cancel asked: every rank leaves after the same pivot
  std::atomic<int> negative{INT_MAX};
  std::atomic<bool> clipped{false};
  std::mutex mutex;
  double compute_seconds = 0, transfer_seconds = 0;

  void found_negative(int node) {
    for (int seen = negative.load(); node < seen && !negative.compare_exchange_weak(seen, node);) {
    }
  }
  void add_compute(double seconds) {
    std::lock_guard<std::mutex> lock(mutex);
    if (seconds > compute_seconds) compute_seconds = seconds;
  }
};

}  // namespace pathscope::gpu
