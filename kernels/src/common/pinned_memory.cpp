#include "common/pinned_memory.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <new>

namespace pathscope::gpu {

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14; older kernels answer EINVAL and nothing changes
#endif

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
