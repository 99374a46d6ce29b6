#pragma once
// Brandes' searches from many sources at once on the device (centrality_gpu_engine.cpp): one
// thread block per source (McLaughlin and Bader, SC 2014, "work-efficient"), each block with its
// own slice of working arrays, taking sources from a counter until the batch is done. A block
// walks its source level by level with a barrier between levels, never a launch per level, so
// road graphs with thousands of levels cost barriers, not launches.
//   hops:  BFS levels; path counts pushed along arcs into the next level.
//   costs: distances by near-far frontier relaxation (Bellman-Ford that relaxes first the nodes
//          under a threshold that rises by `near_far_step`, so that few nodes are relaxed twice), then
//          path counts over the arcs that are tight
//          (d[u] + c == d[v] in double, the test the CPU engine and networkx make) in rounds
//          of Kahn's order; the rounds are the levels.
//          Windowed (dense graphs): each node's arcs in ascending cost (search_graph.hpp), and
//          a node relaxes only those whose fl(d[u] + c) is under the threshold, a prefix; the
//          rest wait in a pile of pending arc ranges until the threshold passes them, by when
//          most of their heads are settled and dismissed by a bit in shared memory instead of
//          a random read of their distance (docs/gpu.md, "Centrality").
// Then dependencies pulled level by level in reverse, and each source's sums added to the
// block's own partial sums, which reduce_partial_sums adds up at the end.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace pathscope::gpu::centrality {

// The graph as the searches read it (search_graph.hpp: the kept arcs only). costs is null for
// hop searches.
struct DeviceGraph {
  const std::int64_t* offsets = nullptr;
  const std::int32_t* heads = nullptr;
  const double* costs = nullptr;
  std::int32_t n = 0;
  std::int64_t arcs = 0;
  // Costs: how far the near-far threshold rises at a time (+infinity: plain Bellman-Ford).
  double near_far_step = 0;
  // Costs: a byte per arc the searches learn as they go, shared by every block (null: none).
  // A search from u sets it on u's arcs that cost more than u's distance to their head plus
  // dominance_margin; such an arc is on no shortest path from any source, and every later
  // search skips it without reading its head. The margin covers the rounding of every computed
  // distance (dominance_margin() in gpu_source_searches.cpp), so a skipped arc would never
  // have been tight nor lowered a distance: the results are those of the whole graph.
  std::uint8_t* dominated = nullptr;
  double dominance_margin = 0;
  // Costs, with `dominated`: per node, where its arcs that may still matter end (null: at its
  // offsets' end). A search from u moves u's end back to just past its last arc not dominated,
  // so later searches never read the dominated arcs behind it (in windowed searches, the
  // costliest of a node's arcs, mostly dominated). An end read before it moved is still right:
  // the arcs it adds are dominated, so they are skipped and never tight.
  std::int64_t* live_ends = nullptr;
};

// A settled node's arcs still to relax in a windowed search: `left` arcs from `next` on, whose
// sums with `distance` are at or above `key`, the sum of the first of them. The arcs are
// named here, not by the node's offsets, so that relaxing them waits on one read less.
struct PendingArcs {
  double distance;     // the node's, final
  double key;
  std::int64_t next;   // the first arc left
  std::int32_t node;   // -1: dropped (the node's last relaxation left no arc pending)
  std::int32_t left;
};

