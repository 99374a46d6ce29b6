#pragma once
// Storage for results of n^2 cells (distance matrices, next hops, closure words). Every engine
// writes each cell, so a zero fill before it is wasted: on small GPU runs that single-threaded
// fill took longer than the kernels (docs/gpu.md). resize(n) leaves new cells unwritten here;
// resize(n, value) and assign(n, value) still write them.
//
// The memory comes from a std::pmr::memory_resource, by default plain new and delete: a GPU
// engine may hand a small result page-locked memory, which the device then writes straight
// into (kernels/src/common/pinned_result_memory.hpp). Moves and swaps keep a vector's resource;
// copies take the default one, so that one result's pinned memory does not spread.
#include <cstddef>
#include <memory_resource>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace pathscope {

template <class T>
class DefaultInitAllocator {
  static_assert(std::is_trivially_default_constructible_v<T>);

 public:
  using value_type = T;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  using is_always_equal = std::false_type;

  DefaultInitAllocator() noexcept = default;
  explicit DefaultInitAllocator(std::pmr::memory_resource* resource) noexcept : resource_(resource) {}
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>& other) noexcept : resource_(other.resource()) {}

  T* allocate(std::size_t count) {
    return static_cast<T*>(resource_->allocate(count * sizeof(T), alignof(T)));
  }
  void deallocate(T* p, std::size_t count) noexcept { resource_->deallocate(p, count * sizeof(T), alignof(T)); }
  DefaultInitAllocator select_on_container_copy_construction() const noexcept { return {}; }

  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }

  std::pmr::memory_resource* resource() const noexcept { return resource_; }
  template <class U>
  bool operator==(const DefaultInitAllocator<U>& other) const noexcept {
    return *resource_ == *other.resource();
  }

 private:
  std::pmr::memory_resource* resource_ = std::pmr::new_delete_resource();
};

template <class T>
using ResultVector = std::vector<T, DefaultInitAllocator<T>>;

}  // namespace pathscope
