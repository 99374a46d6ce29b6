#pragma once
// One shortest path answered from a saved all-pairs table (SavedTable) with nothing recomputed:
// the path is rebuilt by walking arcs u -> v with cost(u,v) + D[v][t] = D[u][t] (for a hop16
// table every arc is one step), reading only the cells of column t at the neighbours visited.
#include <cstdint>

#include "pathscope/apsp/saved_table.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/paths/path.hpp"

namespace pathscope {

// The path s -> t by the table's distances (unreachable when D[s][t] says so). The table must
// have one row per node of g (SavedTable::check_matches). The path's distance is the sum of
// its arcs' costs; for a hop16 table it is a path of fewest hops, whatever the costs. Throws
// Error naming the table when no path of arcs follows its distances: a table computed for
// other costs or another graph of the same size (such a table is found out only when its
// distances cannot be walked).
Path path_from_saved_table(const Graph& g, const SavedTable& table, std::int32_t s, std::int32_t t);

}  // namespace pathscope
