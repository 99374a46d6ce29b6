#pragma once
// The host's side of a GPU run: result vectors sized (and their pages faulted in) on the one
// host worker thread while the device computes, and copies with all cores. How rows get off
// the device is staging.hpp.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <future>
#include <vector>

#include "pathscope/runtime/job.hpp"

namespace pathscope::gpu {

// Resizes `v` to `count` elements, asking the kernel for huge pages first: the zero fill of a
// large result is mostly page faults, and huge pages make far fewer of them. Pages are
// populated from all cores up to 256 MB, or at any size with `populate_any_size` (runs whose
// kernels are short, so the fill is their critical path).
template <class T>
void resize_for_result(std::vector<T>& v, std::size_t count, bool populate_any_size = false);

// Runs `task` on the process's one host worker thread. The worker lives as long as the
// process, and with it the OpenMP team its tasks use: a thread per run made and tore down a
// team every time, and the teardown came at the join, on the critical path of short runs
// (docs/gpu.md).
std::future<void> run_on_host_worker(std::function<void()> task);

// A task on the host worker that is always waited for: whichever way the owner's scope is
// left, the task is done before what it writes into goes. wait() rethrows what it threw.
class HostTask {
 public:
  explicit HostTask(std::function<void()> task) : done_(run_on_host_worker(std::move(task))) {}
  HostTask(const HostTask&) = delete;
  HostTask& operator=(const HostTask&) = delete;
  ~HostTask() {
    if (done_.valid()) done_.wait();
  }
  void wait() {
    if (done_.valid()) done_.get();
  }

 private:
  std::future<void> done_;
};

// Sizes a run's result vectors (and its next-hop matrix, when asked) on the host worker while
// the device computes; wait() waits for it and rethrows what it threw (e.g. bad_alloc).
// `out` null: the distances go to a MatrixSink, only the next hops need sizing.
template <class T>
class BackgroundResize {
 public:
  BackgroundResize(std::vector<T>* out, std::vector<std::int32_t>* next, std::size_t count)
      : task_([this, out, next, count] {
          if (out) resize_for_result(*out, count);
          if (next) resize_for_result(*next, count);
          finished_at_ = now_seconds();
        }) {}
  void wait() { task_.wait(); }
  // When the fill ended (now_seconds()); valid after wait().
  double finished_at() const { return finished_at_; }

 private:
  double finished_at_ = 0;
  HostTask task_;  // declared last: the task may start before the constructor ends
};

// memcpy with all cores (the result matrices are hundreds of MB).
void parallel_copy(void* dst, const void* src, std::size_t bytes);

}  // namespace pathscope::gpu
