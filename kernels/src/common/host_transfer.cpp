#include "common/host_transfer.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <new>
#include <thread>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace pathscope::gpu {
namespace {

// One long-lived thread taking tasks in order; never destroyed, like the staging buffers.
class HostWorker {
 public:
  HostWorker() : thread_([this] { loop(); }) {}
  std::future<void> submit(std::function<void()> task) {
    std::packaged_task<void()> packaged(std::move(task));
    std::future<void> done = packaged.get_future();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      tasks_.push_back(std::move(packaged));
    }
    wake_.notify_one();
    return done;
  }

 private:
  void loop() {
    for (;;) {
      std::packaged_task<void()> task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return !tasks_.empty(); });
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();  // an exception lands in the task's future
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::packaged_task<void()>> tasks_;
  std::thread thread_;  // declared last: it starts once the queue exists
};

}  // namespace

std::future<void> run_on_host_worker(std::function<void()> task) {
  static HostWorker* worker = new HostWorker;  // detached from exit: it may be waiting
  return worker->submit(std::move(task));
}

void parallel_copy(void* dst, const void* src, std::size_t bytes) {
  // One piece per thread, at least 64 KB: one thread alone is slow enough to show on a short
  // run's small result; under four pieces the fork costs more than it saves (docs/gpu.md).
  constexpr std::size_t kMinPiece = std::size_t{64} << 10;
#ifdef _OPENMP
  const std::size_t threads = static_cast<std::size_t>(std::max(1, omp_get_max_threads()));
#else
  const std::size_t threads = 1;
#endif
  const std::size_t piece = std::max(kMinPiece, (bytes + threads - 1) / threads);
  const std::int64_t pieces = static_cast<std::int64_t>((bytes + piece - 1) / piece);
#pragma omp parallel for schedule(static) if (bytes >= 4 * kMinPiece)
  for (std::int64_t p = 0; p < pieces; ++p) {
    const std::size_t begin = static_cast<std::size_t>(p) * piece;
    std::memcpy(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin, std::min(piece, bytes - begin));
  }
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14; older kernels answer EINVAL and nothing changes
#endif

// Sizing a fresh result is its page faults, which the first writes (the download's copies)
// would otherwise take, on the critical path. Asking the kernel to populate the pages while the
// device computes takes them off it (docs/gpu.md, "No zero fill"): from all cores from 8 MB to
// 256 MB; above that on this (background) thread alone, as the zero fill used to, since all
// cores there compete with the driver's thread (v5) and the kernels, growing with n^3, hide one
// thread's pass; below 8 MB only for runs whose kernels are short (`any_size`), and on this
// thread alone, since an OpenMP fork there cost more than it saved (docs/reachability.md).
// Runs with `any_size` whose result is large (out of core) populate from all cores at any size.
static void populate_pages(void* data, std::size_t bytes, bool any_size) {
  constexpr std::uintptr_t kPage = 4096;
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kPage - 1) & ~(kPage - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kPage - 1);
  constexpr std::uintptr_t kSlice = std::uintptr_t{2} << 20;
  constexpr std::uintptr_t kLargest = std::uintptr_t{256} << 20;
  if (end <= begin) return;
  const std::uintptr_t span = end - begin;
  if (span < 4 * kSlice) {
    if (any_size) madvise(reinterpret_cast<void*>(begin), span, MADV_POPULATE_WRITE);
    return;
  }
  if (span > kLargest && !any_size) {
    madvise(reinterpret_cast<void*>(begin), span, MADV_POPULATE_WRITE);
    return;
  }
  const std::int64_t slices = static_cast<std::int64_t>((span + kSlice - 1) / kSlice);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < slices; ++i) {
    const auto from = begin + static_cast<std::uintptr_t>(i) * kSlice;
    madvise(reinterpret_cast<void*>(from), std::min<std::uintptr_t>(kSlice, end - from), MADV_POPULATE_WRITE);
  }
}

template <class T>
void resize_for_result(ResultVector<T>& v, std::size_t count, bool populate_any_size) {
  v.clear();
  v.reserve(count);
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto begin = (reinterpret_cast<std::uintptr_t>(v.data()) + kHuge - 1) & ~(kHuge - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(v.data() + count)) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);  // advice only
  populate_pages(v.data(), count * sizeof(T), populate_any_size);
  v.resize(count);  // writes nothing (result_vector.hpp): the pages populated above are the cost
}

template void resize_for_result(ResultVector<std::int32_t>&, std::size_t, bool);
template void resize_for_result(ResultVector<float>&, std::size_t, bool);
template void resize_for_result(ResultVector<std::uint16_t>&, std::size_t, bool);
template void resize_for_result(ResultVector<std::uint64_t>&, std::size_t, bool);

}  // namespace pathscope::gpu
