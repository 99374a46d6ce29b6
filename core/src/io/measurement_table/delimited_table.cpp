// The TSV/CSV reader behind open_table(). It looks at the first rows once (header, row names,
// which columns are numbers) and then streams the rest chunk by chunk.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <regex>
#include <sstream>
#include <unordered_map>

#include "io/line_reader.hpp"
#include "io/measurement_table/table_tokens.hpp"
#include "io/text_fields.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

// Enough rows to tell a text column from a numeric one without reading far.
constexpr std::size_t kLookaheadRows = 64;

struct PendingRow {
  std::int64_t line;
  std::vector<std::string> fields;
};

class DelimitedTableSource final : public RowSource {
 public:
  DelimitedTableSource(std::unique_ptr<std::istream> in, const std::string& source, const TableOptions& options)
      : in_(std::move(in)), reader_(*in_, source), options_(options) {
    layout_.source = source;
    inspect();
  }

  const TableLayout& layout() const override { return layout_; }
  const DuplicateRowNames& duplicate_row_names() const override { return duplicates_; }

  bool next(TableChunk& chunk) override {
    chunk.first_row = next_row_;
    chunk.columns = layout_.columns();
    chunk.values.clear();
    chunk.row_names.clear();
    chunk.lines.clear();
    std::vector<std::string> fields;
    while (static_cast<std::int64_t>(chunk.lines.size()) < chunk_rows_) {
      std::int64_t line = 0;
      if (pending_pos_ < pending_.size()) {
        line = pending_[pending_pos_].line;
        fields.swap(pending_[pending_pos_].fields);
        ++pending_pos_;
        if (pending_pos_ == pending_.size()) pending_ = {};
      } else if (!read_data_row(fields)) {
        break;
      } else {
        line = reader_.line_number();
      }
      append_row(line, fields, chunk);
    }
    next_row_ += static_cast<std::int64_t>(chunk.lines.size());
    return !chunk.lines.empty();
  }

 private:
  [[noreturn]] void fail(std::int64_t line, const std::string& message) const {
    throw ParseError(layout_.source, line, message);
  }

  bool read_data_row(std::vector<std::string>& fields) {
    while (reader_.next()) {
      if (io::is_blank(reader_.line())) continue;
      split(fields);
      return true;
    }
    return false;
  }

  void split(std::vector<std::string>& fields) { split_text(reader_.line(), fields, reader_.line_number()); }

  void split_text(std::string_view line, std::vector<std::string>& fields, std::int64_t line_number) {
    if (layout_.delimiter == ' ') {
      fields.clear();
      io::WordCursor cursor(line);
      std::string_view word;
      while (cursor.next(word)) fields.emplace_back(word);
    } else if (!io::split_delimited(line, layout_.delimiter, fields)) {
      fail(line_number, "a quoted field is not closed on this line");
    }
    if (static_cast<std::int64_t>(fields.size()) > options_.max_columns)
      fail(line_number, "more than " + std::to_string(options_.max_columns) + " fields on one line");
  }

