#pragma once
// Type-to-type path lengths, the question FlyWire Codex's path-length tool answers: for each
// source group (a cell type) and target group, the shortest and the median distance over all
// pairs of their members, and "no path" where no member of one reaches any of the other. The
// answer comes from a saved all-pairs table (memory-mapped, rows read in parallel) or, without
// one, from one breadth-first search per source node (hops).
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/apsp/saved_table.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

struct NodeGroup {
  std::string name;                  // "EPG", or "node 12" for a group of one
  std::vector<std::int32_t> nodes;   // node indices
};

struct GroupPairLengths {
  std::int64_t pairs = 0;       // source member, target member, the two different
  std::int64_t reachable = 0;   // of those, the pairs with a path
  double min = 0, median = 0;   // over reachable pairs; +inf when none ("no path")
  bool has_path() const { return reachable > 0; }
};

struct GroupPathLengths {
  std::vector<std::string> sources, targets;  // group names, rows and columns
  std::vector<GroupPairLengths> cells;        // row-major: sources.size() x targets.size()
  std::string unit;                           // "hops" or "cost" (a weighted table)
  std::string method;                         // how it was computed, for the person
  Timing timing;
  const GroupPairLengths& at(std::size_t source, std::size_t target) const {
    return cells[source * targets.size() + target];
  }
};

// From a saved table (check_matches first). The median of an even count is the mean of the
// two middle values. Needs memory for the distances of one row group when the table holds
// weighted distances (int32, int64, float); hop tables need only small histograms.
GroupPathLengths group_path_lengths(const SavedTable& table, const std::vector<NodeGroup>& sources,
                                    const std::vector<NodeGroup>& targets, const EngineResources& resources,
                                    const JobContext& job = {});

// Without a table: hop counts by one breadth-first search per source node, sources spread
// over the threads.
GroupPathLengths group_path_lengths(const Graph& g, const std::vector<NodeGroup>& sources,
                                    const std::vector<NodeGroup>& targets, const EngineResources& resources,
                                    const JobContext& job = {});

}  // namespace pathscope
