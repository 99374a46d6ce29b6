#pragma once
// Nodes grouped by the value of an attribute (cell types, super classes, sides), the way
// type-to-type questions name them: a list of values, "all", or the K largest groups.
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/paths/group_path_lengths.hpp"

namespace pathscope {

// The groups of `column`'s values chosen by `selection`: each entry a value ("EPG"), or the
// single entry "all" (every value, by name), or "top:K" (the K most numerous, largest first).
// column "node" makes each chosen node (by name or id) a group of its own. Nodes without a
// value are in no group. Throws Error for a missing column or an unknown value, naming them.
std::vector<NodeGroup> groups_by_attribute(const Graph& g, std::string_view column,
                                           const std::vector<std::string>& selection);

// The node's value in `column` as text, "" when missing or when there is no such column.
std::string attribute_text(const Graph& g, std::string_view column, std::int32_t u);

}  // namespace pathscope
