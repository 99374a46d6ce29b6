#pragma once
// A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan) for Dijkstra with whole-number costs:
// popped keys never decrease, so an entry only has to be ordered against the last popped key,
// by the highest bit where they differ. Each entry moves down at most 32 buckets in its life,
// and the buckets are plain arrays, which is what makes it faster than a comparison heap on
// road graphs.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace pathscope::detail {

class RadixHeap {
 public:
  struct Entry {
    std::uint32_t key;
    std::int32_t node;
  };

  bool empty() const { return size_ == 0; }
  void clear() {
    for (auto& bucket : buckets_) bucket.clear();
    size_ = 0;
    last_ = 0;
  }
  // key must be >= the last popped key.
  void push(std::uint32_t key, std::int32_t node) {
    buckets_[bucket_of(key)].push_back({key, node});
    ++size_;
  }
  Entry pop() {
    if (buckets_[0].empty()) {
      std::size_t i = 1;
      while (buckets_[i].empty()) ++i;
      std::uint32_t smallest = buckets_[i][0].key;
      for (const Entry& e : buckets_[i]) smallest = e.key < smallest ? e.key : smallest;
      last_ = smallest;
      // Every entry of bucket i agrees with the new last key above bit i-1, so each lands in
      // a lower bucket.
      for (const Entry& e : buckets_[i]) buckets_[bucket_of(e.key)].push_back(e);
      buckets_[i].clear();
    }
    const Entry top = buckets_[0].back();
    buckets_[0].pop_back();
    --size_;
    return top;
  }

 private:
  std::size_t bucket_of(std::uint32_t key) const { return static_cast<std::size_t>(std::bit_width(key ^ last_)); }

  std::array<std::vector<Entry>, 33> buckets_;
  std::size_t size_ = 0;
  std::uint32_t last_ = 0;
};

}  // namespace pathscope::detail
