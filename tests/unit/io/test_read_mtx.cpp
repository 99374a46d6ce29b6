// Matrix Market coordinate files: random round trips of every field and symmetry, and bad input.
#include <sstream>

#include "pathscope/io/load.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

TEST(ReadMatrixMarket, SmallFiles) {
  const LoadedGraph general = load_graph(data("mtx/good_general.mtx"));
  const ArcMap arcs = arcs_by_label(general.graph);
  EXPECT_EQ(arcs.size(), 3u);
  EXPECT_EQ(arcs.at({"1", "2"}), 0.5);
  EXPECT_EQ(general.report.parallel_arcs_dropped, 1);
  const LoadedGraph pattern = load_graph(data("mtx/good_symmetric_pattern.mtx"));
  EXPECT_FALSE(pattern.graph.directed);
  EXPECT_EQ(pattern.graph.arc_count(), 6);
  EXPECT_EQ(pattern.report.self_loops, 1);
  EXPECT_TRUE(pattern.graph.unit_weights);
  const LoadedGraph integer = load_graph(data("mtx/good_integer.mtx"));
  EXPECT_EQ(arcs_by_label(integer.graph).at({"2", "1"}), -3);
}

TEST(ReadMatrixMarket, RandomMatricesRoundTrip) {
  SplitMix64 rng(5);
  for (const std::int32_t n : awkward_sizes()) {
    for (const std::string field : {"real", "integer", "pattern"}) {
      for (const bool symmetric : {false, true}) {
        const auto entries = random_arcs(rng, n, 2 * n + 3, -20, 20);
        std::ostringstream text;
        text << "%%MatrixMarket matrix coordinate " << field << (symmetric ? " symmetric" : " general") << "\n% random\n"
             << n << " " << n << " " << entries.size() << "\n";
        ReferenceArcs reference;
        for (const auto& e : entries) {
          // Symmetric files hold the lower triangle: row >= column.
          const std::int64_t row = symmetric ? std::max(e.u, e.v) : e.u, col = symmetric ? std::min(e.u, e.v) : e.v;
          const double value = field == "pattern" ? 1.0 : field == "real" ? e.w / 4.0 : static_cast<double>(e.w);
          text << row + 1 << " " << col + 1;
          if (field != "pattern") text << " " << value;
          text << "\n";
          if (symmetric && row != col) {
            reference.add_edge(std::to_string(row + 1), std::to_string(col + 1), value);
          } else {
            reference.add(std::to_string(row + 1), std::to_string(col + 1), value);
          }
        }
        std::istringstream in(text.str());
        const LoadedGraph loaded = read_graph_stream(in, "random.mtx", "mtx");
        EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << field << " n=" << n;
        EXPECT_EQ(loaded.graph.directed, !symmetric);
        EXPECT_EQ(loaded.report.self_loops, reference.self_loops());
      }
    }
  }
}

TEST(ReadMatrixMarket, BadInputsNameFileAndLine) {
  struct Case {
    const char* file;
    std::int64_t line;
    const char* fragment;
  };
  const Case cases[] = {
      {"bad_not_square.mtx", 3, "must be square"},
      {"bad_more_entries.mtx", 4, "more entries than the 1 declared at line 2"},
      {"bad_fewer_entries.mtx", 3, "declares 3 entries but the file has 2"},
      {"bad_banner.mtx", 1, "only the 'coordinate' layout"},
      {"bad_index_range.mtx", 4, "row index 0 is out of range 1..2"},
      {"bad_upper_triangle.mtx", 4, "lower triangle only"},
      {"bad_truncated.mtx", 4, "truncated entry"},
      {"bad_huge.mtx", 2, "more than the limit"},
  };
  for (const auto& c : cases) {
    const std::string path = data(std::string("mtx/") + c.file);
    expect_parse_error([&] { load_graph(path); }, path, c.line, c.fragment);
  }
}
