#pragma once
// Page-locked memory for small results: a ResultVector built on it (result_vector.hpp) is
// where the kernels' own stores land, with no landing buffer to copy out of and no page
// faults left for the host (docs/reachability.md, "Rows straight into the result"). Pinning
// costs more than a short run, so a freed result's block is kept for the next one of the
// same size, up to kPinnedResultsKept bytes in all.
#include <cuda_runtime.h>

#include <cstddef>
#include <memory_resource>

#include "common/cuda_check.hpp"
#include "pathscope/runtime/result_vector.hpp"

namespace pathscope::gpu {

// Results up to this size take pinned memory; larger ones would pin too much of the host
// for too long, and their copies are long enough for the staging path (staging.hpp).
constexpr std::size_t kPinnedResultLargest = std::size_t{64} << 20;
constexpr std::size_t kPinnedResultsKept = std::size_t{256} << 20;

// The process's one pool (never destroyed: results may outlive the CUDA runtime at exit).
// Its blocks are mapped and portable: any device may copy into them or store to them.
std::pmr::memory_resource* pinned_result_memory();

// How a run's rows reach its result: Kernel, the kernels store them straight into a pinned
// result (mapped), so the transfer runs while they compute; Staged, into device memory and
// through the staging buffers into an ordinary result (the only way for results over
// kPinnedResultLargest, and for rows that go to a MatrixSink). One copy into a pinned result
// after the kernel sits between the two (docs/reachability.md) and is not offered.
// PATHSCOPE_GPU_RESULT_LANDING=staged takes the staged way at any size, for tests and
// measurements.
enum class ResultLanding { Kernel, Staged };
ResultLanding result_landing(std::size_t result_bytes);

// Makes `v` a pinned result of `count` (> 0) elements, none written (the pages are resident:
// nothing to fill), and gives the address the kernels store its rows to.
template <class T>
T* pinned_result(ResultVector<T>& v, std::size_t count) {
  v = ResultVector<T>(DefaultInitAllocator<T>(pinned_result_memory()));
  v.resize(count);
  void* on_device = nullptr;
  CUDA_CHECK(cudaHostGetDevicePointer(&on_device, v.data(), 0));
  return static_cast<T*>(on_device);
}

}  // namespace pathscope::gpu