// Working arrays, `blocks` slices of n entries each (level_start: n + 2, frontier: 2n). The
// arrays that only cost searches use are null for hop searches. Every slice must start zeroed
// except the distances, which start at kUnreachedHops / kUnreachedCost (byte patterns, so a
// memset sets them); every search leaves its slice so, but for delta, which the backward pass
// writes before anything reads it (source_searches.cu, cost_search).
struct SearchSpace {
  std::int32_t* hop_distance = nullptr;          // hops
  unsigned long long* cost_distance = nullptr;   // costs: bit patterns of non-negative doubles
  double* sigma = nullptr;                        // shortest path counts
  double* delta = nullptr;                        // (1 + dependency) / sigma of the nodes done
  std::int32_t* order = nullptr;                  // nodes level by level
  std::int32_t* level_start = nullptr;            // n + 2 per slice
  std::int32_t* reached = nullptr;                // costs: every node reached, in no order
  std::int32_t* frontier = nullptr;               // costs: two frontiers of n each (2n per slice)
  std::int32_t* queued_in_round = nullptr;        // costs: the round a node last joined a frontier
  std::int32_t* far = nullptr;                    // costs: two piles of n: nodes over the threshold
  std::int32_t* far_in_epoch = nullptr;           // costs: the threshold step a node last joined the pile
                                                  // (windowed: whose pile holds its range)
  std::int32_t* tight_in = nullptr;               // costs: tight arcs in not yet counted
  // Windowed cost searches instead of the far piles: two piles of pending arc ranges and the
  // list of those a threshold step relaxes (3n per slice), and where a node relaxed in the
  // present step keeps its range in the pile (n per slice; far_in_epoch says which step).
  PendingArcs* pending = nullptr;
  std::int32_t* pending_at = nullptr;
  // Windowed: nonzero once an arc of the node is marked, then its tight arcs out (n per slice).
  std::int32_t* tight_out = nullptr;
  // Windowed, per arc (`arcs` per slice): the heads of a node's tight arcs, tight_out[u] of them
  // from its first arc's place on, listed by the tight-arc count so that Kahn's rounds and the
  // backward pass read them instead of scanning the node's bytes.
  std::int32_t* tight_heads = nullptr;
  // Per arc (`arcs` per slice): it lies on a shortest path from the current source, written
  // where the arc is first tested, so that later passes read one byte in arc order instead of
  // the head's distance at a random place.
  std::uint8_t* tight_arc = nullptr;
  // Hops: a bit per node, set once its level is done, so that the many arcs back to such nodes
  // are dismissed without reading their distance. In shared memory when it fits
  // (settled_bitmap_shared_bytes), else here, (n + 31) / 32 words per slice. Costs: the same
  // bit, set for the nodes relaxed in a near-far step once the step is over (their distances
  // are below the threshold, so final); in shared memory only, none when it does not fit.
  std::uint32_t* settled_bits = nullptr;
  // Costs: the bitmap is in shared memory (set by launch_source_searches).
  bool cost_bitmap_shared = false;
};

// Per block partial sums (blocks slices of n), null when not asked for.
struct PartialSums {
  double* dependency = nullptr;
  double* distance_sum = nullptr;
  double* inverse_distance_sum = nullptr;
  std::int32_t* reached_by = nullptr;
};

// Above every level and every distance's bits (all ones is a NaN: no distance equals it and
// every test against it fails).
inline constexpr int kUnreachedHopsByte = 0x7f;
inline constexpr std::int32_t kUnreachedHops = 0x7f7f7f7f;
inline constexpr int kUnreachedCostByte = 0xff;
inline constexpr unsigned long long kUnreachedCost = ~0ull;

// Threads that share one node's arcs: few on sparse graphs (roads), more where degrees are high.
enum class ArcLanes { Four = 4, Eight = 8, Sixteen = 16 };

struct SearchLaunch {
  bool hops = true;
  ArcLanes lanes = ArcLanes::Sixteen;
  int threads = 256;
  // Costs: keep the settled bitmap when it fits (off only to measure what it saves).
  bool settled_bitmap = true;
  // Costs: relax arcs by windows of the threshold (SearchSpace::pending); the graph's arcs must
  // be in ascending cost for each node.
  bool windowed = false;
};

// The shared memory a search of n nodes keeps its settled bitmap in, 0 when it does not fit (a
// hop search then needs SearchSpace::settled_bits; a cost search goes without).
std::size_t settled_bitmap_shared_bytes(std::int32_t n);

// How many blocks of `launch` fit on one multiprocessor at once, for a graph of n nodes.
int resident_blocks_per_multiprocessor(const SearchLaunch& launch, std::int32_t n);

// Searches from sources[0, count) with `blocks` blocks; *next_source must be 0 and is left at
// count + blocks. Adds the arcs scanned to *arcs_scanned.
void launch_source_searches(const SearchLaunch& launch, int blocks, const DeviceGraph& graph, const SearchSpace& space,
                            const PartialSums& sums, const std::int32_t* sources, std::int32_t count,
                            unsigned* next_source, unsigned long long* arcs_scanned, cudaStream_t stream);

// Adds slices 1..blocks-1 of every non-null partial sum into slice 0.
void launch_reduce_partial_sums(const PartialSums& sums, int blocks, std::int32_t n, int multiprocessors,
                                cudaStream_t stream);

}  // namespace pathscope::gpu::centrality
