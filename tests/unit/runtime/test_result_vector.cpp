#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory_resource>
#include <numeric>
#include <random>
#include <utility>

#include "fresh_seed.hpp"
#include "pathscope/runtime/result_vector.hpp"

namespace {

using pathscope::DefaultInitAllocator;
using pathscope::ResultVector;

// Counts what passes through it, so that a test sees which resource a vector's memory came from.
class CountingResource final : public std::pmr::memory_resource {
 public:
  std::size_t live_bytes = 0;
  int allocations = 0;

 private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override {
    live_bytes += bytes;
    ++allocations;
    return std::pmr::new_delete_resource()->allocate(bytes, alignment);
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment) override {
    live_bytes -= bytes;
    std::pmr::new_delete_resource()->deallocate(p, bytes, alignment);
  }
  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override { return this == &other; }
};

std::size_t awkward_size() {
  std::mt19937_64 rng(test_support::fresh_seed());
  return 1 + rng() % 9973;
}

TEST(ResultVector, TakesItsMemoryFromTheResourceItIsGiven) {
  CountingResource resource;
  const std::size_t count = awkward_size();
  {
    ResultVector<std::int32_t> v{DefaultInitAllocator<std::int32_t>(&resource)};
    v.resize(count);
    EXPECT_EQ(resource.live_bytes, v.capacity() * sizeof(std::int32_t));
    EXPECT_GE(resource.live_bytes, count * sizeof(std::int32_t));
  }
  EXPECT_EQ(resource.live_bytes, 0u);
}

TEST(ResultVector, MovesKeepTheResourceAndCopiesLeaveIt) {
  CountingResource resource;
  const std::size_t count = awkward_size();
  ResultVector<std::uint64_t> v{DefaultInitAllocator<std::uint64_t>(&resource)};
  v.resize(count);
  std::iota(v.begin(), v.end(), std::uint64_t{7});
  const int allocations = resource.allocations;

  ResultVector<std::uint64_t> moved = std::move(v);
  ResultVector<std::uint64_t> assigned;
  assigned = std::move(moved);
  EXPECT_EQ(resource.allocations, allocations);  // no copy through the resource
  EXPECT_EQ(assigned.get_allocator().resource(), &resource);

  const ResultVector<std::uint64_t> copy = assigned;
  EXPECT_EQ(resource.allocations, allocations);
  EXPECT_EQ(copy.get_allocator().resource(), std::pmr::new_delete_resource());
  ASSERT_EQ(copy.size(), count);
  for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(copy[i], 7 + i);

  assigned = ResultVector<std::uint64_t>();
  EXPECT_EQ(resource.live_bytes, 0u);
}

}  // namespace
