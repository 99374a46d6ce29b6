#pragma once
// A table of text cells printed three ways: aligned columns for people (widths from the
// widest cell, counted in characters, so 18-digit ids and non-ASCII names line up), and
// tab- or comma-separated for scripts.
#include <string>
#include <vector>

namespace pathscope::cli {

enum class TableStyle { Aligned, Tsv, Csv };

// "table", "tsv", "csv"; throws UsageError naming the word otherwise.
TableStyle parse_table_style(const std::string& word);

class TextTable {
 public:
  // Columns whose header starts with '<' are left-aligned (the '<' is not printed); the
  // others are right-aligned.
  explicit TextTable(std::vector<std::string> headers);
  void add_row(std::vector<std::string> cells);
  std::string text(TableStyle style) const;
  bool empty() const { return rows_.empty(); }

 private:
  std::vector<std::string> headers_;
  std::vector<bool> left_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace pathscope::cli
