#pragma once
// A file of node pairs for batch queries (`path --pairs`): one pair a line, "A B", "A,B" or
// "A<TAB>B" (ids or names as Graph::find_node takes them); blank lines and lines starting
// with '#' are skipped.
#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

struct NodePair {
  std::int32_t source, target;
  std::int64_t line;  // 1-based, for messages and output rows
};

// Throws ParseError ("FILE:LINE: ...") for a line without two fields or a node the graph lacks.
std::vector<NodePair> read_node_pairs(std::istream& in, const std::string& source_name, const Graph& g);
// "-" reads standard input.
std::vector<NodePair> read_node_pairs_file(const std::string& file, const Graph& g);

}  // namespace pathscope
