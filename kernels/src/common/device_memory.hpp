#pragma once
// Owning handles for device buffers, streams and events, so that an exception (cancel, a
// failed allocation) half-way through a run frees everything it took.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/device.hpp"

namespace pathscope::gpu {

template <class T>
class DeviceArray {
 public:
  DeviceArray() = default;
  explicit DeviceArray(std::size_t count) : count_(count) {
    if (count > 0) CUDA_CHECK(cudaMalloc(&data_, count * sizeof(T)));
  }
  // Stream-ordered, from the memory pool: a repeated run of the same size takes its memory
  // back from the pool instead of the driver. The stream must outlive the array, and only
  // that stream may use it unless the caller synchronises. A null stream means cudaMalloc.
  DeviceArray(std::size_t count, cudaStream_t stream) : count_(count) {
    if (count == 0) return;
    if (stream && stream_ordered_allocation()) {
      CUDA_CHECK(cudaMallocAsync(&data_, count * sizeof(T), stream));
      stream_ = stream;
    } else {
      CUDA_CHECK(cudaMalloc(&data_, count * sizeof(T)));
    }
  }
  ~DeviceArray() {
    if (!data_) return;
    if (stream_) cudaFreeAsync(data_, stream_);
    else cudaFree(data_);
  }
  DeviceArray(DeviceArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(other.count_), stream_(other.stream_) {}
  DeviceArray& operator=(DeviceArray&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(count_, other.count_);
    std::swap(stream_, other.stream_);
    return *this;
  }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  T* get() const { return data_; }
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
  cudaStream_t stream_ = nullptr;  // set when the memory came from the pool
};

// `host` copied to the device on `s`, into memory from `s`'s pool (DeviceArray's stream form).
// A pageable source is staged by the driver before the call returns.
template <class T>
DeviceArray<T> upload(const std::vector<T>& host, cudaStream_t s) {
  DeviceArray<T> device(host.size(), s);
  if (!host.empty())
    CUDA_CHECK(cudaMemcpyAsync(device.get(), host.data(), device.bytes(), cudaMemcpyHostToDevice, s));
  return device;
}

// A copy of `from`'s array `source` on the current device `device` (a rank's own copy).
template <class T>
DeviceArray<T> copy_from_peer(const DeviceArray<T>& source, int device, int from) {
  DeviceArray<T> copy(source.size());
  if (source.size() > 0) CUDA_CHECK(cudaMemcpyPeer(copy.get(), device, source.get(), from, source.bytes()));
  return copy;
}

class Event;

class Stream {
 public:
  Stream() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  // A stream whose blocks the scheduler starts before those of ordinary streams: for short
  // chains of work that run beside a long kernel and gate the next one.
  static Stream high_priority() {
    int least = 0, greatest = 0;
    CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    return Stream(greatest);
  }
  Stream(Stream&& other) noexcept : stream_(std::exchange(other.stream_, nullptr)) {}
  ~Stream() {
    if (stream_) cudaStreamDestroy(stream_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return stream_; }
  void sync() const { CUDA_CHECK(cudaStreamSynchronize(stream_)); }
  // Work queued here from now on waits until `done` (as last recorded) has happened.
  void wait_for(const Event& done) const;

 private:
  explicit Stream(int priority) {
    CUDA_CHECK(cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking, priority));
  }
  cudaStream_t stream_ = nullptr;
};

class Event {
 public:
  explicit Event(bool timing = false) {
    CUDA_CHECK(cudaEventCreateWithFlags(&event_, timing ? cudaEventDefault : cudaEventDisableTiming));
  }
  ~Event() { cudaEventDestroy(event_); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  cudaEvent_t get() const { return event_; }
  void record(cudaStream_t s) const { CUDA_CHECK(cudaEventRecord(event_, s)); }
  void sync() const { CUDA_CHECK(cudaEventSynchronize(event_)); }
  // Seconds from `start` to this event; both must have been recorded with timing.
  double seconds_since(const Event& start) const {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start.event_, event_));
    return ms * 1e-3;
  }

 private:
  cudaEvent_t event_ = nullptr;
};

// For a run that uses a second stream beside its main one: from the end of this object's
// scope, work queued on `main` waits for everything queued on `side` so far. Device memory
// freed in `main`'s order (DeviceArray from the pool) is then never freed under `side`'s
// kernels, whichever way the scope is left.
class StreamJoin {
 public:
  StreamJoin(const Stream& side, cudaStream_t main) : side_(side), main_(main) {}
  ~StreamJoin() {
    cudaEventRecord(side_done_.get(), side_.get());
    cudaStreamWaitEvent(main_, side_done_.get(), 0);
  }
  StreamJoin(const StreamJoin&) = delete;
  StreamJoin& operator=(const StreamJoin&) = delete;

 private:
  const Stream& side_;
  cudaStream_t main_;
  Event side_done_;
};

inline void Stream::wait_for(const Event& done) const { CUDA_CHECK(cudaStreamWaitEvent(stream_, done.get(), 0)); }

}  // namespace pathscope::gpu
