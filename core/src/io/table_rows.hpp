#pragma once
// Cutting table lines into fields the same way for edge tables, connection tables and node
// tables: comma, tab or whitespace separated, detected from the first line.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope::io {

class LineReader;

// '\t', ';' or ',' for delimited tables, ' ' for runs of whitespace. A tab decides first; then
// semicolons when the line has at least as many of them as commas, as spreadsheets in
// comma-decimal locales write tables ("a;b;2,5").
char detect_delimiter(std::string_view first_line);

// Splits the reader's current line; a quote left open is a ParseError at that line.
void split_row(const LineReader& reader, char delimiter, std::vector<std::string>& fields);

// Moves the reader to the first line that is not blank or a '#' comment and returns how many
// comment lines it passed; a table without such a line is a ParseError. Only this leading block
// holds comments: after it a line that starts with '#' is a row like any other (a hashtag, a
// node named "#1"), so no row is ever dropped for its first character.
std::int64_t skip_to_first_row(LineReader& reader, const char* what);

// The load report's note for the comment lines skip_to_first_row passed, or "" for none.
std::string leading_comments_note(std::int64_t comment_lines);

// Finds a header field by name, ignoring case and surrounding blanks; -1 when absent.
int find_column(const std::vector<std::string>& header, std::string_view name);

}  // namespace pathscope::io
