#pragma once
// Sets of paths between two nodes, as connectome users ask for them: every shortest path
// (neuPrint's shortest-path query, with the total when there are more than one can show), and
// the k shortest simple paths (Yen's algorithm). Paths are lists of arcs, so each hop's cost
// (Graph::weights) and strength (Graph::arc_strengths, a synapse count) can be shown.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

struct ArcPath {
  std::vector<std::int32_t> nodes;  // source ... target (just the source when they are equal)
  std::vector<std::int64_t> arcs;   // nodes.size() - 1 arc indices into Graph::heads/weights
  double cost = 0;                  // sum of the arcs' weights
};

// How many paths there are, counted in 64 bits that saturate: a count at or above 2^64 - 1
// stays at 2^64 - 1 with `saturated` set, and reads "at least 18446744073709551615".
struct PathCount {
  std::uint64_t value = 0;
  bool saturated = false;
  std::string text() const;
};

struct ShortestPathSet {
  bool reachable = false;
  double distance = 0;
  PathCount total;             // every shortest path from source to target
  std::vector<ArcPath> paths;  // the first `cap` of them, in the graph's arc order
};

// Every shortest path from s to t (all of them when cap < 0, else at most cap). Costs must be
// at least 0; throws Error for negative arcs, and for a cycle of zero-cost arcs among the
// shortest paths (it makes their number depend on whether a path may repeat nodes). Throws
// Cancelled when the job is cancelled (checked as the search and the listing go).
ShortestPathSet all_shortest_paths(const Graph& g, std::int32_t s, std::int32_t t, std::int64_t cap = -1,
                                   const JobContext& job = {});

// The k cheapest simple paths from s to t, cheapest first (fewer when fewer exist); among paths
// of equal cost the order is fixed but otherwise unspecified. Costs must be at least 0.
// Reports the share of the k found and throws Cancelled when the job is cancelled.
std::vector<ArcPath> k_shortest_paths(const Graph& g, std::int32_t s, std::int32_t t, int k,
                                      const JobContext& job = {});

}  // namespace pathscope
