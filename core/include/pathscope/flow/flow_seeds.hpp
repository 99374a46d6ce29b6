#pragma once
// The seed nodes of an information-flow run, from what a person names: a cell type, a list of
// ids or names, or a file of them. One home for the rule, so the CLI, Python and the explorer
// accept the same things and refuse them with the same words.
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// Every node whose type (type_column: cell_type, type, ...) is `type`, as spelled, or else
// ignoring case; ascending. Throws Error when the graph has no type column or no node of
// that type.
std::vector<std::int32_t> seeds_of_type(const Graph& g, std::string_view type);

// The nodes named by id or name (as NodeIndex finds a node), in the order given, each once.
// Throws Error naming the first key that names no node.
std::vector<std::int32_t> seeds_from_keys(const Graph& g, const std::vector<std::string>& keys);

// One id or name a line; blank lines and lines starting with '#' are skipped, spaces around a
// key dropped. Throws ParseError ("FILE:LINE: ...") for a key that names no node, Error for a
// file without any key. "-" reads standard input.
std::vector<std::int32_t> read_seeds(std::istream& in, const std::string& source_name, const Graph& g);
std::vector<std::int32_t> read_seed_file(const std::string& file, const Graph& g);

}  // namespace pathscope