  void inspect() {
    std::vector<std::string> first;
    std::int64_t first_line = 0;
    std::string first_text;
    while (reader_.next()) {
      if (io::is_table_comment(reader_.line())) continue;
      first_line = reader_.line_number();
      first_text = reader_.line();
      break;
    }
    if (first_line == 0) fail(0, "the table is empty");
    // A one-column header shows no delimiter; the first data line then decides.
    layout_.delimiter = options_.delimiter ? options_.delimiter : detect_table_delimiter(first_text);
    bool have_second = false;
    if (!options_.delimiter && layout_.delimiter == ' ' && first_text.find_first_of(" \t") == std::string::npos) {
      while (reader_.next()) {
        if (io::is_blank(reader_.line())) continue;
        layout_.delimiter = detect_table_delimiter(reader_.line());
        have_second = true;
        break;
      }
    }
    std::vector<std::string> fields;
    if (have_second) {
      split(fields);
      pending_.push_back({reader_.line_number(), std::move(fields)});
    }
    split_text(first_text, first, first_line);
    for (; pending_.size() < kLookaheadRows && read_data_row(fields);)
      pending_.push_back({reader_.line_number(), std::move(fields)});

    layout_.has_header = decide_header(first);
    std::vector<std::string> header;
    if (layout_.has_header)
      header = std::move(first);
    else
      pending_.insert(pending_.begin(), PendingRow{first_line, std::move(first)});
    if (pending_.empty()) fail(first_line, "the table has a header but no data rows");

    field_count_ = pending_.front().fields.size();
    // R's write.table leaves the row-name column out of the header.
    std::size_t offset = 0;
    if (layout_.has_header) {
      if (header.size() + 1 == field_count_)
        offset = 1;
      else if (header.size() != field_count_)
        fail(pending_.front().line, "the header has " + std::to_string(header.size()) + " fields but this row has " +
                                        std::to_string(field_count_));
    }
    for (const auto& row : pending_)
      if (row.fields.size() != field_count_) fail(row.line, field_count_message(row.fields.size()));

    std::vector<std::string> names(field_count_);
    for (std::size_t f = 0; f < field_count_; ++f)
      names[f] = (layout_.has_header && f >= offset && !header[f - offset].empty()) ? header[f - offset]
                                                                                    : "column " + std::to_string(f + 1);
    // An infinite value does not make a column text: it is refused where it stands (append_row),
    // whether it comes in the first rows or later, so one rule holds for the whole file.
    std::vector<bool> numeric(field_count_, true);
    for (const auto& row : pending_)
      for (std::size_t f = 0; f < field_count_; ++f)
        if (numeric[f] && !is_missing_token(row.fields[f]) && !parse_table_number(row.fields[f]) &&
            !is_infinite_token(row.fields[f]))
          numeric[f] = false;

    name_field_ = choose_row_name_field(names, numeric, offset, header);
    layout_.has_row_names = name_field_ >= 0;
    choose_value_fields(names, numeric, header);
    layout_.column_names.clear();
    for (int f : value_fields_) layout_.column_names.push_back(names[f]);
    for (std::size_t f = 0; f < field_count_; ++f)
      if (static_cast<int>(f) != name_field_ && std::find(value_fields_.begin(), value_fields_.end(), f) == value_fields_.end())
        layout_.skipped_columns.push_back(names[f] + " (column " + std::to_string(f + 1) + ")");
    if (value_fields_.empty()) fail(pending_.front().line, "no numeric value columns found (choose them with the columns option)");
    // A chunk stays near 64 MiB whatever the width.
    chunk_rows_ = std::clamp<std::int64_t>(options_.chunk_rows, 1,
                                           std::max<std::int64_t>(1, (8 << 20) / static_cast<std::int64_t>(value_fields_.size())));
  }

  bool decide_header(const std::vector<std::string>& first) const {
    if (options_.header == "yes") return true;
    if (options_.header == "no") return false;
    if (options_.header != "auto") throw Error("the header option must be auto, yes or no, not '" + options_.header + "'");
    auto numeric_like = [](const std::string& t) { return is_missing_token(t) || parse_table_number(t).has_value(); };
    // A word after the first field: data rows hold numbers, or text columns that come with
    // headers in practice (Golub's "call" columns sit under a header line of the same kind).
    for (std::size_t h = 1; h < first.size(); ++h)
      if (!numeric_like(first[h])) return true;
    // A word over the first field where the data has a number there.
    return !first.empty() && !numeric_like(first[0]) && !pending_.empty() && !pending_.front().fields.empty() &&
           parse_table_number(pending_.front().fields[0]).has_value();
  }

  int find_field(const std::string& key, const std::vector<std::string>& names, const std::string& what) const {
    for (std::size_t f = 0; f < names.size(); ++f)
      if (io::iequals(io::trim(names[f]), io::trim(key))) return static_cast<int>(f);
    if (const auto number = io::to_int64(key); number && *number >= 1 && *number <= static_cast<std::int64_t>(names.size()))
      return static_cast<int>(*number - 1);
    fail(0, what + " '" + key + "' is neither a column name nor a column number 1.." + std::to_string(names.size()));
  }

  int choose_row_name_field(const std::vector<std::string>& names, const std::vector<bool>& numeric, std::size_t offset,
                            const std::vector<std::string>&) const {
    if (!options_.row_names.empty()) return find_field(options_.row_names, names, "row-name column");
    if (offset == 1) return 0;
    if (!numeric[0]) return 0;
    return -1;
  }

