#pragma once
// Distances from a few sources without an all-pairs table: one source to every node (with the
// shortest-path tree's predecessors), a sources x targets table, or a list of node pairs. One
// search per source (breadth-first, Dijkstra or Bellman-Ford, as single_source_distances picks),
// sources spread over the threads; a search stops once every target it was asked for is
// settled. Results go straight into the caller's memory (a front end's array).
#include <cstdint>
#include <span>

#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

// No predecessor: the source itself and nodes it does not reach.
inline constexpr std::int32_t kNoPredecessor = -1;

// Distances from s into dist[0, n) (+inf when unreachable) and, when predecessors is not null,
// the node before each one on a shortest path into predecessors[0, n). Throws NegativeCycle as
// single_source_distances does; Error when s is not a node index.
void single_source_distances_into(const Graph& g, std::int32_t s, double* dist, std::int32_t* predecessors);

// out[i * targets.size() + j] = distance from sources[i] to targets[j] (+inf unreachable). Node
// indices are checked before any search (Error). Progress counts sources; a cancel stops between
// two searches (Cancelled). Throws NegativeCycle when one is reachable from a source.
void distance_table_into(const Graph& g, std::span<const std::int32_t> sources,
                         std::span<const std::int32_t> targets, double* out, const EngineResources& resources,
                         const JobContext& job);

// out[k] = distance from sources[k] to targets[k]: pairs of one source share one search.
void pair_distances_into(const Graph& g, std::span<const std::int32_t> sources,
                         std::span<const std::int32_t> targets, double* out, const EngineResources& resources,
                         const JobContext& job);

}  // namespace pathscope
