// The searches of source_searches.cuh. Reads of the working arrays go through L2 (__ldcg):
// other threads of the block change them with atomics, which L1 does not see.
#include <math_constants.h>

#include <algorithm>
#include <cstddef>

#include "centrality/source_searches.cuh"
#include "common/cuda_check.hpp"

namespace pathscope::gpu::centrality {
namespace {

// This block's slice of every array (null stays null).
struct BlockArrays {
  std::int32_t* hop_distance;
  unsigned long long* cost_distance;
  double* sigma;
  double* delta;  // during the backward pass: (1 + dependency) / sigma of the nodes done
  std::int32_t* order;
  std::int32_t* level_start;
  std::int32_t* reached;
  std::int32_t* frontiers;  // two of n
  std::int32_t n;
  std::int32_t* queued_in_round;
  std::int32_t* far;  // two piles of n
  std::int32_t* far_in_epoch;
  std::int32_t* tight_in;
  std::int32_t* tight_out;
  std::int32_t* tight_heads;
  PendingArcs* pending;  // two piles of n and the list of n a step relaxes
  std::int32_t* pending_at;
  std::uint8_t* tight_arc;
  double* dependency;
  double* distance_sum;
  double* inverse_distance_sum;
  std::int32_t* reached_by;
};

template <class T>
__device__ T* slice_of(T* base, std::size_t per_block) {
  return base ? base + static_cast<std::size_t>(blockIdx.x) * per_block : nullptr;
}

__device__ BlockArrays block_arrays(const SearchSpace& space, const PartialSums& sums, std::int32_t n,
                                    std::int64_t g_arcs) {
  const std::size_t per = static_cast<std::size_t>(n);
  BlockArrays b{};
  b.hop_distance = slice_of(space.hop_distance, per);
  b.cost_distance = slice_of(space.cost_distance, per);
  b.sigma = slice_of(space.sigma, per);
  b.delta = slice_of(space.delta, per);
  b.order = slice_of(space.order, per);
  b.level_start = slice_of(space.level_start, per + 2);
  b.reached = slice_of(space.reached, per);
  b.frontiers = slice_of(space.frontier, 2 * per);
  b.n = n;
  b.queued_in_round = slice_of(space.queued_in_round, per);
  b.far = slice_of(space.far, 2 * per);
  b.far_in_epoch = slice_of(space.far_in_epoch, per);
  b.tight_in = slice_of(space.tight_in, per);
  b.tight_out = slice_of(space.tight_out, per);
  b.tight_heads = slice_of(space.tight_heads, static_cast<std::size_t>(g_arcs));
  b.pending = slice_of(space.pending, 3 * per);
  b.pending_at = slice_of(space.pending_at, per);
  b.tight_arc = slice_of(space.tight_arc, static_cast<std::size_t>(g_arcs));
  b.dependency = slice_of(sums.dependency, per);
  b.distance_sum = slice_of(sums.distance_sum, per);
  b.inverse_distance_sum = slice_of(sums.inverse_distance_sum, per);
  b.reached_by = slice_of(sums.reached_by, per);
  return b;
}

__device__ __forceinline__ double cost_distance_of(const BlockArrays& b, std::int32_t v) {
  return __longlong_as_double(static_cast<long long>(__ldcg(&b.cost_distance[v])));
}

// The bit pattern a distance is kept and compared as (non-negative doubles order as their bits).
__device__ __forceinline__ unsigned long long bits_of(double value) {
  return static_cast<unsigned long long>(__double_as_longlong(value));
}

// Where u's arcs that may matter end (DeviceGraph::live_ends): through L2, since other blocks
// move it.
__device__ __forceinline__ std::int64_t arcs_end(const DeviceGraph& g, std::int32_t u) {
  if (g.live_ends) return __ldcg(reinterpret_cast<const long long*>(&g.live_ends[u]));
  return __ldg(&g.offsets[u + 1]);
}

// The tight-arc test of the CPU engine and networkx, rounded the same way (no contraction).
__device__ __forceinline__ bool tight(double from, double cost, double to) { return __dadd_rn(from, cost) == to; }

// The Lanes threads of a warp that share a node (a power of two dividing 32): the lane of the
// first of them, and their mask for the warp's votes and shuffles.
template <int Lanes>
struct LaneGroup {
  unsigned first_lane = (threadIdx.x & 31u) / Lanes * Lanes;
  unsigned mask = (Lanes == 32 ? 0xffffffffu : ((1u << Lanes) - 1u)) << first_lane;
};

// Sum over the Lanes threads that share a node.
template <int Lanes>
__device__ __forceinline__ double group_sum(double value) {
  const LaneGroup<Lanes> group;
  for (int offset = Lanes / 2; offset > 0; offset /= 2) value += __shfl_down_sync(group.mask, value, offset, Lanes);
  return value;
}

// Arcs a lane reads ahead before using any (cost searches).
constexpr int kArcBatch = 4;

// Shared counters: three for appends to the next level, rotated so that one barrier per level
// is enough (level l appends to counter l % 3 and clears counter (l + 1) % 3, last read two
// barriers earlier); the fourth counts the nodes a cost search reached.
struct Counters {
  std::int32_t append[3];
  std::int32_t reached;
  // Near-far: nodes in the far pile, and what a threshold step counts and finds.
  std::int32_t far;
  // Near-far: the nodes relaxed in the present step, listed in `order` (unused until Kahn's
  // order) to be marked settled when the step is over; more than n (a node relaxed in several
  // rounds) and the step marks none.
  std::int32_t step_listed;
  std::int32_t split_near, split_far;
  unsigned long long far_min;
  // With live ends: just past the source's last arc not dominated.
  unsigned long long live_end;
};

// Dependencies level by level from the deepest, pulled from each node's successors on
// shortest paths (the tight arcs the forward passes marked, or listed), so no atomics. Once a
// node's dependency is known its slot in `delta` holds (1 + delta) / sigma, all that its
// predecessors need of it: one random read an arc instead of two, one division a node instead
// of one an arc (the order the CPU engine rounds in, too). Listed (windowed searches): a node's
// tight heads are in tight_heads, tight_out of them, so a leaf (two thirds of the brain's
// nodes) reads no arc.
template <int Lanes, bool Listed>
__device__ void pull_dependencies(const DeviceGraph& g, const BlockArrays& b, std::int32_t s, std::int32_t levels,
                                  unsigned long long& scanned) {
  const int group = threadIdx.x / Lanes, lane = threadIdx.x % Lanes, groups = blockDim.x / Lanes;
  for (std::int32_t level = levels - 1; level >= 0; --level) {
    const std::int32_t begin = b.level_start[level], end = b.level_start[level + 1];
    for (std::int32_t i = begin + group; i < end; i += groups) {
      const std::int32_t w = b.order[i];
      const std::int64_t first = __ldg(&g.offsets[w]);
      double sum = 0;
      std::int64_t read = 0;
      if constexpr (Listed) {
        read = __ldcg(&b.tight_out[w]);
        for (std::int64_t j = lane; j < read; j += Lanes) sum += __ldcg(&b.delta[__ldcg(&b.tight_heads[first + j])]);
      } else {
        const std::int64_t last = arcs_end(g, w);
        read = last - first;
        // Only arcs the forward pass marked are read further (12-17% of the brain's).
#pragma unroll 4
        for (std::int64_t a = first + lane; a < last; a += Lanes)
          if (b.tight_arc[a]) sum += __ldcg(&b.delta[__ldg(&g.heads[a])]);
      }
      sum = group_sum<Lanes>(sum);
      if (lane == 0) {
        const double paths = __ldcg(&b.sigma[w]);
        const double dependency = paths * sum;
        b.delta[w] = paths > 0 ? (1.0 + dependency) / paths : 0.0;
        if (b.dependency && w != s) b.dependency[w] += dependency;
        scanned += static_cast<unsigned long long>(read);
        // Back to the starting state here, where the lines were just read, not in a pass of
        // their own: nothing reads them again in this search (every lane has read tight_out).
        b.sigma[w] = 0;
        if constexpr (Listed) b.tight_out[w] = 0;
      }
    }
    __syncthreads();
  }
}

template <int Lanes>
__device__ void hop_search(const DeviceGraph& g, const BlockArrays& b, std::int32_t s, Counters& counters,
                           std::uint32_t* settled, unsigned long long& scanned) {
  const int group = threadIdx.x / Lanes, lane = threadIdx.x % Lanes, groups = blockDim.x / Lanes;
  const std::int32_t words = (g.n + 31) / 32;
  for (std::int32_t w = threadIdx.x; w < words; w += blockDim.x) settled[w] = 0;
  if (threadIdx.x == 0) {
    b.hop_distance[s] = 0;
    b.sigma[s] = 1.0;
    b.order[0] = s;
    b.level_start[0] = 0;
    b.level_start[1] = 1;
    counters.append[0] = counters.append[1] = counters.append[2] = 0;
  }
  __syncthreads();
  std::int32_t level = 0, begin = 0, count = 1;
  while (count > 0) {
    const std::int32_t end = begin + count;
    // The level about to be done: arcs into its nodes are never on a path from it on (most arcs
    // of a dense graph stay inside the few large levels).
    for (std::int32_t i = begin + threadIdx.x; i < end; i += blockDim.x) {
      const std::int32_t u = b.order[i];
      atomicOr(&settled[u >> 5], 1u << (u & 31));
    }
    if (threadIdx.x == 0) counters.append[(level + 1) % 3] = 0;
    __syncthreads();
    for (std::int32_t i = begin + group; i < end; i += groups) {
      const std::int32_t u = b.order[i];
      const double paths = __ldcg(&b.sigma[u]);
      const std::int64_t first = __ldg(&g.offsets[u]), last = __ldg(&g.offsets[u + 1]);
      for (std::int64_t a = first + lane; a < last; a += Lanes) {
        const std::int32_t v = __ldg(&g.heads[a]);
        if (static_cast<const volatile std::uint32_t*>(settled)[v >> 5] & (1u << (v & 31))) {
          b.tight_arc[a] = 0;
          continue;
        }
        std::int32_t dv = __ldcg(&b.hop_distance[v]);
        if (dv == kUnreachedHops) {
          dv = atomicCAS(&b.hop_distance[v], kUnreachedHops, level + 1);
          if (dv == kUnreachedHops) {
            b.order[end + atomicAdd(&counters.append[level % 3], 1)] = v;
            dv = level + 1;
          }
        }
        const bool on_path = dv == level + 1;
        b.tight_arc[a] = on_path;
        if (on_path) atomicAdd(&b.sigma[v], paths);
      }
      if (lane == 0) scanned += static_cast<unsigned long long>(last - first);
    }
    __syncthreads();
    begin = end;
    count = counters.append[level % 3];
    ++level;
    if (threadIdx.x == 0) b.level_start[level + 1] = begin + count;
  }
  __syncthreads();
  const std::int32_t levels = level;
  pull_dependencies<Lanes, false>(g, b, s, levels, scanned);
  const std::int32_t total = b.level_start[levels];
  for (std::int32_t i = threadIdx.x; i < total; i += blockDim.x) {
    const std::int32_t v = b.order[i];
    if (b.distance_sum && v != s) {
      const double d = __ldcg(&b.hop_distance[v]);
      b.distance_sum[v] += d;
      b.inverse_distance_sum[v] += 1.0 / d;
      b.reached_by[v] += 1;
    }
    b.hop_distance[v] = kUnreachedHops;
  }
  __syncthreads();
}

__device__ __forceinline__ bool is_settled(const std::uint32_t* settled, std::int32_t v) {
  return (settled[v >> 5] >> (v & 31)) & 1u;
}

__device__ __forceinline__ void list_for_step(const BlockArrays& b, Counters& counters, std::int32_t v) {
  const std::int32_t at = atomicAdd(&counters.step_listed, 1);
  if (at < b.n) b.order[at] = v;
}

// The source's own arcs that cost more than its distance to their head (plus the margin) are
// on no shortest path from anywhere: later searches skip them (DeviceGraph::dominated), and
// stop reading the source's arcs after its last one that is not (DeviceGraph::live_ends).
__device__ void mark_dominated_arcs(const DeviceGraph& g, const BlockArrays& b, std::int32_t s, Counters& counters) {
  const std::int64_t first = __ldg(&g.offsets[s]), last = arcs_end(g, s);
  unsigned long long live_end = static_cast<unsigned long long>(first);
  for (std::int64_t a = first + threadIdx.x; a < last; a += blockDim.x) {
    if (g.dominated[a]) continue;
    const std::int32_t v = __ldg(&g.heads[a]);
    if (__ldg(&g.costs[a]) - cost_distance_of(b, v) > g.dominance_margin) g.dominated[a] = 1;
    else live_end = static_cast<unsigned long long>(a + 1);
  }
  if (!g.live_ends) return;
  for (int offset = 16; offset > 0; offset /= 2) live_end = max(live_end, __shfl_down_sync(0xffffffffu, live_end, offset));
  if ((threadIdx.x & 31u) == 0) atomicMax(&counters.live_end, live_end);
  __syncthreads();
  if (threadIdx.x == 0 && counters.live_end < static_cast<unsigned long long>(last))
    g.live_ends[s] = static_cast<std::int64_t>(counters.live_end);
}

// Once a near-far step is over, its nodes (listed in `order`) are settled: every node relaxed
// later is at or above the old threshold, above their distances, so an arc into a settled node
// neither lowers it nor is tight, and is dismissed without reading its head.
__device__ void settle_listed(const BlockArrays& b, Counters& counters, std::uint32_t* settled) {
  if (!settled) return;
  const std::int32_t listed = counters.step_listed;
  if (listed <= b.n)
    for (std::int32_t i = threadIdx.x; i < listed; i += blockDim.x) {
      const std::int32_t v = b.order[i];
      atomicOr(&settled[v >> 5], 1u << (v & 31));
    }
  __syncthreads();
  if (threadIdx.x == 0) counters.step_listed = 0;
}

// The next threshold: the smallest distance (or key) waiting, given as its bits, plus the step;
// +infinity where the sum does not exceed it.
__device__ __forceinline__ double raised_threshold(unsigned long long lowest, double step) {
  const double lowest_distance = __longlong_as_double(static_cast<long long>(lowest));
  const double raised = __dadd_rn(lowest_distance, step);
  return raised > lowest_distance ? raised : CUDART_INF;
}

// Distances by near-far relaxation (cost_search on sparse graphs). Ends with every node
// reached listed in b.reached (counters.reached of them).
template <int Lanes>
__device__ void near_far_distances(const DeviceGraph& g, const BlockArrays& b, Counters& counters,
                                   std::uint32_t* settled, unsigned long long& scanned) {
  const int group = threadIdx.x / Lanes, lane = threadIdx.x % Lanes, groups = blockDim.x / Lanes;
  // Distances: near-far relaxation. Nodes whose distance falls under the threshold are relaxed
  // in rounds (a node joins the next round once however often it improves); the others wait in
  // the far pile. When no near node is left, the threshold rises to the smallest distance in the
  // pile plus delta and the pile is split. A node in the pile under the old threshold was
  // relaxed at its present distance already and is dropped. atomicMin on the bits orders
  // non-negative doubles as numbers. Once a step is over, its nodes are settled: every node
  // relaxed later is at or above the old threshold, above their distances, so an arc into a
  // settled node neither lowers it nor is tight, and is dismissed without reading its head.
  double threshold = g.near_far_step;
  std::int32_t round = 1, count = 1, from = 0, epoch = 1, pile = 0;
  for (;;) {
    while (count > 0) {
      if (threadIdx.x == 0) counters.append[(round + 1) % 3] = 0;
      const std::int32_t* frontier = b.frontiers + (from ? b.n : 0);
      std::int32_t* next = b.frontiers + (from ? 0 : b.n);
      std::int32_t* far = b.far + (pile ? b.n : 0);
      for (std::int32_t i = group; i < count; i += groups) {
        const std::int32_t u = frontier[i];
        const double du = cost_distance_of(b, u);
        const std::int64_t first = __ldg(&g.offsets[u]), last = arcs_end(g, u);
        // kArcBatch arcs a lane at once, their heads and distances loaded before any is used:
        // the byte stores below may alias anything, so without this the compiler issues one
        // arc's random read only after the previous arc's store, one memory latency an arc.
        for (std::int64_t base = first + lane; base < last; base += Lanes * kArcBatch) {
          std::int32_t head[kArcBatch];
          unsigned long long current[kArcBatch];
#pragma unroll
          for (int k = 0; k < kArcBatch; ++k) {
            const std::int64_t a = base + k * Lanes;
            std::int32_t v = -1;
            if (a < last && !(g.dominated && g.dominated[a])) {
              v = __ldg(&g.heads[a]);
              if (settled && is_settled(settled, v)) v = -1;
            }
            head[k] = v;
          }
#pragma unroll
          for (int k = 0; k < kArcBatch; ++k) current[k] = head[k] >= 0 ? __ldcg(&b.cost_distance[head[k]]) : 0;
#pragma unroll
          for (int k = 0; k < kArcBatch; ++k) {
            const std::int64_t a = base + k * Lanes;
            if (a >= last) break;
            const std::int32_t v = head[k];
            if (v < 0) {  // dominated, or into a settled node
              b.tight_arc[a] = 0;
              continue;
            }
            const double distance = __dadd_rn(du, __ldg(&g.costs[a]));
            const unsigned long long candidate = bits_of(distance);
            // The arc's byte says whether it may be tight: a node's last relaxation is at its
            // final distance, and an arc tight at the end reaches its head no later than the
            // head's final distance then, so every tight arc is marked; arcs whose head improved
            // later (or since `current` was read) stay marked too, and the tight-arc count tests
            // only the marked ones.
            if (candidate >= current[k]) {
              b.tight_arc[a] = candidate == current[k];
              continue;
            }
            const unsigned long long old = atomicMin(&b.cost_distance[v], candidate);
            b.tight_arc[a] = candidate <= old;
            if (candidate >= old) continue;
            if (old == kUnreachedCost) b.reached[atomicAdd(&counters.reached, 1)] = v;
            if (distance < threshold) {
              if (atomicExch(&b.queued_in_round[v], round) != round) {
                next[atomicAdd(&counters.append[round % 3], 1)] = v;
                if (settled) list_for_step(b, counters, v);
              }
            } else if (atomicExch(&b.far_in_epoch[v], epoch) != epoch) {
              far[atomicAdd(&counters.far, 1)] = v;
            }
          }
        }
        if (lane == 0) scanned += static_cast<unsigned long long>(last - first);
      }
      __syncthreads();
      count = counters.append[round % 3];
      from ^= 1;
      ++round;
    }
    // The threshold step.
    const std::int32_t piled = counters.far;
    if (piled == 0) break;
    settle_listed(b, counters, settled);
    const std::int32_t* far = b.far + (pile ? b.n : 0);
    unsigned long long smallest = kUnreachedCost;
    for (std::int32_t i = threadIdx.x; i < piled; i += blockDim.x) {
      const std::int32_t v = far[i];
      const unsigned long long bits = __ldcg(&b.cost_distance[v]);
      if (__longlong_as_double(static_cast<long long>(bits)) >= threshold) smallest = min(smallest, bits);
    }
    for (int offset = 16; offset > 0; offset /= 2) smallest = min(smallest, __shfl_down_sync(0xffffffffu, smallest, offset));
    if ((threadIdx.x & 31u) == 0 && smallest != kUnreachedCost) atomicMin(&counters.far_min, smallest);
    __syncthreads();
    const unsigned long long lowest = counters.far_min;
    if (lowest == kUnreachedCost) break;
    const double raised = raised_threshold(lowest, g.near_far_step);
    ++epoch;
    ++round;  // a stamp of its own: the near round after it may queue these nodes again
    std::int32_t* near = b.frontiers + (from ? b.n : 0);
    std::int32_t* kept = b.far + (pile ? 0 : b.n);
    for (std::int32_t i = threadIdx.x; i < piled; i += blockDim.x) {
      const std::int32_t v = far[i];
      const double d = cost_distance_of(b, v);
      if (d < threshold) continue;
      if (d < raised) {
        if (atomicExch(&b.queued_in_round[v], round) != round) {
          near[atomicAdd(&counters.split_near, 1)] = v;
          if (settled) list_for_step(b, counters, v);
        }
      } else if (atomicExch(&b.far_in_epoch[v], epoch) != epoch) {
        kept[atomicAdd(&counters.split_far, 1)] = v;
      }
    }
    __syncthreads();
    count = counters.split_near;
    const std::int32_t still_far = counters.split_far;
    __syncthreads();
    if (threadIdx.x == 0) {
      counters.far = still_far;
      counters.split_near = counters.split_far = 0;
      counters.far_min = kUnreachedCost;
      counters.append[0] = counters.append[1] = counters.append[2] = 0;
    }
    __syncthreads();
    threshold = raised;
    pile ^= 1;
    ++round;
  }
}

// Where a windowed relaxation of a node's arcs stopped: the first arc left (the range's end
// when none is) and, when one is, its sum with the node's distance.
struct WindowCut {
  std::int64_t arc;
  double key;
  bool marked;  // some arc got its byte set
};

// What a round of windowed relaxation appends to.
struct WindowRound {
  double threshold;
  std::int32_t round;
  std::int32_t* next;  // the next round's frontier, counted by counters.append[round % 3]
};

// Relaxes the arcs [first, last) of a node whose fl(du + c) is under the threshold. The arcs
// are in ascending cost and the rounded sum keeps that order, so these are a prefix, read
// Lanes at a time until one is over the threshold. Unlike near_far_distances, an arc's byte is
// only ever set (to "may be tight"): a range may be relaxed again at a larger, stale distance,
// and that must not clear what the final distance marked. Every lane returns the cut.
template <int Lanes>
__device__ WindowCut relax_window(const DeviceGraph& g, const BlockArrays& b, Counters& counters,
                                  const std::uint32_t* settled, const WindowRound& r, double du,
                                  std::int64_t first, std::int64_t last) {
  const int lane = threadIdx.x % Lanes;
  const LaneGroup<Lanes> lanes;
  const unsigned first_lane = lanes.first_lane, group_mask = lanes.mask;
  bool marked = false;
  for (std::int64_t at = first; at < last; at += Lanes) {
    const std::int64_t a = at + lane;
    double distance = 0;
    bool inside = false, dominated = false;
    std::int32_t v = 0;
    if (a < last) {
      // The head and the dominated byte load beside the cost, not after it: most arcs read here
      // are inside the window.
      v = __ldg(&g.heads[a]);
      dominated = g.dominated && g.dominated[a];
      distance = __dadd_rn(du, __ldg(&g.costs[a]));
      inside = distance < r.threshold;
    }
    const unsigned outside = ~(__ballot_sync(group_mask, inside) >> first_lane);
    const int count = outside == 0 ? Lanes : min(Lanes, __ffs(static_cast<int>(outside)) - 1);
    if (lane < count && !dominated && !(settled && is_settled(settled, v))) {
      const unsigned long long candidate = bits_of(distance);
      const unsigned long long current = __ldcg(&b.cost_distance[v]);
      if (candidate == current) {
        b.tight_arc[a] = 1;
        marked = true;
      } else if (candidate < current) {
        const unsigned long long old = atomicMin(&b.cost_distance[v], candidate);
        if (candidate <= old) {
          b.tight_arc[a] = 1;
          marked = true;
        }
        if (candidate < old) {
          if (old == kUnreachedCost) b.reached[atomicAdd(&counters.reached, 1)] = v;
          if (atomicExch(&b.queued_in_round[v], r.round) != r.round) {
            r.next[atomicAdd(&counters.append[r.round % 3], 1)] = v;
            if (settled) list_for_step(b, counters, v);
          }
        }
      }
    }
    const bool any_marked = __any_sync(group_mask, marked) != 0;
    if (count < Lanes) return {at + count, __shfl_sync(group_mask, distance, count, Lanes), any_marked};
  }
  return {last, 0.0, __any_sync(group_mask, marked) != 0};
}

// Arcs are left to relax later. Those whose sums overflow to +infinity reach nothing (a
// threshold never passes them) and are dropped.
__device__ __forceinline__ bool waits(const WindowCut& cut, std::int64_t last) {
  return cut.arc < last && cut.key < CUDART_INF;
}

// Distances by windows of the threshold (cost_search on dense graphs; source_searches.cuh). A
// node improves only to a distance under the threshold, so no node waits in a far pile: what
// waits are the arcs of settled nodes over it, a range a node, keyed by the sum of its first
// arc. In a step, the nodes improved are relaxed in rounds, each over its arcs in the window;
// a node relaxed again in the step rewrites its range in place (pending_at), so a pile holds
// at most one range a node. When no node is left, the threshold rises to the smallest key plus
// the step, the ranges under it are relaxed in a round of their own and the rest carried over.
// Counted on the host for the brain with inverse costs (docs/gpu.md): 2.5 to 5 heads'
// distances read a node, against 33 for near_far_distances.
template <int Lanes>
__device__ void windowed_distances(const DeviceGraph& g, const BlockArrays& b, Counters& counters,
                                   std::uint32_t* settled, unsigned long long& scanned) {
  const int group = threadIdx.x / Lanes, lane = threadIdx.x % Lanes, groups = blockDim.x / Lanes;
  PendingArcs* const relaxing = b.pending + 2 * static_cast<std::size_t>(b.n);
  WindowRound r{g.near_far_step, 1, nullptr};
  std::int32_t count = 1, from = 0, epoch = 1, pile = 0;
  for (;;) {
    PendingArcs* const filling = b.pending + (pile ? b.n : 0);
    while (count > 0) {
      if (threadIdx.x == 0) counters.append[(r.round + 1) % 3] = 0;
      const std::int32_t* frontier = b.frontiers + (from ? b.n : 0);
      r.next = b.frontiers + (from ? 0 : b.n);
      for (std::int32_t i = group; i < count; i += groups) {
        const std::int32_t u = frontier[i];
        const double du = cost_distance_of(b, u);
        const std::int64_t first = __ldg(&g.offsets[u]), last = arcs_end(g, u);
        // Where u's range waits, if it does from this step: only u's own group writes these.
        const bool piled_in_step = __ldcg(&b.far_in_epoch[u]) == epoch;
        const std::int32_t piled_at = __ldcg(&b.pending_at[u]);
        const WindowCut cut = relax_window<Lanes>(g, b, counters, settled, r, du, first, last);
        if (lane == 0) {
          std::int32_t at = piled_in_step ? piled_at : -1;
          if (waits(cut, last)) {
            if (at < 0) {
              at = atomicAdd(&counters.far, 1);
              b.pending_at[u] = at;
              b.far_in_epoch[u] = epoch;
            }
            filling[at] = {du, cut.key, cut.arc, u, static_cast<std::int32_t>(last - cut.arc)};
            atomicMin(&counters.far_min, bits_of(cut.key));
          } else if (at >= 0) {
            filling[at].node = -1;
          }
          if (cut.marked) b.tight_out[u] = 1;
          scanned += static_cast<unsigned long long>(cut.arc - first);
        }
      }
      __syncthreads();
      count = counters.append[r.round % 3];
      from ^= 1;
      ++r.round;
    }
    settle_listed(b, counters, settled);
    const std::int32_t piled = counters.far;
    const unsigned long long lowest = counters.far_min;
    if (piled == 0) break;
    __syncthreads();
    if (threadIdx.x == 0) {
      counters.far = counters.split_near = 0;
      counters.far_min = kUnreachedCost;
      counters.append[0] = counters.append[1] = counters.append[2] = 0;
    }
    __syncthreads();
    r.threshold = raised_threshold(lowest, g.near_far_step);
    pile ^= 1;
    ++epoch;
    // The ranges now under the threshold to `relaxing`, the others to the other pile.
    PendingArcs* const kept = b.pending + (pile ? b.n : 0);
    unsigned long long smallest = kUnreachedCost;
    for (std::int32_t i = threadIdx.x; i < piled; i += blockDim.x) {
      const PendingArcs entry = filling[i];
      if (entry.node < 0) continue;
      if (entry.key < r.threshold) {
        relaxing[atomicAdd(&counters.split_near, 1)] = entry;
      } else {
        kept[atomicAdd(&counters.far, 1)] = entry;
        smallest = min(smallest, bits_of(entry.key));
      }
    }
    for (int offset = 16; offset > 0; offset /= 2) smallest = min(smallest, __shfl_down_sync(0xffffffffu, smallest, offset));
    if ((threadIdx.x & 31u) == 0 && smallest != kUnreachedCost) atomicMin(&counters.far_min, smallest);
    __syncthreads();
    // Their round: ranges of settled nodes, so what is left of each goes back to the pile as is.
    const std::int32_t ranges = counters.split_near;
    r.next = b.frontiers + (from ? 0 : b.n);
    for (std::int32_t i = group; i < ranges; i += groups) {
      const PendingArcs entry = relaxing[i];
      const std::int64_t last = entry.next + entry.left;
      const WindowCut cut = relax_window<Lanes>(g, b, counters, settled, r, entry.distance, entry.next, last);
      if (lane == 0) {
        if (waits(cut, last)) {
          kept[atomicAdd(&counters.far, 1)] = {entry.distance, cut.key, cut.arc, entry.node,
                                                static_cast<std::int32_t>(last - cut.arc)};
          atomicMin(&counters.far_min, bits_of(cut.key));
        }
        if (cut.marked) b.tight_out[entry.node] = 1;
        scanned += static_cast<unsigned long long>(cut.arc - entry.next);
      }
    }
    __syncthreads();
    count = counters.append[r.round % 3];
    from ^= 1;
    ++r.round;
  }
}

// The heads of the marked arcs among a lane's kArcBatch arcs from `from` on (Lanes apart; -1
// for the others and past `last`) and the heads' distances, every read issued before any is
// used (the byte stores after them may alias anything).
template <int Lanes>
__device__ __forceinline__ void load_marked_heads(const DeviceGraph& g, const BlockArrays& b, std::int64_t from,
                                                  std::int64_t last, std::int32_t (&head)[kArcBatch],
                                                  double (&head_distance)[kArcBatch]) {
#pragma unroll
  for (int k = 0; k < kArcBatch; ++k) {
    const std::int64_t a = from + k * Lanes;
    head[k] = a < last && b.tight_arc[a] ? __ldg(&g.heads[a]) : -1;
  }
#pragma unroll
  for (int k = 0; k < kArcBatch; ++k) head_distance[k] = head[k] >= 0 ? cost_distance_of(b, head[k]) : 0;
}

// The tight-arc count of a near-far search for one node: tests the arcs the relaxation marked
// (reading their heads' distances), counts each tight arc into its head and clears the marks of
// the others.
template <int Lanes>
__device__ void count_tight_arcs(const DeviceGraph& g, const BlockArrays& b, std::int32_t s, double du,
                                 std::int64_t first, std::int64_t last) {
  const int lane = threadIdx.x % Lanes;
  for (std::int64_t base = first + lane; base < last; base += Lanes * kArcBatch) {
    std::int32_t head[kArcBatch];
    double head_distance[kArcBatch];
    load_marked_heads<Lanes>(g, b, base, last, head, head_distance);
#pragma unroll
    for (int k = 0; k < kArcBatch; ++k) {
      const std::int32_t v = head[k];
      if (v < 0) continue;
      const std::int64_t a = base + k * Lanes;
      if (v != s && tight(du, __ldg(&g.costs[a]), head_distance[k])) atomicAdd(&b.tight_in[v], 1);
      else b.tight_arc[a] = 0;
    }
  }
}

// The tight-arc count of a windowed search for one node: tests the arcs the relaxation marked
// (reading their heads' distances), clears every mark for the next search, counts each tight
// arc into its head and lists the tight heads from the node's first arc's place in
// tight_heads. Returns how many, in every lane.
template <int Lanes>
__device__ std::int32_t list_tight_arcs(const DeviceGraph& g, const BlockArrays& b, std::int32_t s, double du,
                                        std::int64_t first, std::int64_t last) {
  const int lane = threadIdx.x % Lanes;
  const LaneGroup<Lanes> lanes;
  const unsigned first_lane = lanes.first_lane, group_mask = lanes.mask;
  const unsigned lanes_below = (1u << lane) - 1u;
  std::int32_t listed = 0;
  for (std::int64_t base = first; base < last; base += Lanes * kArcBatch) {
    std::int32_t head[kArcBatch];
    double head_distance[kArcBatch];
    load_marked_heads<Lanes>(g, b, base + lane, last, head, head_distance);
#pragma unroll
    for (int k = 0; k < kArcBatch; ++k) {
      const std::int32_t v = head[k];
      const std::int64_t a = base + k * Lanes + lane;
      bool is_tight = false;
      if (v >= 0) {
        b.tight_arc[a] = 0;
        is_tight = v != s && tight(du, __ldg(&g.costs[a]), head_distance[k]);
      }
      const unsigned votes = __ballot_sync(group_mask, is_tight) >> first_lane;
      if (is_tight) {
        atomicAdd(&b.tight_in[v], 1);
        b.tight_heads[first + listed + __popc(votes & lanes_below)] = v;
      }
      listed += __popc(votes);
    }
  }
  return listed;
}

// `settled`: the block's bitmap in shared memory, or null (a graph too large for it).
template <int Lanes, bool Windowed>
__device__ void cost_search(const DeviceGraph& g, const BlockArrays& b, std::int32_t s, Counters& counters,
                            std::uint32_t* settled, unsigned long long& scanned) {
  const int group = threadIdx.x / Lanes, lane = threadIdx.x % Lanes, groups = blockDim.x / Lanes;
  if (settled)
    for (std::int32_t w = threadIdx.x; w < (g.n + 31) / 32; w += blockDim.x) settled[w] = 0;
  if (threadIdx.x == 0) {
    b.cost_distance[s] = 0;  // the bits of +0.0
    b.reached[0] = s;
    b.frontiers[0] = s;
    b.order[0] = s;
    counters.step_listed = 1;
    counters.append[0] = counters.append[1] = counters.append[2] = 0;
    counters.reached = 1;
    counters.far = counters.split_near = counters.split_far = 0;
    counters.far_min = kUnreachedCost;
    counters.live_end = 0;
  }
  __syncthreads();

  if constexpr (Windowed) windowed_distances<Lanes>(g, b, counters, settled, scanned);
  else near_far_distances<Lanes>(g, b, counters, settled, scanned);
  const std::int32_t reached = counters.reached;

  // Tight arcs into each node, then Kahn's order by rounds: a node's path count is complete
  // when its last tight predecessor has added to it, and it joins the next round then.
  // Only the arcs the relaxation marked are tested, so the head's distance is read at a random
  // place for those alone. Arcs into the source are never tight (zero-cost cycles through it
  // aside, none are).
  // Windowed searches flag in tight_out the nodes with a marked arc (the others are skipped) and
  // list their tight heads (list_tight_arcs), so that Kahn's rounds and the backward pass read
  // those alone, and nothing for the nodes with none.
  for (std::int32_t i = group; i < reached; i += groups) {
    const std::int32_t u = b.reached[i];
    if (Windowed && __ldcg(&b.tight_out[u]) == 0) continue;
    const double du = cost_distance_of(b, u);
    const std::int64_t first = __ldg(&g.offsets[u]), last = arcs_end(g, u);
    if (lane == 0) scanned += static_cast<unsigned long long>(last - first);
    if constexpr (Windowed) {
      const std::int32_t listed = list_tight_arcs<Lanes>(g, b, s, du, first, last);
      if (lane == 0) b.tight_out[u] = listed;
    } else {
      count_tight_arcs<Lanes>(g, b, s, du, first, last);
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    b.sigma[s] = 1.0;
    b.order[0] = s;
    b.level_start[0] = 0;
    b.level_start[1] = 1;
    counters.append[0] = counters.append[1] = counters.append[2] = 0;
  }
  __syncthreads();
  std::int32_t level = 0, begin = 0;
  std::int32_t count = 1;
  while (count > 0) {
    if (threadIdx.x == 0) counters.append[(level + 1) % 3] = 0;
    const std::int32_t end = begin + count;
    for (std::int32_t i = begin + group; i < end; i += groups) {
      const std::int32_t u = b.order[i];
      const std::int64_t first = __ldg(&g.offsets[u]);
      const std::int64_t last = Windowed ? first + __ldcg(&b.tight_out[u]) : arcs_end(g, u);
      if (first == last) continue;
      const double paths = __ldcg(&b.sigma[u]);
      for (std::int64_t a = first + lane; a < last; a += Lanes) {
        if (!Windowed && !b.tight_arc[a]) continue;
        const std::int32_t v = Windowed ? __ldcg(&b.tight_heads[a]) : __ldg(&g.heads[a]);
        atomicAdd(&b.sigma[v], paths);
        if (atomicSub(&b.tight_in[v], 1) == 1) b.order[end + atomicAdd(&counters.append[level % 3], 1)] = v;
      }
      if (lane == 0) scanned += static_cast<unsigned long long>(last - first);
    }
    __syncthreads();
    begin = end;
    count = counters.append[level % 3];
    ++level;
    if (threadIdx.x == 0) b.level_start[level + 1] = begin + count;
  }
  __syncthreads();
  // Nodes in Kahn's order leave it with no tight arc in left uncounted and have their path
  // count and tight heads cleared by the backward pass; their delta is written there before any
  // predecessor reads it, so a stale one from an earlier search is never read. Only where a
  // zero-cost cycle kept nodes out of the order (begin: the nodes in it) is more to clear, and
  // the deltas of those nodes, read by predecessors in the order, must be 0 before the pass.
  const bool all_ordered = begin == reached;
  if (!all_ordered) {
    for (std::int32_t i = threadIdx.x; i < reached; i += blockDim.x) b.delta[b.reached[i]] = 0;
    __syncthreads();
  }
  pull_dependencies<Lanes, Windowed>(g, b, s, level, scanned);
  if (g.dominated) {
    mark_dominated_arcs(g, b, s, counters);
    __syncthreads();  // it reads the distances the loop below clears
  }
  for (std::int32_t i = threadIdx.x; i < reached; i += blockDim.x) {
    const std::int32_t v = b.reached[i];
    if (b.distance_sum && v != s) {
      const double d = cost_distance_of(b, v);
      b.distance_sum[v] += d;
      if (d > 0) b.inverse_distance_sum[v] += 1.0 / d;
      b.reached_by[v] += 1;
    }
    b.cost_distance[v] = kUnreachedCost;
    b.queued_in_round[v] = 0;
    b.far_in_epoch[v] = 0;
    if (!all_ordered) {
      b.sigma[v] = 0;
      b.delta[v] = 0;
      b.tight_in[v] = 0;
      if (Windowed) b.tight_out[v] = 0;
    }
  }
  __syncthreads();
}

template <bool Hops, int Lanes, bool Windowed>
__global__ void source_searches(DeviceGraph g, SearchSpace space, PartialSums sums, const std::int32_t* sources,
                                std::int32_t count, unsigned* next_source, unsigned long long* arcs_scanned) {
  __shared__ Counters counters;
  __shared__ unsigned current;
  extern __shared__ std::uint32_t shared_bits[];
  const BlockArrays b = block_arrays(space, sums, g.n, g.arcs);
  std::uint32_t* settled = space.settled_bits
                               ? space.settled_bits + static_cast<std::size_t>(blockIdx.x) * ((g.n + 31) / 32)
                               : (Hops || space.cost_bitmap_shared ? shared_bits : nullptr);
  unsigned long long scanned = 0;
  for (;;) {
    if (threadIdx.x == 0) current = atomicAdd(next_source, 1u);
    __syncthreads();
    const unsigned index = current;
    __syncthreads();
    if (index >= static_cast<unsigned>(count)) break;
    if constexpr (Hops) hop_search<Lanes>(g, b, sources[index], counters, settled, scanned);
    else cost_search<Lanes, Windowed>(g, b, sources[index], counters, settled, scanned);
  }
  for (int offset = 16; offset > 0; offset /= 2) scanned += __shfl_down_sync(0xffffffffu, scanned, offset);
  if ((threadIdx.x & 31u) == 0 && scanned) atomicAdd(arcs_scanned, scanned);
}

__global__ void reduce_partial_sums(PartialSums sums, int blocks, std::int32_t n) {
  const std::size_t per = static_cast<std::size_t>(n);
  for (std::int32_t v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x) {
    double dependency = 0, distance = 0, inverse = 0;
    std::int32_t reached = 0;
    for (int block = 1; block < blocks; ++block) {
      const std::size_t at = static_cast<std::size_t>(block) * per + v;
      if (sums.dependency) dependency += sums.dependency[at];
      if (sums.distance_sum) {
        distance += sums.distance_sum[at];
        inverse += sums.inverse_distance_sum[at];
        reached += sums.reached_by[at];
      }
    }
    if (sums.dependency) sums.dependency[v] += dependency;
    if (sums.distance_sum) {
      sums.distance_sum[v] += distance;
      sums.inverse_distance_sum[v] += inverse;
      sums.reached_by[v] += reached;
    }
  }
}

// Dynamic shared memory a block may take without asking the device for more.
constexpr std::size_t kMaxSharedBitmapBytes = 48 * 1024;

using SearchKernel = void (*)(DeviceGraph, SearchSpace, PartialSums, const std::int32_t*, std::int32_t, unsigned*,
                              unsigned long long*);

template <int Lanes>
SearchKernel kernel_with_lanes(const SearchLaunch& launch) {
  if (launch.hops) return source_searches<true, Lanes, false>;
  return launch.windowed ? source_searches<false, Lanes, true> : source_searches<false, Lanes, false>;
}

SearchKernel kernel_for(const SearchLaunch& launch) {
  switch (launch.lanes) {
    case ArcLanes::Four: return kernel_with_lanes<4>(launch);
    case ArcLanes::Eight: return kernel_with_lanes<8>(launch);
    case ArcLanes::Sixteen: break;
  }
  return kernel_with_lanes<16>(launch);
}

// A hop search always keeps its bitmap in shared memory when it fits; a cost search when the
// launch asks for it too.
std::size_t shared_bytes_of(const SearchLaunch& launch, std::int32_t n) {
  return launch.hops || launch.settled_bitmap ? settled_bitmap_shared_bytes(n) : 0;
}

}  // namespace

std::size_t settled_bitmap_shared_bytes(std::int32_t n) {
  const std::size_t bytes = (static_cast<std::size_t>(n) + 31) / 32 * 4;
  return bytes <= kMaxSharedBitmapBytes ? bytes : 0;
}

int resident_blocks_per_multiprocessor(const SearchLaunch& launch, std::int32_t n) {
  int blocks = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel_for(launch), launch.threads,
                                                           shared_bytes_of(launch, n)));
  return blocks;
}

