// Recognising a format from the first lines of a file whose extension does not tell.
#include <optional>

#include "io/line_reader.hpp"
#include "io/readers.hpp"
#include "io/table_rows.hpp"
#include "io/text_fields.hpp"

namespace pathscope::io {

namespace {

std::optional<std::string> first_text_line(std::istream& in) {
  LineReader reader(in, "");
  while (reader.next()) {
    const auto text = trim(reader.line());
    if (!text.empty()) return std::string(text);
  }
  return std::nullopt;
}

bool is_text(std::string_view line) {
  for (const char c : line) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\t' && c != '\r') || byte == 0x7f) return false;
  }
  return true;
}

}  // namespace

bool looks_like_dimacs(std::istream& in) {
  const auto line = first_text_line(in);
  if (!line) return false;
  WordCursor cursor(*line);
  std::string_view first, second;
  cursor.next(first);
  cursor.next(second);
  return first == "c" || (first == "p" && second == "sp");
}

bool looks_like_node_link_json(std::istream& in) {
  const auto line = first_text_line(in);
  return line && line->front() == '{';
}

bool looks_like_tsplib(std::istream& in) {
  const auto line = first_text_line(in);
  if (!line) return false;
  const auto colon = line->find(':');
  if (colon == std::string::npos) return false;
  const std::string key = to_upper(trim(std::string_view(*line).substr(0, colon)));
  return key == "NAME" || key == "TYPE" || key == "COMMENT" || key == "DIMENSION";
}

bool looks_like_matrix_market(std::istream& in) {
  const auto line = first_text_line(in);
  return line && line->starts_with("%%MatrixMarket");
}

bool looks_like_edge_table(std::istream& in) {
  // Enough rows to catch binary content, few enough to stay cheap on a large table.
  constexpr int kRowsLooked = 16;
  // An LGL file's "# NAME" lines read as comments here, and the rest as another graph.
  if (looks_like_lgl(in)) return false;
  in.clear();
  in.seekg(0);
  LineReader reader(in, "");
  int rows = 0;
  while (rows < kRowsLooked && reader.next()) {
    if (is_table_comment(reader.line())) continue;
    if (!is_text(reader.line())) return false;
    if (rows++ == 0 && detect_delimiter(reader.line()) == ' ') {
      WordCursor cursor(reader.line());
      std::string_view word;
      if (!cursor.next(word) || !cursor.next(word)) return false;
    }
  }
  return rows > 0;
}

}  // namespace pathscope::io
