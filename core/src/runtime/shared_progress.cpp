#include "runtime/shared_progress.hpp"

#include <algorithm>

namespace pathscope::detail {

namespace {
constexpr std::int64_t kMaxReports = 200;
}

SharedProgress::SharedProgress(const JobContext& job, std::int64_t total_units)
    : job_(job),
      total_(std::max<std::int64_t>(1, total_units)),
      report_every_(std::max<std::int64_t>(1, total_ / kMaxReports)),
      next_report_(report_every_) {}

void SharedProgress::unit_done() {
  const std::int64_t done = done_.fetch_add(1, std::memory_order_relaxed) + 1;
  if (job_.cancel_requested()) stop_.store(true, std::memory_order_relaxed);
  if (done < next_report_.load(std::memory_order_relaxed)) return;
  // Whichever thread gets here first reports; the others go back to work. Not thread 0 by
  // rule: on a loaded host thread 0 may wait for a core while the others finish every unit.
  if (reporting_.test_and_set(std::memory_order_acquire)) return;
  const std::int64_t now = done_.load(std::memory_order_relaxed);
  if (now >= next_report_.load(std::memory_order_relaxed)) {
    next_report_.store(now + report_every_, std::memory_order_relaxed);
    try {
      job_.report(static_cast<double>(now) / static_cast<double>(total_));
    } catch (...) {
      // Written under the reporting flag, once: the stop flag ends every worker's loop.
      if (!failure_) failure_ = std::current_exception();
      stop_.store(true, std::memory_order_relaxed);
    }
  }
  reporting_.clear(std::memory_order_release);
  if (job_.cancel_requested()) stop_.store(true, std::memory_order_relaxed);
}

void SharedProgress::finish() const {
  if (failure_) std::rethrow_exception(failure_);
  job_.check_cancel();
  // The last unit may have fallen between two reports, so the final one comes from here.
  job_.report(1.0);
}

void report_step(const JobContext& job, std::int64_t done, std::int64_t total) {
  report_step(job, done, total, static_cast<double>(done) / static_cast<double>(total));
}

void report_step(const JobContext& job, std::int64_t done, std::int64_t total, double fraction) {
  const std::int64_t every = std::max<std::int64_t>(1, total / kMaxReports);
  if (done % every == 0 || done == total) job.report(fraction);
}

}  // namespace pathscope::detail
