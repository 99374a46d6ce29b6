#include "io/text_fields.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include "io/line_reader.hpp"

namespace pathscope::io {

namespace {
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
}  // namespace

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

std::string to_upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 'a' + 'A');
    if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 'a' + 'A');
    if (x != y) return false;
  }
  return true;
}

bool is_blank(std::string_view text) { return trim(text).empty(); }

bool is_table_comment(std::string_view line) {
  const auto text = trim(line);
  return text.empty() || text.front() == '#';
}

std::string quoted(std::string_view token) {
  constexpr std::size_t kShown = 40;
  std::string out = "'";
  // Bytes outside printable ASCII are shown as \xNN: raw binary in a message can garble the
  // terminal or the log that shows it, and the escape tells the person which byte it was.
  constexpr char kHex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < token.size() && i < kShown; ++i) {
    const unsigned char c = static_cast<unsigned char>(token[i]);
    if (c < 0x20 || c >= 0x7f || c == '\\') {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (token.size() > kShown) out += "...";
  return out + "'";
}

float to_float_saturated(double value) {
  constexpr double kMax = std::numeric_limits<float>::max();
  if (value > kMax) return std::numeric_limits<float>::infinity();
  if (value < -kMax) return -std::numeric_limits<float>::infinity();
  return static_cast<float>(value);
}

std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", value);
  return text;
}

bool WordCursor::next(std::string_view& word) {
  std::size_t i = 0;
  while (i < rest_.size() && is_space(rest_[i])) ++i;
  if (i == rest_.size()) {
    rest_ = {};
    return false;
  }
  std::size_t j = i;
  while (j < rest_.size() && !is_space(rest_[j])) ++j;
  word = rest_.substr(i, j - i);
  rest_.remove_prefix(j);
  return true;
}

bool WordCursor::at_end() {
  rest_ = trim(rest_);
  return rest_.empty();
}

void split_words(std::string_view text, std::vector<std::string_view>& words) {
  words.clear();
  WordCursor cursor(text);
  std::string_view word;
  while (cursor.next(word)) words.push_back(word);
}

bool split_delimited(std::string_view line, char delimiter, std::vector<std::string>& fields) {
  fields.clear();
  std::size_t i = 0;
  for (;;) {
    std::string field;
    while (i < line.size() && line[i] != delimiter && is_space(line[i])) ++i;
    if (i < line.size() && line[i] == '"') {
      ++i;
      bool closed = false;
      while (i < line.size()) {
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          closed = true;
          break;
        }
        field += line[i++];
      }
      if (!closed) return false;
      // Anything between the closing quote and the delimiter is kept, as spreadsheets do.
      std::size_t stop = line.find(delimiter, i);
      if (stop == std::string_view::npos) stop = line.size();
      field += trim(line.substr(i, stop - i));
      i = stop;
    } else {
      std::size_t stop = line.find(delimiter, i);
      if (stop == std::string_view::npos) stop = line.size();
      field = std::string(trim(line.substr(i, stop - i)));
      i = stop;
    }
    fields.push_back(std::move(field));
    if (i >= line.size()) break;
    ++i;  // the delimiter
  }
  return true;
}

std::optional<std::int64_t> to_int64(std::string_view token) {
  if (!token.empty() && token.front() == '+') token.remove_prefix(1);
  if (token.empty()) return std::nullopt;
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec != std::errc() || end != token.data() + token.size()) return std::nullopt;
  return value;
}

std::optional<double> to_double(std::string_view token) {
  if (!token.empty() && token.front() == '+') token.remove_prefix(1);
  if (token.empty()) return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec != std::errc() || end != token.data() + token.size() || std::isnan(value)) {
    return std::nullopt;
  }
  return value;
}

std::int64_t parse_int64(std::string_view token, const LineReader& reader, std::string_view what) {
  const auto value = to_int64(token);
  if (!value) reader.fail("expected an integer " + std::string(what) + ", found " + quoted(token));
  return *value;
}

double parse_finite(std::string_view token, const LineReader& reader, std::string_view what) {
  const auto value = to_double(token);
  if (!value || !std::isfinite(*value)) {
    reader.fail("expected a finite number " + std::string(what) + ", found " + quoted(token));
  }
  return *value;
}

}  // namespace pathscope::io
