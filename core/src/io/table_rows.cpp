#include "io/table_rows.hpp"

#include <algorithm>

#include "io/line_reader.hpp"
#include "io/text_fields.hpp"

namespace pathscope::io {

char detect_delimiter(std::string_view first_line) {
  if (first_line.find('\t') != std::string_view::npos) return '\t';
  const auto count = [&](char c) { return std::count(first_line.begin(), first_line.end(), c); };
  const auto semicolons = count(';'), commas = count(',');
  if (semicolons > 0 && semicolons >= commas) return ';';
  if (commas > 0) return ',';
  return ' ';
}

std::int64_t skip_to_first_row(LineReader& reader, const char* what) {
  std::int64_t comments = 0;
  while (reader.next()) {
    if (!is_table_comment(reader.line())) return comments;
    if (!is_blank(reader.line())) ++comments;
  }
  if (comments > 0) {
    reader.fail_at(reader.line_number(), std::string("no rows: every line of the ") + what +
                                             " is blank or starts with '#', which only marks comments before the "
                                             "first row; give the table a header row (e.g. source,target,weight) "
                                             "so that rows starting with '#' are read");
  }
  reader.fail_at(reader.line_number(), std::string("no rows: the ") + what + " is empty");
}

std::string leading_comments_note(std::int64_t comment_lines) {
  if (comment_lines == 0) return "";
  return std::to_string(comment_lines) + " comment line" + (comment_lines == 1 ? "" : "s") +
         " (starting with '#') before the first row skipped; later lines starting with '#' are rows";
}

void split_row(const LineReader& reader, char delimiter, std::vector<std::string>& fields) {
  if (delimiter == ' ') {
    fields.clear();
    WordCursor cursor(reader.line());
    std::string_view word;
    while (cursor.next(word)) fields.emplace_back(word);
    return;
  }
  if (!split_delimited(reader.line(), delimiter, fields)) {
    reader.fail("a quoted field is not closed on this line");
  }
}

int find_column(const std::vector<std::string>& header, std::string_view name) {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (iequals(trim(header[i]), trim(name))) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace pathscope::io
