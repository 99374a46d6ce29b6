#pragma once
// Moving finished matrices from the device into the result's std::vectors, which are ordinary
// (pageable) memory: rows go through two pinned staging buffers, the next chunk's copy
// overlapping the parallel memcpy of the last one.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
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

// memcpy with all cores (the result matrices are hundreds of MB).
void parallel_copy(void* dst, const void* src, std::size_t bytes);

}  // namespace pathscope::gpu

namespace pathscope::gpu {

// Narrows int32 hop counts to hop16 (unreachable -> 0xFFFF). Returns the largest finite count
// seen; when it exceeds kMaxHop16 the output is incomplete and the caller must refuse.
std::int64_t narrow_hops(const std::vector<std::int32_t>& wide, std::vector<std::uint16_t>& narrow);

}  // namespace pathscope::gpu
