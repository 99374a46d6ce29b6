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

#include "common/cuda_check.hpp"

namespace pathscope::gpu {
namespace {

constexpr std::size_t kStagingBytes = std::size_t{64} << 20;

// Pinned memory is slow to allocate (it is locked page by page), so the two staging buffers
// are taken once per process and reused by every run; the mutex serialises runs that overlap.
struct Staging {
  std::mutex mutex;
  void* buffer[2] = {nullptr, nullptr};
  cudaEvent_t ready[2] = {nullptr, nullptr};

  void ensure() {
    if (buffer[0]) return;
    for (int i = 0; i < 2; ++i) {
      CUDA_CHECK(cudaHostAlloc(&buffer[i], kStagingBytes, cudaHostAllocDefault));
      CUDA_CHECK(cudaEventCreateWithFlags(&ready[i], cudaEventDisableTiming));
    }
  }
};

Staging& staging() {
  static Staging* s = new Staging;  // never destroyed: the CUDA runtime may be gone at exit
  return *s;
}

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

void download_rows(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes,
                   const TakeRows& take, cudaStream_t stream) {
  if (rows == 0 || row_bytes == 0) return;
  Staging& s = staging();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.ensure();
  // At least eight chunks when the matrix allows it, so that the copy of one chunk out of
  // staging overlaps the DMA of the next; under 512 KB a chunk's fixed costs (a copy call, an
  // event, a parallel fork) outweigh what the overlap gains.
  const std::size_t max_rows = std::max<std::size_t>(1, kStagingBytes / row_bytes);
  const std::size_t min_rows = std::max<std::size_t>(1, (std::size_t{512} << 10) / row_bytes);
  const std::size_t rows_per_chunk = std::min(max_rows, std::max(min_rows, (rows + 7) / 8));
  const std::size_t chunks = (rows + rows_per_chunk - 1) / rows_per_chunk;
  auto issue = [&](std::size_t chunk) {
    const std::size_t r0 = chunk * rows_per_chunk, count = std::min(rows_per_chunk, rows - r0);
    const int slot = static_cast<int>(chunk % 2);
    CUDA_CHECK(cudaMemcpy2DAsync(s.buffer[slot], row_bytes, static_cast<const char*>(device) + r0 * device_pitch,
                                 device_pitch, row_bytes, count, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaEventRecord(s.ready[slot], stream));
  };
  issue(0);
  for (std::size_t chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) issue(chunk + 1);
    const int slot = static_cast<int>(chunk % 2);
    CUDA_CHECK(cudaEventSynchronize(s.ready[slot]));
    const std::size_t r0 = chunk * rows_per_chunk, count = std::min(rows_per_chunk, rows - r0);
    try {
      take(r0, count, s.buffer[slot]);
    } catch (...) {
      // The next chunk is still landing in the other buffer: the next run must not find it there.
      cudaStreamSynchronize(stream);
      throw;
    }
  }
}

void download_rows(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes,
                   void* host, cudaStream_t stream) {
  download_rows(
      device, device_pitch, rows, row_bytes,
      [&](std::size_t r0, std::size_t count, const void* staged) {
        parallel_copy(static_cast<char*>(host) + r0 * row_bytes, staged, count * row_bytes);
      },
      stream);
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14; older kernels answer EINVAL and nothing changes
#endif

// The zero fill of a fresh result is mostly page faults, taken one at a time by one thread,
// and on short runs it takes longer than the kernels (docs/gpu.md).
// Asking the kernel to populate the pages, slice by slice from all cores, takes most of that
// off the resize; it writes nothing, so the memory still holds no objects until resize().
static void populate_pages(void* data, std::size_t bytes, bool any_size) {
  constexpr std::uintptr_t kPage = 4096;
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kPage - 1) & ~(kPage - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kPage - 1);
  constexpr std::uintptr_t kSlice = std::uintptr_t{2} << 20;
  // Only small results need it: the fill grows with n^2 and the kernels with n^3, so above
  // this size the single-threaded fill already ends under the kernels, and populating from
  // all cores there only competes with the driver's thread (docs/gpu.md, v5).
  constexpr std::uintptr_t kLargest = std::uintptr_t{256} << 20;
  if (end <= begin || end - begin < 4 * kSlice || (end - begin > kLargest && !any_size)) return;
  const std::int64_t slices = static_cast<std::int64_t>((end - begin + kSlice - 1) / kSlice);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < slices; ++i) {
    const auto from = begin + static_cast<std::uintptr_t>(i) * kSlice;
    madvise(reinterpret_cast<void*>(from), std::min<std::uintptr_t>(kSlice, end - from), MADV_POPULATE_WRITE);
  }
}

template <class T>
void resize_for_result(std::vector<T>& v, std::size_t count, bool populate_any_size) {
  v.clear();
  v.reserve(count);
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto begin = (reinterpret_cast<std::uintptr_t>(v.data()) + kHuge - 1) & ~(kHuge - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(v.data() + count)) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);  // advice only
  populate_pages(v.data(), count * sizeof(T), populate_any_size);
  v.resize(count);
}

template void resize_for_result(std::vector<std::int32_t>&, std::size_t, bool);
template void resize_for_result(std::vector<float>&, std::size_t, bool);
template void resize_for_result(std::vector<std::uint16_t>&, std::size_t, bool);
template void resize_for_result(std::vector<std::uint64_t>&, std::size_t, bool);


PinnedHostBuffer::PinnedHostBuffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes == 0) return;
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  data_ = p;
  madvise(p, bytes, MADV_HUGEPAGE);  // advice only
  // cudaHostRegister faults every page in on one driver thread; faulting them in here from all
  // cores first leaves it only the pinning (docs/gpu.md, whole-brain table).
  constexpr std::size_t kSlice = std::size_t{64} << 20;
  const std::int64_t slices = static_cast<std::int64_t>((bytes + kSlice - 1) / kSlice);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t i = 0; i < slices; ++i) {
    char* from = static_cast<char*>(p) + static_cast<std::size_t>(i) * kSlice;
    const std::size_t length = std::min(kSlice, bytes - static_cast<std::size_t>(i) * kSlice);
    if (madvise(from, length, MADV_POPULATE_WRITE) != 0)
      for (std::size_t b = 0; b < length; b += 4096) from[b] = 0;  // kernels before 5.14
  }
  const cudaError_t rc = cudaHostRegister(p, bytes, cudaHostRegisterDefault);
  if (rc != cudaSuccess) {
    munmap(p, bytes);
    data_ = nullptr;
    CUDA_CHECK(rc);
  }
  registered_ = true;
}

PinnedHostBuffer::~PinnedHostBuffer() {
  if (!data_) return;
  if (registered_) {
    cudaDeviceSynchronize();  // no copy may still be using it
    cudaHostUnregister(data_);
  }
  munmap(data_, bytes_);
}

}  // namespace pathscope::gpu
