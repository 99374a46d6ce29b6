#pragma once
// A 4-ary min-heap without decrease-key: Dijkstra pushes a node again when its distance
// improves and skips stale entries when they surface. Four children per node halve the depth
// of a binary heap and keep each level's children in one cache line.
#include <cstddef>
#include <vector>

namespace pathscope::detail {

template <class Entry, class Less>
class QuaternaryHeap {
 public:
  bool empty() const { return items_.empty(); }
  void clear() { items_.clear(); }
  const Entry& top() const { return items_.front(); }

  void push(const Entry& e) {
    std::size_t i = items_.size();
    items_.push_back(e);
    while (i > 0) {
      const std::size_t parent = (i - 1) / 4;
      if (!less_(e, items_[parent])) break;
      items_[i] = items_[parent];
      i = parent;
    }
    items_[i] = e;
  }

  Entry pop() {
    const Entry top = items_.front();
    const Entry last = items_.back();
    items_.pop_back();
    const std::size_t size = items_.size();
    if (size == 0) return top;
    std::size_t i = 0;
    for (;;) {
      const std::size_t first = 4 * i + 1;
      if (first >= size) break;
      std::size_t best = first;
      const std::size_t end = first + 4 < size ? first + 4 : size;
      for (std::size_t c = first + 1; c < end; ++c)
        if (less_(items_[c], items_[best])) best = c;
      if (!less_(items_[best], last)) break;
      items_[i] = items_[best];
      i = best;
    }
    items_[i] = last;
    return top;
  }

 private:
  std::vector<Entry> items_;
  Less less_;
};

}  // namespace pathscope::detail
