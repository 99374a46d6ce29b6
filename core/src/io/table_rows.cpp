#include "io/table_rows.hpp"

#include "io/line_reader.hpp"
#include "io/text_fields.hpp"

namespace pathscope::io {

char detect_delimiter(std::string_view first_line) {
  if (first_line.find('\t') != std::string_view::npos) return '\t';
  if (first_line.find(',') != std::string_view::npos) return ',';
  return ' ';
}

void skip_to_first_row(LineReader& reader, const char* what) {
  while (reader.next())
    if (!is_table_comment(reader.line())) return;
  reader.fail_at(reader.line_number(), std::string("no rows: the ") + what + " is empty");
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
