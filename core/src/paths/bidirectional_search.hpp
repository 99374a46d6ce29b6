#pragma once
// Bidirectional Dijkstra that keeps its buffers between searches: Yen's algorithm runs one
// search per spur node, and clearing n-sized arrays each time would cost more than the search
// (on a 139k-neuron graph the two frontiers meet after a few thousand nodes). Marks carry an
// epoch number instead of being cleared; nodes and the spur's first arcs can be blocked.
#include <cstdint>
#include <vector>

#include "apsp/quaternary_heap.hpp"
#include "pathscope/paths/path_sets.hpp"

namespace pathscope::paths {

class BidirectionalSearch {
 public:
  explicit BidirectionalSearch(const Graph& g);

  // Starts a new round of blocks: nothing is blocked until block_* is called.
  void new_round();
  // No path of this round passes through v.
  void block_node(std::int32_t v) { blocked_node_[v] = round_; }
  // No path of this round leaves the source of the search by the arc to v.
  void block_first_hop(std::int32_t v) { blocked_first_[v] = round_; }

  // The cheapest path from s to t avoiding this round's blocks; false when there is none.
  // s != t.
  bool shortest(std::int32_t s, std::int32_t t, ArcPath& out);

 private:
  struct Entry {
    double dist;
    std::int32_t node;
  };
  struct Less {
    bool operator()(const Entry& a, const Entry& b) const { return a.dist < b.dist; }
  };
  struct Side {
    std::vector<double> dist;
    std::vector<std::int64_t> arc;  // forward arc index of the tree arc at this node
    std::vector<std::uint32_t> seen, settled;
    detail::QuaternaryHeap<Entry, Less> heap;
  };

  const Graph& g_;
  std::vector<std::int64_t> in_offsets_;
  std::vector<std::int64_t> in_arcs_;  // forward arc indices, grouped by head
  std::vector<std::int32_t> tails_;    // forward arc -> its tail
  std::vector<std::uint32_t> blocked_node_, blocked_first_;
  std::uint32_t round_ = 0, search_ = 0;
  Side forward_, backward_;
};

}  // namespace pathscope::paths
