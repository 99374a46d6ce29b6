#pragma once
// How one table field is read: a number, a missing value, or neither.
#include <optional>
#include <string_view>

namespace pathscope {

// Empty, NA, NaN, N/A (any case): a value that was not measured.
bool is_missing_token(std::string_view token);
// A finite decimal number, or nothing ("inf" and "12abc" are not numbers here).
std::optional<double> parse_table_number(std::string_view token);
// "inf", "-Infinity", "1e999": a number, but not one a coefficient can use.
bool is_infinite_token(std::string_view token);
// The graph tables' rule (io::detect_delimiter): a tab, else ';' when at least as many as ',',
// else ','; ' ' for runs of blanks.
char detect_table_delimiter(std::string_view first_line);

}  // namespace pathscope
