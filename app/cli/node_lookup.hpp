#pragma once
// Nodes as the connectome commands (table, paths, path-lengths) take and show them: found by
// name or id, shown with id, name and cell type.
#include <nlohmann/json.hpp>
#include <string>

#include "pathscope/graph/graph.hpp"

namespace pathscope::cli {

// The node called `key` (name, then id); throws Error naming `source` when there is none.
std::int32_t resolve_node(const Graph& g, const std::string& key, const std::string& source);

// The attribute that names a node's type, when the graph has one ("cell_type", else "type",
// "primary_type"), or "".
std::string type_column(const Graph& g);

// {"index", "id", "name"?, "<type column>"?}
nlohmann::json node_json(const Graph& g, std::int32_t u);

// A list option: "a,b,c", or "@FILE" with one entry per line.
std::vector<std::string> list_option(const std::string& text);

}  // namespace pathscope::cli
