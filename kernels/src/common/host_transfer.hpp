#pragma once
// The host's side of a GPU run: result vectors sized (and their pages faulted in) on the one
// host worker thread while the device computes, and copies with all cores. How rows get off
// the device is staging.hpp.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <future>
#include <vector>

#include "pathscope/runtime/job.hpp"
#include "pathscope/runtime/result_vector.hpp"

namespace pathscope::gpu {

// Resizes `v` to `count` elements, writing none of them (result_vector.hpp), asking the kernel
// for huge pages first: sizing a large result is then its page faults, and huge pages make far
// fewer of them. The pages are populated here (host_transfer.cpp says by which threads; below
// 8 MB only with `populate_any_size`, for runs whose kernels are short).
template <class T>
void resize_for_result(ResultVector<T>& v, std::size_t count, bool populate_any_size = false);

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
  BackgroundResize(ResultVector<T>* out, ResultVector<std::int32_t>* next, std::size_t count)
      : out_sized_(out_promise_.get_future()), task_([this, out, next, count] {
          try {
            if (out) resize_for_result(*out, count);
            out_promise_.set_value(out ? out->data() : nullptr);
          } catch (...) {
            out_promise_.set_exception(std::current_exception());
            throw;
          }
          if (next) resize_for_result(*next, count);
          finished_at_ = now_seconds();
        }) {}
  void wait() { task_.wait(); }
  // `out`'s storage once it is sized, without waiting for `next`; rethrows what its sizing threw.
  T* wait_for_out() { return out_sized_.get(); }
  // When the fill ended (now_seconds()); valid after wait().
  double finished_at() const { return finished_at_; }

 private:
  double finished_at_ = 0;
  std::promise<T*> out_promise_;
  std::shared_future<T*> out_sized_;
  HostTask task_;  // declared last: the task may start before the constructor ends
};

// memcpy with all cores (the result matrices are hundreds of MB).
void parallel_copy(void* dst, const void* src, std::size_t bytes);

}  // namespace pathscope::gpu
