#include "pathscope/io/node_pairs.hpp"

#include <fstream>
#include <iostream>

#include "io/line_reader.hpp"
#include "io/table_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

std::vector<NodePair> read_node_pairs(std::istream& in, const std::string& source_name, const Graph& g) {
  std::vector<NodePair> pairs;
  std::vector<std::string> fields;
  // The table readers' line rules: a byte-order mark dropped, "\r\n" ends, '#' comments only
  // before the first pair (a node may be called "#1").
  io::LineReader reader(in, source_name);
  bool first = true;
  while (reader.next()) {
    if (first ? io::is_table_comment(reader.line()) : io::is_blank(reader.line())) continue;
    first = false;
    io::split_row(reader, io::detect_delimiter(reader.line()), fields);
    if (fields.size() != 2)
      reader.fail("expected two nodes (source and target), found " + std::to_string(fields.size()) + " fields");
    NodePair pair{-1, -1, reader.line_number()};
    for (int k = 0; k < 2; ++k) {
      const auto node = g.find_node(fields[k]);
      if (!node) reader.fail("node " + io::quoted(fields[k]) + " is not in the graph");
      (k == 0 ? pair.source : pair.target) = *node;
    }
    pairs.push_back(pair);
  }
  return pairs;
}

std::vector<NodePair> read_node_pairs_file(const std::string& file, const Graph& g) {
  if (file == "-") return read_node_pairs(std::cin, "standard input", g);
  std::ifstream in(file);
  if (!in) throw Error("cannot open " + file);
  note_input(file);
  return read_node_pairs(in, file, g);
}

}  // namespace pathscope
