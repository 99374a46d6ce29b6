#pragma once
// The type-to-type matrix the explorer shows (View › Type-to-Type): the CLI's `path-lengths`
// for one set of groups as both rows and columns, from the session's saved table when one is
// open, else by one breadth-first search per source node (hops), and the representative pair
// behind a cell, so that a click can show a path that has the cell's length.
#include <QString>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "graph_session.hpp"
#include "pathscope/paths/group_path_lengths.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope::qt {

struct TypeMatrixRequest {
  std::string attribute;                 // the node attribute that groups nodes
  std::vector<std::string> values;       // as `path-lengths --from`: values, "all" or "top:K"
};

struct TypeMatrix {
  TypeMatrixRequest request;
  std::vector<NodeGroup> groups;  // rows and columns alike
  GroupPathLengths lengths;
  bool from_table = false;        // the session's saved table answered, else searches
};

// How many of the most numerous values the panel offers before anyone chooses: enough to see
// the main types of a brain, few enough that each cell stays readable.
inline constexpr int kDefaultTypeGroups = 12;

// The attribute the panel groups by at first: the graph's cell types (type_column), else its
// first text attribute; "" when it has none.
std::string default_group_attribute(const Graph& g);

// Runs on a job's thread. Throws Error (a missing attribute or value, named) / Cancelled.
TypeMatrix compute_type_matrix(const GraphSession& session, const TypeMatrixRequest& request, const JobContext& job);

// The pair a click on cell (row, column) shows: the first source member (ascending node
// index) that has a target member at the cell's minimum, with the first such target. Its
// distance, in the matrix's unit, equals the cell's minimum. {-1, -1} for a cell without a
// path. Runs on a job's thread (at most one search or table row per source member).
std::pair<std::int32_t, std::int32_t> representative_pair(const GraphSession& session, const TypeMatrix& matrix,
                                                          std::size_t row, std::size_t column, const JobContext& job);

}  // namespace pathscope::qt
