#pragma once
// Per-node values (a centrality, an information-flow layer) summed up per group of nodes, by
// default per cell type: how many nodes, how many have a value, mean, median, range and the
// top nodes. One rule for the CLI's --by-type, Python and the explorer's legend.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

struct RankedNode {
  std::int32_t node = 0;
  double value = 0;
};

struct GroupValueSummary {
  std::string group;          // the column's value as text; "" for the nodes without one
  bool missing_value = false;  // the group of nodes that have no value in the column
  std::int64_t nodes = 0;       // members
  std::int64_t with_value = 0;  // members whose value is not NaN (a filtered or unreached node)
  // Over the members with a value; NaN when none has one. The median of an even count is the
  // mean of the middle two (as pandas and numpy take it).
  double mean = 0, median = 0, min = 0, max = 0;
  std::vector<RankedNode> top;  // highest first, ties by lower node index; NaN never listed
};

// The nodes with the highest values, highest first, ties by lower node index, NaN left out:
// the top N of a whole measure.
std::vector<RankedNode> top_nodes(const std::vector<double>& values, std::int32_t count);

// One summary per value of `column` (by value text, ascending), then, when some node has no
// value, one for those (missing_value). An empty `column` means the graph's type column
// (node_index.hpp, type_column). `values` has one entry per node. Throws Error when the column
// does not exist (or, for the default, when the graph has no type column), naming the node
// attributes it has, and when values.size() != g.n.
std::vector<GroupValueSummary> summarize_by_group(const Graph& g, const std::vector<double>& values,
                                                  std::string_view column, std::int32_t top_count);

// The column summarize_by_group groups by: `column`, or the type column's name for "".
// Throws as summarize_by_group does.
std::string grouping_column_name(const Graph& g, std::string_view column);

}  // namespace pathscope