void launch_source_searches(const SearchLaunch& launch, int blocks, const DeviceGraph& graph, const SearchSpace& space,
                            const PartialSums& sums, const std::int32_t* sources, std::int32_t count,
                            unsigned* next_source, unsigned long long* arcs_scanned, cudaStream_t stream) {
  const std::size_t shared = space.settled_bits ? 0 : shared_bytes_of(launch, graph.n);
  SearchSpace with_bitmap = space;
  with_bitmap.cost_bitmap_shared = !launch.hops && shared > 0;
  kernel_for(launch)<<<blocks, launch.threads, shared, stream>>>(graph, with_bitmap, sums, sources, count,
                                                                 next_source, arcs_scanned);
  CUDA_CHECK_LAUNCH();
}

void launch_reduce_partial_sums(const PartialSums& sums, int blocks, std::int32_t n, int multiprocessors,
                                cudaStream_t stream) {
  if (blocks <= 1 || n == 0) return;
  constexpr int kThreads = 256;
  const int grid = static_cast<int>(std::min<std::int64_t>((n + kThreads - 1) / kThreads, multiprocessors * 8ll));
  reduce_partial_sums<<<grid, kThreads, 0, stream>>>(sums, blocks, n);
  CUDA_CHECK_LAUNCH();
}

}  // namespace pathscope::gpu::centrality
