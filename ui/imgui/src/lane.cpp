#include "pathscope_demo/lane.hpp"

#include <algorithm>
#include <exception>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "pathscope/runtime/error.hpp"
#include "pathscope_ui_common/background_priority.hpp"

namespace pathscope::demo {
namespace {

// A race is watched: the window's frames come before the lanes' work. SCHED_BATCH alone leaves
// the lanes an equal share beside the render thread and the rasterizer's threads, so a CPU race
// on two cores dropped frames to a dozen a second; a lower weight (nice 5, a third of the
// window's) lets every frame through while the lanes keep all the time the window leaves.
// Lanes share the same weight, so the race between them stays fair. The OpenMP threads a lane
// starts inherit it.
void yield_to_the_window() {
#if defined(__linux__)
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 5);
#endif
}

}  // namespace

const char* lane_state_name(LaneState s) {
  switch (s) {
    case LaneState::Ready: return "ready";
    case LaneState::Unavailable: return "unavailable";
    case LaneState::Running: return "running";
    case LaneState::Done: return "done";
    case LaneState::Failed: return "failed";
    case LaneState::Cancelled: return "cancelled";
  }
  return "?";
}

Lane::Lane(std::string title, std::string engine, std::string unavailable_reason, double expected_work, Job job)
    : title_(std::move(title)),
      engine_(std::move(engine)),
      unavailable_reason_(std::move(unavailable_reason)),
      expected_work_(expected_work),
      job_(std::move(job)),
      state_(unavailable_reason_.empty() ? LaneState::Ready : LaneState::Unavailable) {}

Lane::~Lane() {
  request_cancel();
  join();
}

void Lane::start() {
  if (state() == LaneState::Unavailable || state() == LaneState::Running) return;
  join();
  cancel_.store(false);
  progress_.store(0);
  outcome_ = {};
  {
    std::lock_guard lock(error_mutex_);
    error_.clear();
  }
  started_at_.store(now_seconds());
  finished_at_.store(0);
  state_.store(LaneState::Running, std::memory_order_release);
  thread_ = std::thread([this] { run_job(); });
}

void Lane::join() {
  if (thread_.joinable()) thread_.join();
}

void Lane::run_job() {
  LaneState end = LaneState::Done;
  // The window's loop keeps drawing and taking keys while a lane uses every core.
  run_this_thread_in_background();
  yield_to_the_window();
  try {
    JobContext job([this](double f) { progress_.store(std::clamp(f, 0.0, 1.0), std::memory_order_relaxed); },
                   &cancel_);
    outcome_ = job_(job);
    progress_.store(1.0);
  } catch (const Cancelled&) {
    end = LaneState::Cancelled;
  } catch (const std::exception& e) {
    std::lock_guard lock(error_mutex_);
    error_ = e.what();
    end = LaneState::Failed;
  }
  finished_at_.store(now_seconds());
  // Release: whoever sees Done also sees the outcome written above.
  state_.store(end, std::memory_order_release);
}

double Lane::elapsed_seconds() const {
  const double start = started_at_.load();
  if (start == 0) return 0;
  const double end = finished_at_.load();
  return (end > 0 ? end : now_seconds()) - start;
}

double Lane::work_rate() const {
  if (state() == LaneState::Done) return outcome_.timing.updates_per_second();
  const double t = elapsed_seconds();
  return t > 0 ? progress() * expected_work_ / t : 0;
}

std::string Lane::error() const {
  std::lock_guard lock(error_mutex_);
  return error_;
}

}  // namespace pathscope::demo
