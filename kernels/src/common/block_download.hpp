#pragma once
// Moving one rank's block of a finished matrix into its place in the host result, from any
// device: rows of the block go through pinned staging kept per device, and each chunk is
// copied out (row by row when the block is narrower than the result) while the next one's DMA
// runs. download_rows (host_transfer.hpp) is the one-GPU form; its staging belongs to device 0.
#include <cuda_runtime.h>

#include <cstddef>

namespace pathscope::gpu {

// Copies `rows` rows of `row_bytes` from device memory (pitch `device_pitch`, on the current
// device) to host memory with pitch `host_pitch`. Blocks until done. Ranks on one device take
// turns.
void download_block(const void* device, std::size_t device_pitch, std::size_t rows, std::size_t row_bytes, void* host,
                    std::size_t host_pitch, cudaStream_t stream);

}  // namespace pathscope::gpu
