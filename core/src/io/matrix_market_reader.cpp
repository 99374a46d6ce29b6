// Matrix Market coordinate files: "%%MatrixMarket matrix coordinate real|integer|pattern
// general|symmetric", '%' comments, "rows cols entries", then 1-based "i j [value]" lines.
#include <algorithm>
#include <limits>

#include "io/declared_size.hpp"
#include "io/line_reader.hpp"
#include "io/readers.hpp"
#include "io/strength_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

LoadedGraph read_matrix_market(std::istream& in, const std::string& source, const LoadOptions& options) {
  LoadedGraph out;
  out.report.source = source;
  out.report.format = "mtx";
  LineReader reader(in, source);
  std::vector<std::string_view> words;
  if (!reader.next()) reader.fail_at(0, "empty file: no %%MatrixMarket banner");
  split_words(reader.line(), words);
  if (words.size() != 5 || !iequals(words[0], "%%MatrixMarket") || !iequals(words[1], "matrix")) {
    reader.fail("expected the banner '%%MatrixMarket matrix coordinate FIELD SYMMETRY'");
  }
  if (!iequals(words[2], "coordinate")) {
    reader.fail("only the 'coordinate' layout is supported, not " + quoted(words[2]));
  }
  const bool pattern = iequals(words[3], "pattern");
  if (!pattern && !iequals(words[3], "real") && !iequals(words[3], "integer")) {
    reader.fail("field must be real, integer or pattern, not " + quoted(words[3]));
  }
  const bool symmetric = iequals(words[4], "symmetric");
  if (!symmetric && !iequals(words[4], "general")) {
    reader.fail("symmetry must be general or symmetric, not " + quoted(words[4]));
  }

  std::int64_t n = -1, entries = -1, size_line = 0, read = 0;
  GraphBuilder builder;
  StrengthArcs strengths(options, builder);
  while (reader.next()) {
    const auto text = trim(reader.line());
    if (text.empty() || text.front() == '%') continue;
    split_words(text, words);
    if (n < 0) {
      if (words.size() != 3) reader.fail("expected the size line 'ROWS COLS ENTRIES'");
      const std::int64_t rows = parse_int64(words[0], reader, "row count");
      const std::int64_t cols = parse_int64(words[1], reader, "column count");
      entries = parse_int64(words[2], reader, "entry count");
      if (rows < 0 || cols < 0 || entries < 0) reader.fail("negative count in the size line");
      if (rows != cols) {
        reader.fail("matrix is " + std::to_string(rows) + " x " + std::to_string(cols) +
                    "; an adjacency matrix must be square");
      }
      if (rows > options.max_nodes || rows > std::numeric_limits<std::int32_t>::max()) {
        reader.fail("size line declares " + std::to_string(rows) + " nodes, more than the limit of " +
                    std::to_string(std::min<std::int64_t>(options.max_nodes, std::numeric_limits<std::int32_t>::max())));
      }
      if (entries > options.max_arcs / (symmetric ? 2 : 1)) {
        reader.fail("size line declares " + std::to_string(entries) + " entries, more than the limit of " +
                    std::to_string(options.max_arcs) + " arcs");
      }
      n = rows;
      size_line = reader.line_number();
      refuse_nodes_beyond_file(n, reader, "the size line");
      builder.set_node_count(static_cast<std::int32_t>(n));
      continue;
    }
    const std::size_t expected = pattern ? 2 : 3;
    if (words.size() != expected) {
      reader.fail(words.size() < expected ? "truncated entry: expected " + std::string(pattern ? "'I J'" : "'I J VALUE'")
                                          : "extra fields after the entry");
    }
    if (read == entries) {
      reader.fail("more entries than the " + std::to_string(entries) + " declared at line " + std::to_string(size_line));
    }
    std::int32_t ends[2];
    for (int e = 0; e < 2; ++e) {
      const std::int64_t index = parse_int64(words[e], reader, e == 0 ? "row index" : "column index");
      if (index < 1 || index > n) {
        reader.fail(std::string(e == 0 ? "row" : "column") + " index " + std::to_string(index) + " is out of range 1.." +
                    std::to_string(n));
      }
      ends[e] = static_cast<std::int32_t>(index - 1);
    }
    const double w = pattern ? 1.0 : parse_finite(words[2], reader, "for the entry value");
    if (symmetric) {
      if (ends[0] < ends[1]) reader.fail("symmetric files list the lower triangle only (row >= column)");
      if (ends[0] == ends[1]) {
        strengths.add(ends[0], ends[0], w, false, reader.line_number());  // a diagonal entry: one self-loop, dropped and counted
      } else {
        strengths.add(ends[0], ends[1], w, true, reader.line_number());
      }
    } else {
      strengths.add(ends[0], ends[1], w, false, reader.line_number());
    }
    ++read;
  }
  if (n < 0) reader.fail_at(reader.line_number(), "no size line 'ROWS COLS ENTRIES'");
  if (read != entries) {
    reader.fail_at(size_line, "size line declares " + std::to_string(entries) + " entries but the file has " +
                                  std::to_string(read));
  }
  out.report.lines_read = reader.line_number();
  out.report.records_read = read;
  out.report.undirected_input = symmetric;
  strengths.finish(source, out.report);
  out.graph = builder.build(!symmetric, out.report);
  out.graph.ids.resize(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) out.graph.ids[i] = i + 1;
  if (pattern) out.report.notes.push_back("pattern matrix: every entry is an arc of cost 1");
  mark_weight_kinds(out.graph);
  return out;
}

}  // namespace pathscope::io
