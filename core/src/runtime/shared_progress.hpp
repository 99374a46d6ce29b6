#pragma once
// Progress and cancellation as every CPU engine reports them: one call at a time, at most a
// few hundred times a run, and with a cancel request or a callback's exception seen inside an
// OpenMP region turned into a throw outside it.
#include <atomic>
#include <cstdint>
#include <exception>

#include "pathscope/runtime/job.hpp"

namespace pathscope::detail {

// Progress and cancellation for loops run by several threads. Workers call should_stop()
// between units of work; one thread at a time forwards progress (whichever finds the next
// report due and the reporting flag free), because JobContext promises its callback one call at
// a time, in increasing fractions, and at most a few hundred calls.
class SharedProgress {
 public:
  SharedProgress(const JobContext& job, std::int64_t total_units);
  void unit_done();  // any thread
  bool should_stop() const { return stop_.load(std::memory_order_relaxed); }
  // After the parallel region: rethrows a callback's exception, or throws Cancelled, or
  // reports completion.
  void finish() const;

 private:
  const JobContext& job_;
  std::int64_t total_;
  std::int64_t report_every_;
  std::atomic<std::int64_t> done_{0};
  std::atomic<std::int64_t> next_report_;
  std::atomic<bool> stop_{false};
  std::atomic_flag reporting_;  // clear: C++20 value-initialises it
  std::exception_ptr failure_;
};

// Reports after step `done` of `total` sequential steps, at most ~200 times a run.
void report_step(const JobContext& job, std::int64_t done, std::int64_t total);
// The same, for steps of unequal cost: reports `fraction` (the share of the work done) instead of
// done / total on the same schedule.
void report_step(const JobContext& job, std::int64_t done, std::int64_t total, double fraction);

}  // namespace pathscope::detail
