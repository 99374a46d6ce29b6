#include "io/measurement_table/table_tokens.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

#include "io/table_rows.hpp"
#include "io/text_fields.hpp"

namespace pathscope {

bool is_missing_token(std::string_view token) {
  token = io::trim(token);
  return token.empty() || io::iequals(token, "NA") || io::iequals(token, "NaN") || io::iequals(token, "N/A");
}

std::optional<double> parse_table_number(std::string_view token) {
  const auto value = io::to_double(io::trim(token));
  if (!value || !std::isfinite(*value)) return std::nullopt;
  return value;
}

bool is_infinite_token(std::string_view token) {
  // strtod, since from_chars refuses "1e999" as out of range instead of giving infinity.
  const std::string text(io::trim(token));
  if (text.empty()) return false;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isinf(value);
}

char detect_table_delimiter(std::string_view first_line) { return io::detect_delimiter(first_line); }

}  // namespace pathscope
