#pragma once
// One source's distances with buffers kept between searches: the search behind
// distance_table.hpp, where one thread answers many sources of the same graph. Unlike the
// sparse engine's rows (int32 or float cells of an n^2 table) it answers in double, keeps each
// node's predecessor, and stops once the targets it was asked for are settled; nodes touched
// by one search are reset before the next rather than refilling n-sized arrays, so a search that
// stops early costs what it visited.
#include <cstdint>
#include <span>
#include <vector>

#include "apsp/bellman_ford.hpp"
#include "apsp/bucket_queue.hpp"
#include "apsp/quaternary_heap.hpp"
#include "pathscope/apsp/distance_table.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope::detail {

// Chosen once per graph: breadth-first when every arc costs 1, Dial's buckets for small whole
// costs whose sums fit int32, a 4-ary heap in double otherwise, and the core's own single-source
// search (Bellman-Ford, negative self-loops) when anything is negative.
enum class DistanceMethod { BreadthFirst, Buckets, Heap, General };
DistanceMethod choose_distance_method(const Graph& g);

class DistanceSearch {
 public:
  DistanceSearch(const Graph& g, DistanceMethod method, bool keep_predecessors);

  // Searches from s until every node of stop_after is settled (every node when stop_after is
  // empty; the General method always searches everything). Throws NegativeCycle as
  // single_source_distances does. Nodes are valid indices (the caller checks).
  void run(std::int32_t s, std::span<const std::int32_t> stop_after);

  // After run(): exact for s's whole tree, or for stop_after's nodes when the search stopped early.
  double distance(std::int32_t v) const;
  std::int32_t predecessor(std::int32_t v) const;  // kNoPredecessor for s and unreached nodes

 private:
  struct HeapEntry {
    double dist;
    std::int32_t node;
  };
  struct HeapLess {
    bool operator()(const HeapEntry& a, const HeapEntry& b) const { return a.dist < b.dist; }
  };

  void reset();
  // Marks the targets of this search; false when there are none to wait for.
  bool mark_targets(std::int32_t s, std::span<const std::int32_t> stop_after);
  // True when v was a target and it was the last one unsettled.
  bool settle(std::int32_t v) {
    if (wanted_[v] != epoch_) return false;
    wanted_[v] = 0;
    return --remaining_ == 0;
  }
  void reach(std::int32_t v, std::int32_t from) {
    if (keep_predecessors_) predecessor_[v] = from;
    touched_.push_back(v);
  }
  void breadth_first(std::int32_t s, bool early_stop);
  void buckets(std::int32_t s, bool early_stop);
  void heap(std::int32_t s, bool early_stop);

  const Graph& g_;
  DistanceMethod method_;
  bool keep_predecessors_;
  std::vector<std::int32_t> whole_;  // BreadthFirst, Buckets: distances, kUnreached when none
  std::vector<double> real_;         // Heap: distances, +inf when none
  std::vector<std::int32_t> predecessor_;
  std::vector<std::int32_t> touched_;  // nodes whose entries the last search set
  std::vector<std::uint32_t> wanted_;  // == epoch_: a target of this search not yet settled
  std::uint32_t epoch_ = 0;
  std::int64_t remaining_ = 0;
  std::vector<std::int32_t> queue_;
  BucketQueue bucket_queue_;
  QuaternaryHeap<HeapEntry, HeapLess> heap_;
  ShortestPathTree tree_;  // General
};

}  // namespace pathscope::detail
