#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "io/table/random_table_source.hpp"
#include "pathscope/error.hpp"
#include "pathscope/table.hpp"

namespace pathscope {

std::unique_ptr<RowSource> open_table(const std::string& path_or_spec, const TableOptions& options) {
  if (is_random_table_spec(path_or_spec)) return open_random_table(path_or_spec, options);
  // "-": standard input, streamed as it comes (the table reader never rewinds).
  if (path_or_spec == "-")
    return open_table_stream(std::make_unique<std::istream>(std::cin.rdbuf()), "standard input", options);
  auto in = std::make_unique<std::ifstream>(path_or_spec, std::ios::binary);
  if (!*in) throw Error("cannot open table " + path_or_spec + ": " + std::strerror(errno));
  return open_table_stream(std::move(in), path_or_spec, options);
}

Table read_whole_table(RowSource& source) {
  Table table;
  table.layout = source.layout();
  for (TableChunk chunk; source.next(chunk);) {
    table.values.insert(table.values.end(), chunk.values.begin(), chunk.values.end());
    table.row_names.insert(table.row_names.end(), chunk.row_names.begin(), chunk.row_names.end());
    table.rows += chunk.rows();
  }
  return table;
}

}  // namespace pathscope
