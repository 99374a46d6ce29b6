// The numeric table reader: layouts (header, row names, R's short header), missing values,
// chunking, the real expression tables, and line-numbered errors.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "pathscope/io/measurement_table.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"
#include "shared_data.hpp"

namespace pathscope {
namespace {

std::unique_ptr<RowSource> open_text(const std::string& text, TableOptions options = {}) {
  return open_table_stream(std::make_unique<std::istringstream>(text), "mem.tsv", options);
}

// A table with random values, some missing, written in the given layout.
struct RandomText {
  std::int64_t rows;
  int cols;
  std::vector<double> values;  // NaN = missing
  std::string text;
};

RandomText make_random_text(std::uint64_t seed, char delimiter, bool header, bool names, bool r_layout) {
  SplitMix64 rng(seed);
  RandomText t;
  t.rows = 1 + rng.below(300);
  t.cols = 1 + static_cast<int>(rng.below(12));
  std::ostringstream out;
  out.precision(17);
  if (header) {
    if (names && !r_layout) out << "gene" << delimiter;
    for (int c = 0; c < t.cols; ++c) out << (c ? std::string(1, delimiter) : "") << "sample_" << c;
    out << "\n";
  }
  const char* missing[] = {"NA", "", "NaN", "nan", "N/A"};
  for (std::int64_t r = 0; r < t.rows; ++r) {
    if (names) out << "g" << r << delimiter;
    for (int c = 0; c < t.cols; ++c) {
      if (c) out << delimiter;
      if (rng.below(10) == 0) {
        const char* token = missing[rng.below(5)];
        // An empty field cannot be told apart from a gap between blanks.
        out << (delimiter == ' ' && *token == 0 ? "NA" : token);
        t.values.push_back(NAN);
      } else {
        const double v = (static_cast<double>(rng.below(2000001)) - 1e6) / (1 + rng.below(1000));
        out << v;
        t.values.push_back(v);
      }
    }
    out << (rng.below(4) == 0 ? "\r\n" : "\n");
  }
  t.text = out.str();
  return t;
}

void expect_same(const RandomText& expected, const Table& table) {
  ASSERT_EQ(table.rows, expected.rows);
  ASSERT_EQ(table.layout.columns(), expected.cols);
  for (std::size_t k = 0; k < expected.values.size(); ++k) {
    if (std::isnan(expected.values[k]))
      EXPECT_TRUE(std::isnan(table.values[k])) << "value " << k;
    else
      EXPECT_EQ(table.values[k], expected.values[k]) << "value " << k;
  }
}

TEST(TableReader, RandomLayoutsRoundTrip) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const char delimiter = "\t,; "[seed % 4];
    const bool header = seed % 3 != 0, names = seed % 2 == 0, r_layout = header && names && seed % 4 == 0;
    SCOPED_TRACE("seed " + std::to_string(seed));
    const auto expected = make_random_text(seed, delimiter, header, names, r_layout);
    TableOptions options;
    // An all-missing first data row cannot show a header, so say so where the test made one.
    options.header = header ? "yes" : "no";
    options.chunk_rows = 1 + static_cast<std::int64_t>(seed % 17);
    Table table;
    ASSERT_NO_THROW({
      auto source = open_text(expected.text, options);
      table = read_whole_table(*source);
    }) << expected.text.substr(0, 300);
    EXPECT_EQ(table.layout.has_row_names, names);
    expect_same(expected, table);
    if (names) {
      ASSERT_EQ(table.row_names.size(), static_cast<std::size_t>(expected.rows));
      EXPECT_EQ(table.row_names.back(), "g" + std::to_string(expected.rows - 1));
    }
    if (header) EXPECT_EQ(table.layout.column_names.back(), "sample_" + std::to_string(expected.cols - 1));
  }
}

