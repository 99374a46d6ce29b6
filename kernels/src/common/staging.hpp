#pragma once
// The one staging pipeline between pageable host memory and the device, for every family.
// Down: rows of a finished matrix go through two pinned buffers kept per device, the DMA of
// one chunk overlapping the copy out of the other. Up: chunks are packed into one of two
// pinned buffers while the other one's copy and the work on it run.
#include <cuda_runtime.h>

#include <cstddef>
#include <functional>

#include "common/device_memory.hpp"
#include "common/gpu_context.hpp"
#include "common/pinned_memory.hpp"

namespace pathscope::gpu {

// Each chunk of rows, dense in pinned staging (first row, row count, the rows), while the next
// chunk's DMA runs. What it throws ends the copy, with the device idle.
using TakeRows = std::function<void(std::size_t row0, std::size_t rows, const void* staged)>;

// For rows that other streams are still computing. `gate` makes the copy stream wait for a
// chunk's rows (cudaStreamWaitEvent: the host does not wait) before the chunk's copy is queued;
// `landed` is called as each chunk lands, before `take` (progress, cancel: what it throws ends
// the copy as take's does); `chunk_rows`, when not 0, sets the rows of a chunk.
struct RowsInFlight {
  std::function<void(std::size_t row0, std::size_t rows, cudaStream_t copy_stream)> gate;
  std::function<void(std::size_t row0, std::size_t rows)> landed;
  std::size_t chunk_rows = 0;
};

// Copies `rows` rows of `row_bytes` from device memory (pitch `device_pitch`, on the device of
// `gpu`, current) through that device's staging on the run's stream, handing each chunk to
// `take`: for results that go to a MatrixSink instead of host memory. Blocks until done; runs
// on one device take turns.
void download_rows(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes,
                   const TakeRows& take, const GpuContext& gpu, const RowsInFlight* in_flight = nullptr);

// The same copy into dense host memory.
void download_rows(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes,
                   void* host, const GpuContext& gpu);

// The same copy into host memory with pitch `host_pitch`: one rank's block of a several-GPU
// result into its place (row by row when the block is narrower than the result).
void download_block(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes, void* host,
                    std::size_t host_pitch, const GpuContext& gpu);

// Chunks going up without a wait per chunk: while chunk c is copied up and used on the
// device, the host packs chunk c + 1 into the other buffer. Both buffers grow to the largest
// chunk, on the host and on the device.
template <class T>
class UploadStaging {
 public:
  // A pinned buffer for `count` elements, free once the last chunk that used it is on the
  // device. Pack the chunk there, then upload().
  T* host_room(std::size_t count) {
    Slot& slot = slots_[next_];
    slot.free.sync();
    if (slot.capacity < count) {
      slot.capacity = count;
      slot.host = PinnedArray<T>(count);
      slot.device = DeviceArray<T>(count);
    }
    return slot.host.get();
  }

  // Queues the copy of the packed `count` elements on `stream`; returns where they land. Work
  // queued on `stream` may read them; after release() the buffer goes to a later chunk.
  const T* upload(std::size_t count, cudaStream_t stream) {
    Slot& slot = slots_[next_];
    CUDA_CHECK(cudaMemcpyAsync(slot.device.get(), slot.host.get(), count * sizeof(T), cudaMemcpyHostToDevice, stream));
    return slot.device.get();
  }

  // The chunk's work is queued on `stream`: its buffer is free once that is done.
  void release(cudaStream_t stream) {
    slots_[next_].free.record(stream);
    next_ ^= 1;
  }

 private:
  struct Slot {
    PinnedArray<T> host;
    std::size_t capacity = 0;
    DeviceArray<T> device;
    Event free;
  };
  Slot slots_[2];
  int next_ = 0;
};

}  // namespace pathscope::gpu
