// The numeric table reader's rules for infinite values and repeated row names: one rule for
// the whole file, whether the value stands in the first rows (which decide the columns) or
// far below them.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "pathscope/io/measurement_table.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

std::string table_text(int rows, int inf_row, const std::string& inf_token) {
  std::string text = "name\ta\tb\tc\n";
  for (int r = 0; r < rows; ++r) {
    text += "g" + std::to_string(r);
    for (int c = 0; c < 3; ++c) text += "\t" + (r == inf_row && c == 1 ? inf_token : std::to_string((r * 7 + c * 3) % 11));
    text += "\n";
  }
  return text;
}

// Reads every chunk; returns the message of the error, or "" when the table read cleanly.
std::string read_error(const std::string& text, std::int64_t* columns = nullptr) {
  try {
    auto source = open_table_stream(std::make_unique<std::istringstream>(text), "t.tsv");
    if (columns) *columns = source->layout().columns();
    TableChunk chunk;
    while (source->next(chunk)) {
    }
    return "";
  } catch (const Error& e) {
    return e.what();
  }
}

TEST(TableValues, InfinityIsAnErrorNamingTheLineWhereverItStands) {
  for (const std::string token : {"inf", "-Inf", "Infinity", "1e999"})
    for (int row : {0, 5, 63, 64, 70, 150}) {
      std::int64_t columns = -1;
      const std::string message = read_error(table_text(200, row, token), &columns);
      // Line = header + row + 1.
      EXPECT_NE(message.find("t.tsv:" + std::to_string(row + 2) + ":"), std::string::npos)
          << token << " at row " << row << ": " << message;
      EXPECT_NE(message.find("infinite"), std::string::npos) << message;
      // The column was not quietly dropped before the error.
      if (columns >= 0) EXPECT_EQ(columns, 3) << token << " at row " << row;
    }
  EXPECT_EQ(read_error(table_text(200, -1, "")), "");
}

// What NA does is said as the correlation's rows rule has it: the row is skipped, not a value.
TEST(TableValues, MessagesSayARowWithNaIsSkipped) {
  for (const std::string token : {"inf", "x"}) {
    const std::string message = read_error(table_text(200, 150, token));
    EXPECT_NE(message.find("NA"), std::string::npos) << message;
    EXPECT_NE(message.find("skipped"), std::string::npos) << message;
    EXPECT_EQ(message.find("leave the value out"), std::string::npos) << message;
  }
}

// Only lines before the first one are comments: a row named "#3" (a hashtag, a well number)
// is a row like any other.
TEST(TableValues, RowsNamedWithAHashAreRows) {
  std::string text = "# measured 2026\nname\ta\tb\tc\n";
  for (int r = 0; r < 50; ++r) text += (r % 3 ? "g" : "#") + std::to_string(r) + "\t" + std::to_string(r % 7) + "\t1\t" + std::to_string(r % 5) + "\n";
  auto source = open_table_stream(std::make_unique<std::istringstream>(text), "t.tsv");
  TableChunk chunk;
  std::int64_t rows = 0;
  std::vector<std::string> names;
  while (source->next(chunk)) {
    rows += chunk.rows();
    names.insert(names.end(), chunk.row_names.begin(), chunk.row_names.end());
  }
  EXPECT_EQ(rows, 50);
  ASSERT_EQ(names.size(), 50u);
  EXPECT_EQ(names[0], "#0");
  EXPECT_EQ(names[3], "#3");
}

TEST(TableValues, RepeatedRowNamesAreCountedWithBothLines) {
  const std::string text = "name\ta\tb\nx\t1\t2\ny\t2\t1\nz\t3\t3\nx\t4\t1\ny\t0\t2\n";
  auto source = open_table_stream(std::make_unique<std::istringstream>(text), "t.tsv");
  TableChunk chunk;
  while (source->next(chunk)) {
  }
  const DuplicateRowNames& d = source->duplicate_row_names();
  EXPECT_EQ(d.count, 2);
  EXPECT_EQ(d.first_name, "x");
  EXPECT_EQ(d.first_line, 2);
  EXPECT_EQ(d.repeat_line, 5);

  auto unique = open_table_stream(std::make_unique<std::istringstream>("name\ta\tb\nx\t1\t2\ny\t2\t1\n"), "u.tsv");
  while (unique->next(chunk)) {
  }
  EXPECT_EQ(unique->duplicate_row_names().count, 0);
}

}  // namespace
}  // namespace pathscope
