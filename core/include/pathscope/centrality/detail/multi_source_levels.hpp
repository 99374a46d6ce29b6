#pragma once
// Closeness and harmonic with hop costs, without betweenness, need only each source's BFS
// levels. Searched 64 sources at a time (Then et al., "The More the Merrier: Efficient
// Multi-Source Graph Traversal", VLDB 2015): a node holds one bit per source in three words
// (seen, reached at this level, reached at the next), so one scan of its arcs serves all 64.
// Levels where the frontier is large pull over in-arcs instead of pushing over out-arcs (as
// direction-optimizing BFS does), stopping a node's scan once every source has reached it.
// Shared with the tests, which check both steps against the reference.
#include <cstdint>
#include <vector>

#include "pathscope/centrality/detail/centrality_support.hpp"

namespace pathscope::detail {

// Whether the CPU engine searches a run's sources this way: hop costs (asked, or every arc
// costs 1), closeness or harmonic asked, betweenness not.
bool searches_levels_in_batches(const Graph& g, const CentralityOptions& options);

// The arcs the mask keeps, out of each node and into it, built once a run and read by every
// thread. The graph's own arrays serve where nothing is dropped (and, undirected, as in-arcs).
class LevelArcs {
 public:
  LevelArcs(const Graph& g, const GraphMask& mask);
  LevelArcs(const LevelArcs&) = delete;
  LevelArcs& operator=(const LevelArcs&) = delete;
  // What the constructor allocates (the engine's budget check, before it runs).
  static std::uint64_t bytes(const Graph& g, const GraphMask& mask);

  std::int32_t n = 0;
  std::int64_t arc_count = 0;
  const std::int64_t* out_begin = nullptr;  // n + 1 entries
  const std::int32_t* out_heads = nullptr;
  const std::int64_t* in_begin = nullptr;  // n + 1 entries
  const std::int32_t* in_tails = nullptr;

 private:
  std::vector<std::int64_t> kept_begin_, reverse_begin_;
  std::vector<std::int32_t> kept_heads_, reverse_tails_;
};

// Sorts `sources` by when a breadth-first walk over the kept arcs, either way, meets them, so
// that a batch holds sources near each other: their frontiers overlap and one scan serves more
// of them (on a road graph whose node numbers follow no geography, half the arcs read). The
// sums do not depend on the order.
void order_sources_by_nearness(const LevelArcs& arcs, std::vector<std::int32_t>& sources);

// Which step a level takes: chosen by the frontier's size, or forced (tests).
enum class LevelStep { Choose, Push, Pull };

// One thread's batched searches, adding to its own SourceSums (distance sums and reach counts
// when `distances`, inverse distance sums when `inverse`). Buffers live for the whole run and a
// batch resets only the nodes it reached.
class MultiSourceLevels {
 public:
  static constexpr int kBatch = 64;

  MultiSourceLevels(const LevelArcs& arcs, bool distances, bool inverse, LevelStep step = LevelStep::Choose);
  // Bytes one object holds for n nodes (the engine's budget check).
  static std::uint64_t bytes_per_thread(std::int32_t n);

  // Searches from `count` (1 to kBatch) distinct sources.
  void run(const std::int32_t* sources, int count);
  SourceSums& sums() { return sums_; }
  std::int64_t arcs_scanned() const { return arcs_scanned_; }
  std::int64_t push_levels() const { return push_levels_; }
  std::int64_t pull_levels() const { return pull_levels_; }

 private:
  void push();
  std::int64_t pull(std::uint64_t all);  // returns the arcs it read

  const LevelArcs& arcs_;
  bool distances_, inverse_;
  LevelStep step_;
  std::vector<std::uint64_t> seen_;   // sources that reached the node at this level or before
  std::vector<std::uint64_t> visit_;  // sources that reached it at this level (zero off the frontier)
  std::vector<std::uint64_t> next_;   // sources reaching it at the next level, while a level is searched
  std::vector<std::int32_t> frontier_, found_, reached_;  // this level's nodes, the next's, every node seen
  SourceSums sums_;
  std::int64_t arcs_scanned_ = 0, push_levels_ = 0, pull_levels_ = 0;
};

}  // namespace pathscope::detail
