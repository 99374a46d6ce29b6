#pragma once
// Cutting table lines into fields the same way for edge tables, connection tables and node
// tables: comma, tab or whitespace separated, detected from the first line.
#include <string>
#include <string_view>
#include <vector>

namespace pathscope::io {

class LineReader;

// ',' or '\t' for delimited tables, ' ' for runs of whitespace.
char detect_delimiter(std::string_view first_line);

// Splits the reader's current line; a quote left open is a ParseError at that line.
void split_row(const LineReader& reader, char delimiter, std::vector<std::string>& fields);

// Moves the reader to the first line that is not blank or a comment; a table without one is a
// ParseError "no rows: the <what> is empty".
void skip_to_first_row(LineReader& reader, const char* what);

// Finds a header field by name, ignoring case and surrounding blanks; -1 when absent.
int find_column(const std::vector<std::string>& header, std::string_view name);

}  // namespace pathscope::io
