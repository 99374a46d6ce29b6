#pragma once
// Page-locked host memory, the only kind the device copies to and from while it computes.
// Every pinned allocation of the back end is one of these (staging.hpp holds the staging
// buffers built on them); pinning is slow (page by page, under the driver's lock), so each
// form says how it keeps that off short runs.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <utility>

#include "common/cuda_check.hpp"

namespace pathscope::gpu {

// `count` elements from cudaMallocHost, freed with the object.
template <class T>
class PinnedArray {
 public:
  explicit PinnedArray(std::size_t count = 0) {
    if (count > 0) CUDA_CHECK(cudaMallocHost(&data_, count * sizeof(T)));
  }
  ~PinnedArray() {
    if (data_) cudaFreeHost(data_);
  }
  PinnedArray(const PinnedArray&) = delete;
  PinnedArray& operator=(const PinnedArray&) = delete;
  PinnedArray& operator=(PinnedArray&& other) noexcept {
    std::swap(data_, other.data_);
    return *this;
  }
  T* get() const { return data_; }

 private:
  T* data_ = nullptr;
};

// A pinned array grown to the largest count asked for, never shrunk: buffers sized by what a
// run turns out to need, where pinning the most it could need up front would cost more than
// a whole short run (docs/gpu.md).
template <class T>
class GrowingPinnedArray {
 public:
  // Room for `count` elements; what an earlier call held is not kept.
  T* room(std::size_t count) {
    if (count > capacity_) {
      capacity_ = std::max(count, std::max(2 * capacity_, kLeast));
      array_ = PinnedArray<T>(capacity_);
    }
    return array_.get();
  }

 private:
  static constexpr std::size_t kLeast = std::size_t{1} << 16;
  PinnedArray<T> array_;
  std::size_t capacity_ = 0;
};

// Memory the caller owns, pinned in place for this object's life and unpinned, once the
// device is idle, on every exit.
class HostRegistration {
 public:
  // cudaHostRegisterPortable when the devices of several ranks copy to and from it.
  HostRegistration(void* p, std::size_t bytes, unsigned flags = cudaHostRegisterDefault) : p_(p) {
    if (bytes) CUDA_CHECK(cudaHostRegister(p, bytes, flags));
    else p_ = nullptr;
  }
  ~HostRegistration() {
    if (!p_) return;
    cudaDeviceSynchronize();  // no copy may still be using it
    cudaHostUnregister(p_);
  }
  HostRegistration(const HostRegistration&) = delete;
  HostRegistration& operator=(const HostRegistration&) = delete;

 private:
  void* p_;
};

// Host memory for a matrix that the device streams through (out-of-core), pinned: anonymous
// pages, huge where the kernel gives them, faulted in by all cores before pinning, and never
// zero-filled (every cell is written before it is read).
class PinnedHostBuffer {
 public:
  explicit PinnedHostBuffer(std::size_t bytes);
  ~PinnedHostBuffer();
  PinnedHostBuffer(const PinnedHostBuffer&) = delete;
  PinnedHostBuffer& operator=(const PinnedHostBuffer&) = delete;
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  bool registered_ = false;
};

}  // namespace pathscope::gpu
