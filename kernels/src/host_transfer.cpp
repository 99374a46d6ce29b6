#include "host_transfer.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>

#include "cuda_check.hpp"
#include "pathscope/distance.hpp"

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

}  // namespace

void parallel_copy(void* dst, const void* src, std::size_t bytes) {
  constexpr std::size_t kPiece = std::size_t{1} << 20;
  const std::int64_t pieces = static_cast<std::int64_t>((bytes + kPiece - 1) / kPiece);
#pragma omp parallel for schedule(static) if (pieces > 4)
  for (std::int64_t p = 0; p < pieces; ++p) {
    const std::size_t begin = static_cast<std::size_t>(p) * kPiece;
    std::memcpy(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin,
                std::min(kPiece, bytes - begin));
  }
}

void download_rows(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes,
                   void* host, cudaStream_t stream) {
  if (rows == 0 || row_bytes == 0) return;
  Staging& s = staging();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.ensure();
  const std::size_t rows_per_chunk = std::max<std::size_t>(1, kStagingBytes / row_bytes);
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
    parallel_copy(static_cast<char*>(host) + r0 * row_bytes, s.buffer[slot], count * row_bytes);
  }
}

template <class T>
void resize_for_result(std::vector<T>& v, std::size_t count) {
  v.clear();
  v.reserve(count);
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto begin = (reinterpret_cast<std::uintptr_t>(v.data()) + kHuge - 1) & ~(kHuge - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(v.data() + count)) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);  // advice only
  v.resize(count);
}

template void resize_for_result(std::vector<std::int32_t>&, std::size_t);
template void resize_for_result(std::vector<float>&, std::size_t);
template void resize_for_result(std::vector<std::uint16_t>&, std::size_t);

}  // namespace pathscope::gpu

namespace pathscope::gpu {

std::int64_t narrow_hops(const std::vector<std::int32_t>& wide, std::vector<std::uint16_t>& narrow) {
  const std::int64_t count = static_cast<std::int64_t>(wide.size());
  resize_for_result(narrow, wide.size());
  std::int64_t largest = 0;
#pragma omp parallel for schedule(static) reduction(max : largest)
  for (std::int64_t i = 0; i < count; ++i) {
    const std::int32_t v = wide[i];
    if (v == kUnreachableI32) {
      narrow[i] = kUnreachableU16;
    } else {
      largest = std::max<std::int64_t>(largest, v);
      narrow[i] = static_cast<std::uint16_t>(std::min<std::int32_t>(v, kMaxHop16));
    }
  }
  return largest;
}

}  // namespace pathscope::gpu
