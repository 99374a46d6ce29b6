// Recognising a format from the first lines of a file whose extension does not tell.
#include <algorithm>
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

bool looks_like_graphviz_dot(std::istream& in) {
  LineReader reader(in, "");
  std::string head;
  // DOT allows C, C++ and '#' preprocessor comment lines before the graph.
  while (reader.next() && head.size() < 4096) {
    const auto text = trim(reader.line());
    if (text.empty() || text.starts_with("//") || text.starts_with("/*") || text.starts_with("*") ||
        text.starts_with("#"))
      continue;
    head += std::string(text) + " ";
    if (head.find('{') != std::string::npos) break;
  }
  // [strict] (graph | digraph) [ID] '{'
  std::string_view rest = head;
  const auto skip_blanks = [&] { rest = rest.substr(std::min(rest.size(), rest.find_first_not_of(" \t"))); };
  const auto take_keyword = [&](std::string_view keyword) {
    skip_blanks();
    if (rest.size() < keyword.size() || !iequals(rest.substr(0, keyword.size()), keyword)) return false;
    const std::string_view after = rest.substr(keyword.size());
    if (!after.empty() && after.front() != ' ' && after.front() != '\t' && after.front() != '{') return false;
    rest = after;
    return true;
  };
  take_keyword("strict");
  if (!take_keyword("digraph") && !take_keyword("graph")) return false;
  skip_blanks();
  if (!rest.empty() && rest.front() == '"') {
    const auto close = rest.find('"', 1);
    if (close == std::string_view::npos) return false;
    rest.remove_prefix(close + 1);
  } else {
    rest.remove_prefix(std::min(rest.size(), rest.find_first_of(" \t{")));
  }
  skip_blanks();
  return !rest.empty() && rest.front() == '{';
}

bool looks_like_edge_table(std::istream& in) {
  // Enough rows to catch binary content, few enough to stay cheap on a large table.
  constexpr int kRowsLooked = 16;
  // An LGL file's "# NAME" lines read as comments here, and the rest as another graph.
  if (looks_like_lgl(in)) return false;
  in.clear();
  in.seekg(0);
  if (looks_like_graphviz_dot(in)) return false;
  in.clear();
  in.seekg(0);
  LineReader reader(in, "");
  int rows = 0;
  while (rows < kRowsLooked && reader.next()) {
    if (rows == 0 ? is_table_comment(reader.line()) : is_blank(reader.line())) continue;
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
