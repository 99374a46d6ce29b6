#include "io/input_file.hpp"
#include "io/measurement_table/random_table_source.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

std::unique_ptr<RowSource> open_table(const std::string& path_or_spec, const TableOptions& options) {
  if (is_random_table_spec(path_or_spec)) return open_random_table(path_or_spec, options);
  // "-": standard input, streamed as it comes (the table reader never rewinds); compressed
  // input of either kind is decompressed as it is read.
  if (path_or_spec == "-") return open_table_stream(io::open_standard_input(), "standard input", options);
  return open_table_stream(io::open_input_file(path_or_spec), path_or_spec, options);
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
