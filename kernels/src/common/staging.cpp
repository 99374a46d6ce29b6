#include "common/staging.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>

#include "common/cuda_check.hpp"
#include "common/host_transfer.hpp"

namespace pathscope::gpu {
namespace {

constexpr std::size_t kStagingBytes = std::size_t{64} << 20;

// Pinned memory is slow to allocate (it is locked page by page), so each device's two buffers
// are taken once per process and reused by every run; the mutex serialises runs that overlap.
struct DeviceStaging {
  std::mutex mutex;
  void* buffer[2] = {nullptr, nullptr};
  cudaEvent_t ready[2] = {nullptr, nullptr};

  void ensure() {
    if (buffer[0]) return;
    for (int i = 0; i < 2; ++i) {
      // Allocated with the device current, so pinned for its context.
      CUDA_CHECK(cudaHostAlloc(&buffer[i], kStagingBytes, cudaHostAllocDefault));
      CUDA_CHECK(cudaEventCreateWithFlags(&ready[i], cudaEventDisableTiming));
    }
  }
};

DeviceStaging& staging_of(int device) {
  static std::mutex mutex;
  // Never destroyed: the CUDA runtime may be gone at exit.
  static auto* all = new std::map<int, std::unique_ptr<DeviceStaging>>;
  std::lock_guard<std::mutex> lock(mutex);
  auto& s = (*all)[device];
  if (!s) s = std::make_unique<DeviceStaging>();
  return *s;
}

// Whole rows land in one piece; a block narrower than the result lands row by row.
void copy_out(char* host, std::size_t host_pitch, const char* staged, std::size_t rows, std::size_t row_bytes) {
  if (host_pitch == row_bytes) {
    parallel_copy(host, staged, rows * row_bytes);
    return;
  }
#pragma omp parallel for schedule(static) if (rows * row_bytes >= (std::size_t{1} << 20))
  for (std::int64_t r = 0; r < std::int64_t(rows); ++r)
    std::memcpy(host + std::size_t(r) * host_pitch, staged + std::size_t(r) * row_bytes, row_bytes);
}

}  // namespace

void download_rows(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes,
                   const TakeRows& take, const GpuContext& gpu, const RowsInFlight* in_flight) {
  if (rows == 0 || row_bytes == 0) return;
  const cudaStream_t stream = gpu.stream().get();
  DeviceStaging& s = staging_of(gpu.device());
  std::lock_guard<std::mutex> lock(s.mutex);
  s.ensure();
  // At least eight chunks when the matrix allows it, so that the copy of one chunk out of
  // staging overlaps the DMA of the next; under 512 KB a chunk's fixed costs (a copy call, an
  // event, a parallel fork) outweigh what the overlap gains.
  const std::size_t max_rows = std::max<std::size_t>(1, kStagingBytes / row_bytes);
  const std::size_t min_rows = std::max<std::size_t>(1, (std::size_t{512} << 10) / row_bytes);
  const std::size_t rows_per_chunk = std::min(
      max_rows, in_flight && in_flight->chunk_rows ? in_flight->chunk_rows : std::max(min_rows, (rows + 7) / 8));
  const std::size_t chunks = (rows + rows_per_chunk - 1) / rows_per_chunk;
  auto issue = [&](std::size_t chunk) {
    const std::size_t r0 = chunk * rows_per_chunk, count = std::min(rows_per_chunk, rows - r0);
    const int slot = static_cast<int>(chunk % 2);
    if (in_flight && in_flight->gate) in_flight->gate(r0, count, stream);
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
      if (in_flight && in_flight->landed) in_flight->landed(r0, count);
      take(r0, count, s.buffer[slot]);
    } catch (...) {
      // The next chunk is still landing in the other buffer: the next run must not find it there.
      cudaStreamSynchronize(stream);
      throw;
    }
  }
}

void download_rows(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes,
                   void* host, const GpuContext& gpu) {
  download_block(device, device_pitch, rows, row_bytes, host, row_bytes, gpu);
}

void download_block(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes, void* host,
                    std::size_t host_pitch, const GpuContext& gpu) {
  download_rows(
      device, device_pitch, rows, row_bytes,
      [&](std::size_t r0, std::size_t count, const void* staged) {
        copy_out(static_cast<char*>(host) + r0 * host_pitch, host_pitch, static_cast<const char*>(staged), count,
                 row_bytes);
      },
      gpu);
}

}  // namespace pathscope::gpu