  void choose_value_fields(const std::vector<std::string>& names, const std::vector<bool>& numeric,
                           const std::vector<std::string>&) {
    const std::string& spec = options_.columns;
    if (spec.empty() || spec == "numeric") {
      for (std::size_t f = 0; f < field_count_; ++f)
        if (numeric[f] && static_cast<int>(f) != name_field_) value_fields_.push_back(static_cast<int>(f));
      return;
    }
    if (spec.rfind("regex:", 0) == 0) {
      std::regex pattern;
      try {
        pattern = std::regex(spec.substr(6));
      } catch (const std::regex_error& e) {
        throw Error("bad column regex '" + spec.substr(6) + "': " + e.what());
      }
      for (std::size_t f = 0; f < field_count_; ++f)
        if (static_cast<int>(f) != name_field_ && std::regex_match(names[f], pattern)) value_fields_.push_back(static_cast<int>(f));
      if (value_fields_.empty()) fail(0, "no column name matches the regex '" + spec.substr(6) + "'");
      return;
    }
    std::stringstream items(spec);
    for (std::string item; std::getline(items, item, ',');)
      if (!item.empty()) value_fields_.push_back(find_field(item, names, "value column"));
  }

  std::string field_count_message(std::size_t found) const {
    return "expected " + std::to_string(field_count_) + " fields like the first data row, found " + std::to_string(found);
  }

  void append_row(std::int64_t line, const std::vector<std::string>& fields, TableChunk& chunk) {
    if (fields.size() != field_count_) fail(line, field_count_message(fields.size()));
    for (std::size_t c = 0; c < value_fields_.size(); ++c) {
      const std::string& token = fields[value_fields_[c]];
      if (is_missing_token(token)) {
        chunk.values.push_back(std::numeric_limits<double>::quiet_NaN());
      } else if (const auto value = parse_table_number(token)) {
        chunk.values.push_back(*value);
      } else if (is_infinite_token(token)) {
        // An error rather than a missing value: an overflowed export or a division by zero
        // upstream should be seen, not quietly cost the row its place in the network.
        fail(line, "column '" + layout_.column_names[c] + "' (column " + std::to_string(value_fields_[c] + 1) +
                       ") holds " + io::quoted(token) + ", an infinite value: correlations need finite numbers " +
                       "(write NA where no value was measured: a row with a missing value has no coefficient, and is " +
                       "skipped and counted under skipped rows)");
      } else {
        fail(line, "column '" + layout_.column_names[c] + "' (column " + std::to_string(value_fields_[c] + 1) +
                       ") holds " + io::quoted(token) + ", not a finite number or NA (NA: not measured; the row is " +
                       "then skipped, as a row with a missing value has no coefficient)");
      }
    }
    if (name_field_ >= 0) {
      const std::string& name = fields[name_field_];
      const auto [seen, fresh] = first_line_of_name_.try_emplace(name, line);
      if (!fresh && duplicates_.count++ == 0) {
        duplicates_.first_name = name;
        duplicates_.first_line = seen->second;
        duplicates_.repeat_line = line;
      }
      chunk.row_names.push_back(name);
    }
    chunk.lines.push_back(line);
  }

  std::unique_ptr<std::istream> in_;
  io::LineReader reader_;
  TableOptions options_;
  TableLayout layout_;
  std::vector<PendingRow> pending_;
  std::size_t pending_pos_ = 0;
  std::size_t field_count_ = 0;
  int name_field_ = -1;
  std::vector<int> value_fields_;
  std::int64_t chunk_rows_ = 1;
  std::int64_t next_row_ = 0;
  std::unordered_map<std::string, std::int64_t> first_line_of_name_;
  DuplicateRowNames duplicates_;
};

}  // namespace

std::unique_ptr<RowSource> open_table_stream(std::unique_ptr<std::istream> in, const std::string& source_name,
                                             const TableOptions& options) {
  if (options.chunk_rows < 1) throw Error("the chunk size must be at least one row");
  return std::make_unique<DelimitedTableSource>(std::move(in), source_name, options);
}

}  // namespace pathscope
