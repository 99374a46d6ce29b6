#pragma once
// One thread's part of the CPU engine: Brandes' search from one source at a time (BFS for hop
// costs, Dijkstra for costs), path counts and dependencies accumulated into this thread's
// SourceSums. Buffers live for the whole run: a search resets only the nodes it reached, so
// no source allocates and a search that reaches few nodes costs what it reached.
#include <cstdint>
#include <vector>

#include "apsp/quaternary_heap.hpp"
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
  static std::uint64_t bytes_per_thread(std::int32_t n);

  void run(std::int32_t source);
  detail::SourceSums& sums() { return sums_; }
  std::int64_t arcs_scanned() const { return arcs_scanned_; }

 private:
  struct HeapEntry {
    double dist;
    std::int32_t node;
  };
  struct HeapLess {
    bool operator()(const HeapEntry& a, const HeapEntry& b) const { return a.dist < b.dist; }
  };

  template <bool Masked>
  void breadth_first(std::int32_t source);
  template <bool Masked>
  void dijkstra(std::int32_t source);
  // Dependencies from the settled order, back to front: a successor w of v on a shortest path
  // (dist[w] == dist[v] + cost, the equality networkx tests) is final before v is reached.
  template <bool Masked, bool Hops>
  void accumulate(std::int32_t source);
  void add_distance_sums(std::int32_t source);

  const Graph& g_;
  const GraphMask& mask_;
  bool hops_;
  SumsWanted wanted_;
  std::vector<double> dist_;        // +inf when unreached (hops: a count)
  std::vector<double> sigma_;       // shortest paths from the source, 0 when unreached
  std::vector<double> delta_;
  std::vector<std::int32_t> order_;  // nodes in the order they were settled
  std::size_t settled_ = 0;
  detail::QuaternaryHeap<HeapEntry, HeapLess> heap_;
  detail::SourceSums sums_;
  std::int64_t arcs_scanned_ = 0;
};

}  // namespace pathscope::centrality
