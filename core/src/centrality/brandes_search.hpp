#pragma once
// One thread's part of the CPU engine: Brandes' search from one source at a time (BFS for hop
// costs, Dijkstra for costs; closeness and harmonic alone by hops search 64 sources at a time
// instead, pathscope/centrality/detail/multi_source_levels.hpp), path counts and dependencies accumulated into this thread's
// SourceSums. Buffers live for the whole run: a search resets only the nodes it reached, so
// no source allocates and a search that reaches few nodes costs what it reached.
#include <cstdint>
#include <memory>
#include <vector>

#include "apsp/bucket_queue.hpp"
#include "centrality/indexed_heap.hpp"
#include "pathscope/centrality/detail/centrality_support.hpp"

namespace pathscope::centrality {

// What the searches accumulate besides the dependencies.
struct SumsWanted {
  bool dependency = true;
  bool distances = false;  // distance sums and reach counts (closeness)
  bool inverse = false;    // inverse distance sums (harmonic)
};

class BrandesSearch {
 public:
  BrandesSearch(const Graph& g, const GraphMask& mask, bool hops, SumsWanted wanted);

  // Bytes one search object holds for a graph of n nodes (the engine's budget check).
  static std::uint64_t bytes_per_thread(std::int32_t n, std::int64_t arcs, bool hops);

  void run(std::int32_t source);
  detail::SourceSums& sums() { return sums_; }
  std::int64_t arcs_scanned() const { return arcs_scanned_; }

 private:
  template <bool Masked>
  void breadth_first(std::int32_t source);
  template <bool Masked, class Queue>
  void settle(std::int32_t u, double du, Queue&& queue);
  template <bool Masked>
  void dijkstra(std::int32_t source);
  template <bool Masked>
  void dijkstra_buckets(std::int32_t source);
  // Dependencies from the settled order, back to front: a successor w of v on a shortest path
  // (dist[w] == dist[v] + cost, the equality networkx tests) is final before v is reached.
  // Hops: the forward pass kept every arc one level down (down_), grouped by tail in settled
  // order, so the back pass reads only those, with no level test.
  void accumulate_levels();
  template <bool Masked>
  void accumulate_costs();
  void add_distance_sums();
  double distance(std::int32_t v) const { return hops_ ? static_cast<double>(level_[v]) : dist_[v]; }

  const Graph& g_;
  const GraphMask& mask_;
  bool hops_;
  SumsWanted wanted_;
  // Hops: BFS level, -1 when unreached (32 bits: the array the inner loops read stays small).
  std::vector<std::int32_t> level_;
  std::vector<std::int32_t> down_;       // heads of the arcs one level down, by tail
  std::vector<std::int64_t> down_begin_;  // settled position -> its first entry in down_
  // Costs: distance, +inf when unreached; the position in the settled order, -1 until settled.
  std::vector<double> dist_;
  std::vector<std::int32_t> position_;
  // Shortest paths from the source (sigma) until the back pass reaches the node, then
  // (1 + dependency) / sigma, which is all its predecessors need of it: one division per node
  // rather than one per arc, and one array read per arc in both passes.
  std::vector<double> paths_;
  std::vector<std::int32_t> order_;  // nodes in the order they were settled
  std::size_t settled_ = 0;
  IndexedHeap heap_;
  std::unique_ptr<detail::BucketQueue> buckets_;  // whole costs whose sums fit 32 bits, else none
  detail::SourceSums sums_;
  std::int64_t arcs_scanned_ = 0;
};

}  // namespace pathscope::centrality