TEST(TableReader, DetectsHeaderAndRLayout) {
  auto source = open_text("a\tb\tc\nx\t1\t2\t3\ny\t4\tNA\t6\n");
  const Table table = read_whole_table(*source);
  EXPECT_TRUE(table.layout.has_header);
  EXPECT_TRUE(table.layout.has_row_names);
  EXPECT_EQ(table.layout.column_names, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(table.row_names, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(table.values[3], 4);
  EXPECT_TRUE(std::isnan(table.values[4]));
  auto numeric_only = open_text("1,2,3\n4,5,6\n");
  const Table plain = read_whole_table(*numeric_only);
  EXPECT_FALSE(plain.layout.has_header);
  EXPECT_FALSE(plain.layout.has_row_names);
  EXPECT_EQ(plain.rows, 2);
}

TEST(TableReader, SkipsTextColumnsAndSelectsExplicitly) {
  const std::string text = "desc,acc,1,call,2,call\n\"a, b\",X1,5,A,-3,P\nc,X2,7,M,8,A\n";
  auto numeric = open_text(text);
  EXPECT_EQ(numeric->layout().column_names, (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(numeric->layout().skipped_columns.size(), 3u);  // acc and both calls; desc names the rows
  TableOptions by_name;
  by_name.columns = "2,1";
  by_name.row_names = "acc";
  auto chosen = open_text(text, by_name);
  const Table t = read_whole_table(*chosen);
  EXPECT_EQ(t.row_names, (std::vector<std::string>{"X1", "X2"}));
  EXPECT_EQ(t.values, (std::vector<double>{-3, 5, 8, 7}));
  TableOptions by_regex;
  by_regex.columns = "regex:[0-9]+";
  EXPECT_EQ(open_text(text, by_regex)->layout().columns(), 2);
  TableOptions wrong;
  wrong.columns = "call";  // the A/P/M letters are not numbers: an error at their line
  auto bad = open_text(text, wrong);
  TableChunk chunk;
  try {
    bad->next(chunk);
    FAIL() << "letters read as numbers";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 2);
  }
}

std::int64_t error_line(const std::string& text, TableOptions options = {}) {
  try {
    auto source = open_text(text, options);
    read_whole_table(*source);
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "mem.tsv");
    return e.line();
  }
  return -1;
}

TEST(TableReader, BadTablesNameTheLine) {
  TableOptions both;
  both.columns = "a,b";  // chosen columns: a word in them is an error, not a text column
  EXPECT_EQ(error_line("a\tb\n1\t2\n3\t4\n5\tx7\n", both), 4);
  EXPECT_EQ(error_line("a\tb\n1\t2\n3\t4\t5\n"), 3);
  EXPECT_EQ(error_line("a,b\n1,2\n\"3,4\n"), 3);
  EXPECT_EQ(error_line("a\tb\tc\td\n1\t2\n"), 2);       // header two wider than the data
  EXPECT_EQ(error_line("a\tb\n1\tinf\n", both), 2);     // inf is not a measurement
  EXPECT_EQ(error_line(""), 0);
  // Past the lookahead: a word in a numeric column far down.
  std::string long_table = "x\ty\n";
  for (int r = 0; r < 500; ++r) long_table += std::to_string(r) + "\t" + std::to_string(2 * r) + "\n";
  long_table += "1\tabc\n";
  EXPECT_EQ(error_line(long_table), 502);
  TableOptions narrow;
  narrow.max_columns = 3;
  EXPECT_EQ(error_line("1\t2\t3\t4\n", narrow), 1);
}

TEST(TableReader, GolubTrainingTable) {
  const std::string path = test_support::shared_data_file("expression/golub_data_set_ALL_AML_train.csv");
  auto source = open_table(path);
  const auto& layout = source->layout();
  EXPECT_TRUE(layout.has_header);
  EXPECT_TRUE(layout.has_row_names);
  ASSERT_EQ(layout.columns(), 38);  // patients; the 38 call columns and the accession are skipped
  EXPECT_EQ(layout.skipped_columns.size(), 39u);
  EXPECT_EQ(layout.column_names[27], "34");  // the file's patients are out of order
  const Table table = read_whole_table(*source);
  EXPECT_EQ(table.rows, 7129);
  // Independent check of the first data row: its fields, cut by hand.
  std::ifstream in(path);
  std::string header, first;
  std::getline(in, header);
  std::getline(in, first);
  std::vector<std::string> fields;
  std::stringstream cut(first);
  for (std::string f; std::getline(cut, f, ',');) fields.push_back(f);
  for (int c = 0; c < 38; ++c) EXPECT_EQ(table.values[c], std::stod(fields[2 + 2 * c])) << "patient column " << c;
  EXPECT_EQ(table.row_names[0], fields[0]);
  double low = 0, high = 0;
  for (double v : table.values) {
    low = std::min(low, v);
    high = std::max(high, v);
  }
  // SOURCES.md: values from -28,400 to 71,369 across both files.
  EXPECT_GE(low, -28400);
  EXPECT_LE(high, 71369);
}

TEST(TableReader, YeastTableWithShortHeader) {
  auto source =
      open_table(test_support::shared_data_file("expression/yeast_cellcycle_oscillating-genes_normalized-profiles.tsv"));
  EXPECT_TRUE(source->layout().has_row_names);
  EXPECT_EQ(source->layout().columns(), 50);
  EXPECT_EQ(source->layout().column_names[0], "SRR3405783_2");
  const Table table = read_whole_table(*source);
  EXPECT_EQ(table.rows, 1705);
  EXPECT_EQ(table.row_names[0], "YNR009W");
  EXPECT_DOUBLE_EQ(table.values[0], 323.345557242872);
  EXPECT_EQ(table.row_names[1], "YBL002W");
  EXPECT_DOUBLE_EQ(table.values[50], 415.730002169406);
}

TEST(RandomTable, ReproducibleWhateverTheChunks) {
  const std::string spec = "random-table:rows=1237,cols=29,seed=77";
  TableOptions small;
  small.chunk_rows = 13;
  auto a = open_table(spec, small);
  auto b = open_table(spec);
  EXPECT_EQ(a->row_count_hint(), 1237);
  const Table ta = read_whole_table(*a), tb = read_whole_table(*b);
  EXPECT_EQ(ta.values, tb.values);
  const Table other = [&] {
    auto c = open_table("random-table:rows=1237,cols=29,seed=78");
    return read_whole_table(*c);
  }();
  EXPECT_NE(ta.values, other.values);
  // Integers 0..9, uniformly: each level within 5 sigma of its expected count.
  std::vector<int> counts(10);
  for (double v : ta.values) {
    ASSERT_EQ(v, std::floor(v));
    ASSERT_GE(v, 0);
    ASSERT_LE(v, 9);
    ++counts[static_cast<int>(v)];
  }
  const double expected = ta.values.size() / 10.0, sigma = std::sqrt(expected * 0.9);
  for (int level = 0; level < 10; ++level) EXPECT_NEAR(counts[level], expected, 5 * sigma) << "level " << level;
  EXPECT_THROW(open_table("random-table:rows=0,cols=3,seed=1"), Error);
  EXPECT_THROW(open_table("random-table:rows=5,cols=3,sed=1"), Error);
}

}  // namespace
}  // namespace pathscope
