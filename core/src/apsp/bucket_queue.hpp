#pragma once
// Dial's bucket queue for Dijkstra with small whole-number costs: one bucket per distance,
// kept in a ring of 2^k buckets with 2^k > the largest arc cost, because every queued key lies
// within one arc cost of the last popped key. Push and pop are O(1) with a bitmap to skip empty
// buckets, and no comparisons at all, which is why it beats the radix heap on road graphs with
// costs in the thousands (docs/performance.md has the figures).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace pathscope::detail {

class BucketQueue {
 public:
  // The ring would outgrow the caches beyond this; the radix heap takes such graphs.
  static constexpr std::uint32_t kMaxCost = (1u << 17) - 1;

  explicit BucketQueue(std::uint32_t max_cost) {
    const int bits = std::max(6, static_cast<int>(std::bit_width(max_cost)));
    mask_ = (1u << bits) - 1;
    first_.assign(std::size_t{1} << bits, -1);
    occupied_.assign((std::size_t{1} << bits) / 64, 0);
  }

  bool empty() const { return size_ == 0; }
  void clear() {
    entries_.clear();
    size_ = 0;
    last_ = 0;
  }
  // key must be >= the last popped key and at most max_cost above it.
  void push(std::uint32_t key, std::int32_t node) {
    const std::uint32_t bucket = key & mask_;
    entries_.push_back({key, node, first_[bucket]});
    first_[bucket] = static_cast<std::int32_t>(entries_.size() - 1);
    occupied_[bucket >> 6] |= std::uint64_t{1} << (bucket & 63);
    ++size_;
  }
  // An entry of the smallest key.
  void pop(std::uint32_t& key, std::int32_t& node) {
    const std::uint32_t start = last_ & mask_;
    std::size_t word_index = start >> 6;
    std::uint64_t word = occupied_[word_index] & (~std::uint64_t{0} << (start & 63));
    while (word == 0) {
      word_index = (word_index + 1) & (occupied_.size() - 1);
      word = occupied_[word_index];
    }
    const std::uint32_t bucket = static_cast<std::uint32_t>(word_index * 64 + std::countr_zero(word));
    const Entry& e = entries_[first_[bucket]];
    first_[bucket] = e.next;
    if (e.next < 0) occupied_[bucket >> 6] &= ~(std::uint64_t{1} << (bucket & 63));
    key = e.key;
    node = e.node;
    last_ = key;
    --size_;
  }

 private:
  struct Entry {
    std::uint32_t key;
    std::int32_t node;
    std::int32_t next;  // next entry in the same bucket, -1 at the end
  };
  std::uint32_t mask_ = 0;
  std::vector<std::int32_t> first_;      // bucket -> its latest entry, -1 when empty
  std::vector<std::uint64_t> occupied_;  // one bit per bucket
  std::vector<Entry> entries_;           // every push of the current search
  std::size_t size_ = 0;
  std::uint32_t last_ = 0;
};

}  // namespace pathscope::detail
