#include "pathscope/node_pairs.hpp"

#include <fstream>
#include <iostream>

#include "io/text_fields.hpp"
#include "pathscope/atomic_file.hpp"
#include "pathscope/error.hpp"

namespace pathscope {

std::vector<NodePair> read_node_pairs(std::istream& in, const std::string& source_name, const Graph& g) {
  std::vector<NodePair> pairs;
  std::string line;
  std::vector<std::string> fields;
  std::vector<std::string_view> words;
  for (std::int64_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (io::is_table_comment(line)) continue;
    // Tabs or commas when present (names may hold spaces), else blanks.
    const char delimiter = line.find('\t') != std::string::npos ? '\t' : line.find(',') != std::string::npos ? ',' : ' ';
    fields.clear();
    if (delimiter == ' ') {
      io::split_words(line, words);
      for (const auto w : words) fields.emplace_back(w);
    } else if (!io::split_delimited(line, delimiter, fields)) {
      throw ParseError(source_name, number, "a quote is not closed on this line");
    }
    if (fields.size() != 2)
      throw ParseError(source_name, number,
                       "expected two nodes (source and target), found " + std::to_string(fields.size()) + " fields");
    NodePair pair{-1, -1, number};
    for (int k = 0; k < 2; ++k) {
      const auto node = g.find_node(fields[k]);
      if (!node) throw ParseError(source_name, number, "node " + io::quoted(fields[k]) + " is not in the graph");
      (k == 0 ? pair.source : pair.target) = *node;
    }
    pairs.push_back(pair);
  }
  if (in.bad()) throw Error("cannot read " + source_name);
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
