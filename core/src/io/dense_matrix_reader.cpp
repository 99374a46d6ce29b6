// Dense connection matrices as in the original connectome write-up: one row per line, N
// numbers per row, N rows; 1 means connected, a large number (or "inf") means no arc, and so
// does 0 off the diagonal unless LoadOptions::dense_zero_is_arc says it is a free arc.
#include <cmath>
#include <limits>

#include "io/content_sample.hpp"
#include "io/line_reader.hpp"
#include "io/readers.hpp"
#include "io/strength_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

bool is_matrix_comment(std::string_view line) {
  const auto text = trim(line);
  return text.empty() || text.front() == '#' || text.front() == '%';
}

std::int64_t count_words(std::string_view line) {
  WordCursor cursor(line);
  std::string_view word;
  std::int64_t count = 0;
  while (cursor.next(word)) ++count;
  return count;
}

// Two or three rows of two or three numbers read as well as an edge list ("1 2 5" per line:
// source, target, weight). A matrix of that size is taken only when its diagonal holds no
// costs (0 or no-arc, as numpy and networkx write adjacency and distance matrices); an edge
// list's "diagonal" is a source, a target and a weight, which are rarely all 0.
constexpr std::int64_t kEdgeListMostColumns = 3;

bool is_empty_diagonal_entry(double value) { return value == 0 || value >= LoadOptions{}.dense_no_arc; }

}  // namespace

bool looks_like_dense_matrix(std::istream& in) {
  LineReader reader(in, "");
  std::int64_t width = -1, rows = 0;
  bool empty_diagonal = true;
  std::string_view word;
  while (reader.next()) {
    if (is_matrix_comment(reader.line())) continue;
    WordCursor cursor(reader.line());
    std::int64_t count = 0;
    while (cursor.next(word)) {
      const auto value = to_double(word);
      if (!value) return false;
      if (count == rows && !is_empty_diagonal_entry(*value)) empty_diagonal = false;
      ++count;
    }
    if (width < 0) width = count;
    if (count != width) return false;
    if (++rows > width) return false;
  }
  if (width <= kEdgeListMostColumns && !empty_diagonal) return false;
  // Part of a larger file: square so far, the rest left to the reader.
  return width > 0 && (rows == width || !is_whole_input(in));
}

LoadedGraph read_dense_matrix(std::istream& in, const std::string& source, const LoadOptions& options) {
  LoadedGraph out;
  out.report.source = source;
  out.report.format = "dense";
  LineReader reader(in, source);
  GraphBuilder builder;
  StrengthArcs strengths(options, builder);
  std::int64_t n = -1, row = 0, first_line = 0, no_arc = 0;
  std::string_view word;
  while (reader.next()) {
    if (is_matrix_comment(reader.line())) continue;
    if (n < 0) {
      n = count_words(reader.line());
      first_line = reader.line_number();
      if (n > options.max_nodes || n > std::numeric_limits<std::int32_t>::max()) {
        reader.fail("a row of " + std::to_string(n) + " entries means more nodes than the limit of " +
                    std::to_string(std::min<std::int64_t>(options.max_nodes, std::numeric_limits<std::int32_t>::max())));
      }
      builder.set_node_count(static_cast<std::int32_t>(n));
    }
    if (row == n) {
      reader.fail("more rows than the " + std::to_string(n) + " entries of the first row (line " +
                  std::to_string(first_line) + ")");
    }
    WordCursor cursor(reader.line());
    std::int64_t column = 0;
    while (cursor.next(word)) {
      if (column == n) reader.fail("row has more than the " + std::to_string(n) + " entries of the first row");
      const auto value = to_double(word);
      if (!value) reader.fail("expected a number or 'inf' in column " + std::to_string(column + 1) + ", found " + quoted(word));
      if (column != row) {
        if (*value >= options.dense_no_arc || (*value == 0 && !options.dense_zero_is_arc)) {
          ++no_arc;
        } else if (!std::isfinite(*value)) {
          reader.fail("entry " + quoted(word) + " in column " + std::to_string(column + 1) + " is not a finite cost");
        } else {
          if (builder.pending_arcs() >= options.max_arcs) {
            reader.fail("more than the limit of " + std::to_string(options.max_arcs) + " arcs");
          }
          strengths.add(static_cast<std::int32_t>(row), static_cast<std::int32_t>(column), *value, false,
                        reader.line_number());
        }
      }
      ++column;
    }
    if (column < n) {
      reader.fail("truncated row: " + std::to_string(column) + " entries, expected " + std::to_string(n));
    }
    ++row;
  }
  if (n < 0) reader.fail_at(reader.line_number(), "no rows: the matrix is empty");
  if (row != n) {
    reader.fail_at(reader.line_number(), "the matrix has " + std::to_string(row) + " rows but " + std::to_string(n) +
                                             " columns; it must be square");
  }
  out.report.lines_read = reader.line_number();
  out.report.records_read = row;
  out.report.notes.push_back("dense matrix: entries of at least " + format_number(options.dense_no_arc) + " (or inf)" +
                             (options.dense_zero_is_arc ? "" : " and 0") + " mean no arc" +
                             (options.dense_zero_is_arc ? "; 0 is an arc of cost 0 (--zero-is-arc)" : "") +
                             "; the diagonal is ignored" +
                             (n <= kEdgeListMostColumns
                                  ? "; a file this small is a matrix only when its diagonal is 0 or no-arc, else "
                                    "an edge list (--input-format edge-table or dense chooses)"
                                  : ""));
  strengths.finish(source, out.report);
  out.graph = builder.build(true, out.report);
  mark_weight_kinds(out.graph);
  return out;
}

}  // namespace pathscope::io
