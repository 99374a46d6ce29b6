// Dense connection-matrix text: random matrices with "no arc" markers, .txt detection, bad input.
#include <cmath>
#include <sstream>

#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

TEST(ReadDense, SmallFileIsDetectedByContent) {
  const LoadedGraph loaded = load_graph(data("dense/good_matrix.txt"));
  EXPECT_EQ(loaded.report.format, "dense");
  const ArcMap arcs = arcs_by_label(loaded.graph);
  EXPECT_EQ(arcs.size(), 4u);
  EXPECT_EQ(arcs.at({"0", "1"}), 1);
  EXPECT_EQ(arcs.at({"1", "2"}), 1);
  EXPECT_EQ(arcs.at({"2", "1"}), 2.5);
  EXPECT_EQ(arcs.count({"0", "2"}), 0u);  // 1000000 = no arc
  EXPECT_EQ(arcs.count({"2", "0"}), 0u);  // inf = no arc
}

TEST(ReadDense, RandomMatricesOfAwkwardSizes) {
  SplitMix64 rng(12);
  for (const std::int32_t n : awkward_sizes()) {
    for (const double no_arc : {1e6, 50.0}) for (const bool zero_is_arc : {false, true}) {
      std::ostringstream text;
      ReferenceArcs reference;
      for (std::int32_t i = 0; i < n; ++i) {
        for (std::int32_t j = 0; j < n; ++j) {
          const std::uint32_t pick = rng.below(10);
          std::string token;
          double value;
          if (pick == 0) {
            token = "inf";
            value = INFINITY;
          } else if (pick == 1) {
            token = "1e6";
            value = 1e6;
          } else {
            value = static_cast<double>(rng.below(100));
            token = std::to_string(static_cast<int>(value));
          }
          text << (j ? " " : "") << token;
          if (i != j && value < no_arc && (value != 0 || zero_is_arc)) reference.add(std::to_string(i), std::to_string(j), value);
        }
        text << "\n";
      }
      LoadOptions options;
      options.dense_no_arc = no_arc;
      options.dense_zero_is_arc = zero_is_arc;
      std::istringstream in(text.str());
      const LoadedGraph loaded = read_graph_stream(in, "random.txt", "dense", options);
      EXPECT_EQ(loaded.graph.n, n);
      EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << "n=" << n;
    }
  }
}

TEST(ReadDense, TxtWithThreeColumnsIsAnEdgeTable) {
  TempDir dir;
  write_text(dir.file("edges.txt"), "1 2 5\n2 3 6\n3 1 7\n4 1 8\n");
  EXPECT_EQ(load_graph(dir.file("edges.txt")).report.format, "edge-table");
  write_text(dir.file("square.txt"), "0 5 9\n1 0 2\n3 4 0\n");
  EXPECT_EQ(load_graph(dir.file("square.txt")).report.format, "dense");
}

// Two or three lines of two or three numbers: an edge list ("U V W" with 1-based ids) unless
// the diagonal is empty (0 or no-arc), which is how matrices of that size are written.
TEST(ReadDense, SmallSquareFilesAreEdgeListsUnlessTheirDiagonalIsEmpty) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  TempDir dir;
  for (int trial = 0; trial < 20; ++trial) {
    const std::int32_t rows = 2 + static_cast<std::int32_t>(rng.below(2));
    std::ostringstream text;
    ReferenceArcs reference;
    for (std::int32_t r = 0; r < rows; ++r) {
      const std::string u = std::to_string(1 + rng.below(5)), v = std::to_string(1 + rng.below(5));
      const double w = 1 + rng.below(20);
      text << u << " " << v;
      if (rows == 3) text << " " << w;
      text << "\n";
      reference.add(u, v, rows == 3 ? w : 1);
    }
    const std::string file = dir.file("edges" + std::to_string(trial) + ".txt");
    write_text(file, text.str());
    const LoadedGraph loaded = load_graph(file);
    EXPECT_EQ(loaded.report.format, "edge-table") << text.str() << "seed " << seed;
    EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << text.str() << "seed " << seed;
  }
  for (int trial = 0; trial < 10; ++trial) {
    const std::int32_t n = 2 + static_cast<std::int32_t>(rng.below(2));
    std::ostringstream text;
    ReferenceArcs reference;
    for (std::int32_t i = 0; i < n; ++i) {
      for (std::int32_t j = 0; j < n; ++j) {
        const double value = i == j ? (rng.below(2) ? 0 : INFINITY) : 1 + rng.below(9);
        text << (j ? " " : "") << value;
        if (i != j) reference.add(std::to_string(i), std::to_string(j), value);
      }
      text << "\n";
    }
    const std::string file = dir.file("matrix" + std::to_string(trial) + ".txt");
    write_text(file, text.str());
    const LoadedGraph loaded = load_graph(file);
    EXPECT_EQ(loaded.report.format, "dense") << text.str() << "seed " << seed;
    EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << text.str() << "seed " << seed;
  }
}

TEST(ReadDense, BadInputsNameFileAndLine) {
  struct Case {
    const char* file;
    std::int64_t line;
    const char* fragment;
  };
  const Case cases[] = {
      {"bad_truncated_row.txt", 2, "truncated row: 2 entries, expected 3"},
      {"bad_not_square.txt", 2, "2 rows but 3 columns"},
      {"bad_token.txt", 2, "expected a number or 'inf' in column 1, found 'x'"},
      {"bad_long_row.txt", 2, "more than the 2 entries"},
  };
  for (const auto& c : cases) {
    const std::string path = data(std::string("dense/") + c.file);
    LoadOptions options;
    options.format = "dense";
    expect_parse_error([&] { load_graph(path, options); }, path, c.line, c.fragment);
  }
}
