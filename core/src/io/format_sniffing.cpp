// Guessing the format of a file whose extension does not tell, from its first line.
#include "io/line_reader.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"

namespace pathscope::io {

std::string sniff_format(std::istream& in) {
  LineReader reader(in, "");
  while (reader.next()) {
    const auto text = trim(reader.line());
    if (text.empty()) continue;
    if (text.starts_with("%%MatrixMarket")) return "mtx";
    if (text.front() == '{') return "json";
    WordCursor cursor(text);
    std::string_view first, second;
    cursor.next(first);
    cursor.next(second);
    if (first == "c" || (first == "p" && second == "sp")) return "dimacs";
    const auto colon = text.find(':');
    if (colon != std::string_view::npos) {
      const std::string key = to_upper(trim(text.substr(0, colon)));
      if (key == "NAME" || key == "TYPE" || key == "COMMENT" || key == "DIMENSION") return "tsplib";
    }
    return {};
  }
  return {};
}

}  // namespace pathscope::io
