#include "common/pinned_result_memory.hpp"

#include <cuda_runtime.h>

#include <iterator>
#include <map>
#include <mutex>
#include <new>

#include "common/cuda_check.hpp"
#include "common/env_knob.hpp"

namespace pathscope::gpu {
namespace {

class PinnedResultPool final : public std::pmr::memory_resource {
 private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override {
    if (alignment > 4096) throw std::bad_alloc();  // cudaHostAlloc gives whole pages
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (const auto it = kept_.find(bytes); it != kept_.end()) {
        void* p = it->second;
        kept_.erase(it);
        kept_bytes_ -= bytes;
        return p;
      }
    }
    void* p = nullptr;
    CUDA_CHECK(cudaHostAlloc(&p, bytes == 0 ? 1 : bytes, cudaHostAllocPortable | cudaHostAllocMapped));
    return p;
  }

  void do_deallocate(void* p, std::size_t bytes, std::size_t) override {
    std::lock_guard<std::mutex> lock(mutex_);
    kept_.emplace(bytes, p);
    kept_bytes_ += bytes;
    // The largest go first: they cost the most to keep and are the rarest to come again.
    while (kept_bytes_ > kPinnedResultsKept) {
      const auto largest = std::prev(kept_.end());
      cudaFreeHost(largest->second);
      kept_bytes_ -= largest->first;
      kept_.erase(largest);
    }
  }

  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override { return this == &other; }

  std::mutex mutex_;
  std::multimap<std::size_t, void*> kept_;
  std::size_t kept_bytes_ = 0;
};

}  // namespace

ResultLanding result_landing(std::size_t result_bytes) {
  if (result_bytes > kPinnedResultLargest) return ResultLanding::Staged;
  return env_choice("PATHSCOPE_GPU_RESULT_LANDING", {"kernel", "staged"}) == "staged" ? ResultLanding::Staged
                                                                                      : ResultLanding::Kernel;
}

std::pmr::memory_resource* pinned_result_memory() {
  static auto* pool = new PinnedResultPool;
  return pool;
}

}  // namespace pathscope::gpu
