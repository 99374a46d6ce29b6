#pragma once
// Numeric tables (genes x samples, ...) read as a stream of row chunks, so that a table of
// millions of rows is never held whole: the correlation engines rank each chunk as it comes.
// Sources: TSV/CSV files (delimiter, header and row names detected) and the reproducible
// generator "random-table:rows=R,cols=C,seed=S".
#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

namespace pathscope {

struct TableOptions {
  // Which columns hold the values:
  //   ""                  every column whose first data rows are numbers (or missing); the
  //                       others (descriptions, A/P/M calls) are skipped and reported;
  //   "regex:PATTERN"     header names matching PATTERN (ECMAScript, whole name);
  //   "A,B,3"             header names or 1-based column numbers.
  std::string columns;
  // The column holding row names: a header name or 1-based number. Empty: the first column
  // when it is not numeric, or the extra leading field of R's write.table layout.
  std::string row_names;
  // 0 = detect from the first line (tab, then comma, then semicolon, else runs of blanks).
  char delimiter = 0;
  // "auto": the first line is a header when one of its value fields is not a number.
  std::string header = "auto";  // "auto", "yes", "no"
  std::int64_t chunk_rows = 1 << 16;
  // Refused before allocating: wider tables are not sample tables.
  std::int64_t max_columns = 1 << 20;
};

// What the source found out about the table before the first chunk.
struct TableLayout {
  std::string source;                     // file name or generator spec
  std::vector<std::string> column_names;  // of the value columns, in order
  std::vector<std::string> skipped_columns;  // non-value columns, "name (column 3)"
  bool has_header = false;
  bool has_row_names = false;
  char delimiter = 0;  // ' ' for blank-separated; 0 for generated tables
  std::int32_t columns() const { return static_cast<std::int32_t>(column_names.size()); }
};

// A run of consecutive rows. Missing values (empty, NA, NaN, N/A) are quiet NaNs.
struct TableChunk {
  std::int64_t first_row = 0;       // 0-based index of the chunk's first row in the table
  std::int32_t columns = 0;
  std::vector<double> values;       // rows() x columns, row-major
  std::vector<std::string> row_names;  // one per row, or empty when the table has none
  std::vector<std::int64_t> lines;  // the file line of each row (empty for generated tables)
  std::int64_t rows() const { return columns > 0 ? static_cast<std::int64_t>(values.size()) / columns : 0; }
  const double* row(std::int64_t r) const { return values.data() + r * columns; }
};

// Row names met more than once, by the time the last chunk was read. Counted and reported,
// not refused: published tables repeat names (the Golub data's gene descriptions), and a
// person can still pick a column of unique names with the row-names option.
struct DuplicateRowNames {
  std::int64_t count = 0;          // rows whose name an earlier row already had
  std::string first_name;          // the first such name
  std::int64_t first_line = 0, repeat_line = 0;  // where it stood first and where it came again
};

class RowSource {
 public:
  virtual ~RowSource() = default;
  virtual const TableLayout& layout() const = 0;
  // Fills `chunk` with the next rows (at most chunk_rows); false when the table is done.
  // Throws ParseError naming the file and line of a bad row.
  virtual bool next(TableChunk& chunk) = 0;
  // The row count when known in advance (generated tables), otherwise -1.
  virtual std::int64_t row_count_hint() const { return -1; }
  // Complete once next() has returned false; generated tables have no names.
  virtual const DuplicateRowNames& duplicate_row_names() const {
    static const DuplicateRowNames none;
    return none;
  }
};

// A file path, "-" for standard input, or a "random-table:..." spec.
std::unique_ptr<RowSource> open_table(const std::string& path_or_spec, const TableOptions& options = {});
// The same reader on a stream (tests, data already in memory); messages name source_name.
std::unique_ptr<RowSource> open_table_stream(std::unique_ptr<std::istream> in, const std::string& source_name,
                                             const TableOptions& options = {});

// A whole table in memory, for tables known to be small (tests, the rerank baseline).
struct Table {
  TableLayout layout;
  std::int64_t rows = 0;
  std::vector<double> values;  // rows x layout.columns(), row-major
  std::vector<std::string> row_names;
  const double* row(std::int64_t r) const { return values.data() + r * layout.columns(); }
};
Table read_whole_table(RowSource& source);

// "random-table:rows=R,cols=C,seed=S[,levels=L]": every value an integer drawn uniformly
// from 0..L-1 (L = 10 by default) with SplitMix64, so ties are common and mid-ranks matter.
// Row r draws from its own stream seeded by (seed, r): the same spec gives the same table
// whatever the chunk size or thread count. No row names; columns are named c1..cC.
struct RandomTableSpec {
  std::int64_t rows = 1000;
  std::int32_t cols = 30;
  std::uint64_t seed = 1;
  std::int32_t levels = 10;
};
bool is_random_table_spec(const std::string& text);
RandomTableSpec parse_random_table_spec(const std::string& spec);
// Fills `out` (cols values) with row `row` of the table.
void random_table_row(const RandomTableSpec& spec, std::int64_t row, double* out);

}  // namespace pathscope
