#pragma once
// Moving finished matrices from the device into the result's std::vectors, which are ordinary
// (pageable) memory: rows go through two pinned staging buffers, the next chunk's copy
// overlapping the parallel memcpy of the last one.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <thread>
#include <vector>

namespace pathscope::gpu {

// Copies `rows` rows of `row_bytes` each from device memory with pitch `device_pitch` into
// dense host memory. Blocks until done.
void download_rows(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes,
                   void* host, cudaStream_t stream);

// Resizes `v` to `count` elements, asking the kernel for huge pages first: the zero fill of a
// large result is mostly page faults, and 2 MiB pages make 512 times fewer of them.
template <class T>
void resize_for_result(std::vector<T>& v, std::size_t count);

// Sizes a run's result vectors (and its next-hop matrix, when asked) on a host thread while
// the device computes; wait() joins it and rethrows what it threw (e.g. bad_alloc).
template <class T>
class BackgroundResize {
 public:
  BackgroundResize(std::vector<T>& out, std::vector<std::int32_t>* next, std::size_t count)
      : thread_([this, &out, next, count] {
          try {
            resize_for_result(out, count);
            if (next) resize_for_result(*next, count);
          } catch (...) {
            error_ = std::current_exception();
          }
        }) {}
  void wait() {
    if (thread_.joinable()) thread_.join();
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::exception_ptr error_;
  std::jthread thread_;  // declared last: it starts once error_ exists
};

// memcpy with all cores (the result matrices are hundreds of MB).
void parallel_copy(void* dst, const void* src, std::size_t bytes);

}  // namespace pathscope::gpu

namespace pathscope::gpu {

// Narrows int32 hop counts to hop16 (unreachable -> 0xFFFF). Returns the largest finite count
// seen; when it exceeds kMaxHop16 the output is incomplete and the caller must refuse.
std::int64_t narrow_hops(const std::vector<std::int32_t>& wide, std::vector<std::uint16_t>& narrow);

}  // namespace pathscope::gpu
