#pragma once
// The host's side of a GPU run: result vectors sized (and their pages faulted in) on the one
// host worker thread while the device computes, and copies with all cores. How rows get off
// the device is staging.hpp.
#include <cstddef>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <future>
#include <mutex>
#include <vector>

#include "pathscope/runtime/job.hpp"
#include "pathscope/runtime/result_vector.hpp"

namespace pathscope::gpu {

// How far a result vector's fill has come, for a thread that copies rows into it while it is
// still being sized: the fill populates the vector's pages (from all cores) and on small runs
// takes about as long as the kernels.
class FillProgress {
 public:
  // The filling thread: the storage is reserved at `data`; the first `elements` now exist.
  void reserved(void* data);
  void filled(std::size_t elements);
  // The fill stopped (it threw): waiters stop waiting.
  void failed();
  // Waits until the first `elements` exist; the storage, or null when the fill failed.
  void* wait_for(std::size_t elements);
  // When the first slice was announced (now_seconds(); 0 before).
  double first_slice_at();

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  void* data_ = nullptr;
  bool reserved_ = false;  // data_ may be null: an empty result
  std::size_t filled_ = 0;
  double first_slice_at_ = 0;
  bool failed_ = false;
};

// Resizes `v` to `count` elements, writing none of them (result_vector.hpp), asking the kernel
// for huge pages first: sizing a large result is then its page faults, and huge pages make far
// fewer of them. The pages are populated here (host_transfer.cpp says by which threads; below
// 8 MB only with `populate_any_size`, for runs whose kernels are short). With `progress`, the
// elements are announced there once they exist.
template <class T>
void resize_for_result(ResultVector<T>& v, std::size_t count, bool populate_any_size = false,
                       FillProgress* progress = nullptr);

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
      : task_([this, out, next, count] {
          try {
            if (out) resize_for_result(*out, count, false, &out_progress_);
          } catch (...) {
            out_progress_.failed();
            throw;
          }
          if (next) resize_for_result(*next, count);
          finished_at_ = now_seconds();
        }) {}
  void wait() { task_.wait(); }
  // `out`'s storage once its first `elements` exist, without waiting for the rest (or for
  // `next`); rethrows what the fill threw.
  T* wait_for_out(std::size_t elements) {
    void* data = out_progress_.wait_for(elements);
    if (!data) task_.wait();
    return static_cast<T*>(data);
  }
  // When the fill ended (now_seconds()); valid after wait().
  double finished_at() const { return finished_at_; }
  // When the first slice of `out` existed (its pages populated); valid after wait().
  double first_slice_at() { return out_progress_.first_slice_at(); }

 private:
  double finished_at_ = 0;
  FillProgress out_progress_;
  HostTask task_;  // declared last: the task may start before the constructor ends
};

// memcpy with all cores (the result matrices are hundreds of MB).
void parallel_copy(void* dst, const void* src, std::size_t bytes);

}  // namespace pathscope::gpu
