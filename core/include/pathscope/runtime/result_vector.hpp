#pragma once
// Storage for results of n^2 cells (distance matrices, next hops, closure words). Every engine
// writes each cell, so a zero fill before it is wasted: on small GPU runs that single-threaded
// fill took longer than the kernels (docs/gpu.md). resize(n) leaves new cells unwritten here;
// resize(n, value) and assign(n, value) still write them.
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace pathscope {

template <class T>
class DefaultInitAllocator : public std::allocator<T> {
  static_assert(std::is_trivially_default_constructible_v<T>);

 public:
  using value_type = T;
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() noexcept = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}

  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

template <class T>
using ResultVector = std::vector<T, DefaultInitAllocator<T>>;

}  // namespace pathscope
