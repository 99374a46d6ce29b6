#pragma once
// Small strict helpers for cutting lines into fields and reading numbers from them.
// Numbers go through std::from_chars: no locale, no silent partial parses ("12abc" is an error).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope::io {

class LineReader;

std::string_view trim(std::string_view text);
std::string to_upper(std::string_view text);
bool iequals(std::string_view a, std::string_view b);
bool is_blank(std::string_view text);

// Lines a table reader skips: blank lines and '#' comments.
bool is_table_comment(std::string_view line);

// A token for an error message: quoted, shortened, bytes outside printable ASCII (and the
// backslash) shown as \xNN.
std::string quoted(std::string_view token);

// Positions are stored as float; values beyond float's range become +-infinity instead of
// the undefined behaviour of a plain cast.
float to_float_saturated(double value);

// A number as a person writes it: "3", "0.25", "1e+20".
std::string format_number(double value);

// Whitespace-separated words, read one at a time without allocating.
class WordCursor {
 public:
  explicit WordCursor(std::string_view text) : rest_(text) {}
  bool next(std::string_view& word);
  bool at_end();  // true when only whitespace is left

 private:
  std::string_view rest_;
};

// Splits on runs of blanks and tabs into views of `text`.
void split_words(std::string_view text, std::vector<std::string_view>& words);

// Splits one CSV/TSV line; fields may be "quoted" with "" for a quote inside. Returns false
// when a quote is not closed on the line. Fields are trimmed outside the quotes.
bool split_delimited(std::string_view line, char delimiter, std::vector<std::string>& fields);

std::optional<std::int64_t> to_int64(std::string_view token);
// Finite or infinite decimal numbers; never NaN.
std::optional<double> to_double(std::string_view token);

// The same, throwing ParseError at the reader's line with `what` naming the field.
std::int64_t parse_int64(std::string_view token, const LineReader& reader, std::string_view what);
double parse_finite(std::string_view token, const LineReader& reader, std::string_view what);

}  // namespace pathscope::io
