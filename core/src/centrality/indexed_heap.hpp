#pragma once
// A 4-ary min-heap of nodes keyed by distance, with decrease-key: each node is in it at most
// once, so on dense graphs (a connectome's tens of arcs a node) the heap stays at most n long
// and a search pops n entries, where the lazy heap of apsp/quaternary_heap.hpp would push and
// pop once per improving arc.
#include <cstdint>
#include <vector>

namespace pathscope::centrality {

class IndexedHeap {
 public:
  explicit IndexedHeap(std::int32_t n) : slot_(static_cast<std::size_t>(n), -1) { items_.reserve(64); }

  bool empty() const { return items_.empty(); }

  // Inserts `node` with `key`, or lowers its key (key must not be above the one it holds).
  void push_or_decrease(std::int32_t node, double key) {
    std::int32_t i = slot_[node];
    if (i < 0) {
      i = static_cast<std::int32_t>(items_.size());
      items_.push_back({key, node});
    }
    sift_up(i, {key, node});
  }

  // The node of the smallest key (its key in `key`), removed.
  std::int32_t pop(double& key) {
    const Item top = items_.front();
    slot_[top.node] = -1;
    const Item last = items_.back();
    items_.pop_back();
    if (!items_.empty()) sift_down(last);
    key = top.key;
    return top.node;
  }

 private:
  struct Item {
    double key;
    std::int32_t node;
  };

  void place(std::int32_t i, const Item& item) {
    items_[static_cast<std::size_t>(i)] = item;
    slot_[item.node] = i;
  }

  void sift_up(std::int32_t i, const Item& item) {
    while (i > 0) {
      const std::int32_t parent = (i - 1) / 4;
      if (!(item.key < items_[static_cast<std::size_t>(parent)].key)) break;
      place(i, items_[static_cast<std::size_t>(parent)]);
      i = parent;
    }
    place(i, item);
  }

  void sift_down(const Item& item) {
    const auto size = static_cast<std::int32_t>(items_.size());
    std::int32_t i = 0;
    for (;;) {
      const std::int32_t first = 4 * i + 1;
      if (first >= size) break;
      std::int32_t best = first;
      const std::int32_t end = first + 4 < size ? first + 4 : size;
      for (std::int32_t c = first + 1; c < end; ++c)
        if (items_[static_cast<std::size_t>(c)].key < items_[static_cast<std::size_t>(best)].key) best = c;
      if (!(items_[static_cast<std::size_t>(best)].key < item.key)) break;
      place(i, items_[static_cast<std::size_t>(best)]);
      i = best;
    }
    place(i, item);
  }

  std::vector<Item> items_;
  std::vector<std::int32_t> slot_;  // node -> its index in items_, -1 when not in the heap
};

}  // namespace pathscope::centrality
