// DIMACS .gr (+ .co): real data, random round trips, and every kind of bad input.
#include <cstdio>
#include <fstream>
#include <sstream>

#include "pathscope/io/load.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

TEST(ReadDimacs, Rome99CountsMatchSourcesAndAnIndependentRecount) {
  const std::string path = shared_data_file("rome99.gr");
  const LoadedGraph loaded = load_graph(path);
  EXPECT_EQ(loaded.report.format, "dimacs-gr");
  EXPECT_EQ(loaded.graph.n, 3353);
  EXPECT_EQ(loaded.report.records_read, 8870);
  EXPECT_EQ(loaded.report.parallel_arcs_dropped, 11);
  EXPECT_EQ(loaded.report.self_loops, 0);
  EXPECT_EQ(loaded.graph.arc_count(), 8859);
  EXPECT_TRUE(loaded.graph.directed);
  EXPECT_TRUE(loaded.graph.integer_weights);
  ASSERT_EQ(loaded.graph.ids.size(), 3353u);
  EXPECT_EQ(loaded.graph.ids.front(), 1);
  EXPECT_EQ(loaded.graph.ids.back(), 3353);

  // Recount with plain sscanf, the way the data's provenance notes were checked.
  std::ifstream in(path);
  std::string line;
  ReferenceArcs reference;
  while (std::getline(in, line)) {
    long long u, v, w;
    if (std::sscanf(line.c_str(), "a %lld %lld %lld", &u, &v, &w) == 3) {
      reference.add(std::to_string(u), std::to_string(v), static_cast<double>(w));
    }
  }
  EXPECT_EQ(reference.parallel(), 11);
  EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs());
  EXPECT_EQ(loaded.graph.min_weight(), 1);
  EXPECT_EQ(loaded.graph.max_weight(), 12711);
}

TEST(ReadDimacs, SmallFileWithSiblingCoordinates) {
  const LoadedGraph loaded = load_graph(data("dimacs/good_small.gr"));
  EXPECT_EQ(loaded.graph.n, 4);
  EXPECT_EQ(loaded.graph.arc_count(), 4);
  EXPECT_EQ(loaded.report.parallel_arcs_dropped, 1);
  const ArcMap arcs = arcs_by_label(loaded.graph);
  EXPECT_EQ(arcs.at({"1", "2"}), 3);  // the cheaper of 7 and 3
  ASSERT_EQ(loaded.graph.coord_dims, 2);
  EXPECT_EQ(loaded.graph.coords[4], -5.0f);
  EXPECT_EQ(loaded.graph.coords[5], 7.0f);
}

TEST(ReadDimacs, RandomGraphsOfAwkwardSizesRoundTrip) {
  SplitMix64 rng(20260211);
  for (const std::int32_t n : awkward_sizes()) {
    TempDir dir;
    const auto arcs = random_arcs(rng, n, 3 * n + 1, -5, 40);  // zero and negative costs too
    std::ostringstream text;
    text << "c random\np sp " << n << " " << arcs.size() << "\n";
    ReferenceArcs reference;
    for (const auto& a : arcs) {
      text << "a " << a.u + 1 << " " << a.v + 1 << " " << a.w << "\n";
      reference.add(std::to_string(a.u + 1), std::to_string(a.v + 1), static_cast<double>(a.w));
    }
    std::ostringstream co;
    co << "p aux sp co " << n << "\n";
    std::vector<std::pair<int, int>> points;
    for (std::int32_t i = 0; i < n; ++i) {
      points.emplace_back(static_cast<int>(rng.below(1000)), -static_cast<int>(rng.below(1000)));
      co << "v " << i + 1 << " " << points.back().first << " " << points.back().second << "\n";
    }
    write_text(dir.file("g.gr"), text.str());
    write_text(dir.file("g.co"), co.str());
    const LoadedGraph loaded = load_graph(dir.file("g.gr"));
    EXPECT_EQ(loaded.graph.n, n);
    EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << "n=" << n;
    EXPECT_EQ(loaded.report.self_loops, reference.self_loops());
    EXPECT_EQ(loaded.report.parallel_arcs_dropped, reference.parallel());
    ASSERT_EQ(loaded.graph.coord_dims, 2);
    for (std::int32_t i = 0; i < n; ++i) {
      EXPECT_EQ(loaded.graph.coords[2 * i], static_cast<float>(points[i].first));
      EXPECT_EQ(loaded.graph.coords[2 * i + 1], static_cast<float>(points[i].second));
    }
  }
}

TEST(ReadDimacs, StreamEntryPointNamesTheSource) {
  std::istringstream in("p sp 2 1\na 1 2 5\n");
  const LoadedGraph loaded = read_graph_stream(in, "memory", "dimacs");
  EXPECT_EQ(loaded.graph.arc_count(), 1);
  std::istringstream bad("p sp 2 1\na 1 3 5\n");
  expect_parse_error([&] { read_graph_stream(bad, "memory", "dimacs"); }, "memory", 2, "out of range 1..2");
}

TEST(ReadDimacs, BadInputsNameFileAndLine) {
  struct Case {
    const char* file;
    std::int64_t line;
    const char* fragment;
  };
  const Case cases[] = {
      {"bad_truncated.gr", 3, "truncated arc line"},
      {"bad_not_a_number.gr", 4, "expected an integer head node, found 'x'"},
      {"bad_id_range.gr", 4, "head node 4 is out of range 1..3"},
      {"bad_more_arcs.gr", 5, "more arc lines than the 1 declared at line 3"},
      {"bad_fewer_arcs.gr", 2, "declares 3 arcs but the file has 2"},
      {"bad_huge_header.gr", 2, "more than the limit"},
      {"bad_no_header.gr", 2, "before the 'p sp N M' header"},
      {"bad_weight.gr", 2, "expected a finite number"},
      {"bad_line_type.gr", 2, "expected a 'c', 'p' or 'a' line"},
  };
  for (const auto& c : cases) {
    const std::string path = data(std::string("dimacs/") + c.file);
    expect_parse_error([&] { load_graph(path); }, path, c.line, c.fragment);
  }
  // A bad sibling .co file is named, not the .gr.
  const std::string co = data("dimacs/bad_coords.co");
  expect_parse_error([&] { load_graph(data("dimacs/bad_coords.gr")); }, co, 3, "node id 3 is out of range 1..2");
}

TEST(ReadDimacs, HeaderLimitIsCheckedBeforeAllocating) {
  LoadOptions options;
  options.max_nodes = 10;
  std::istringstream in("p sp 11 0\n");
  expect_parse_error([&] { read_graph_stream(in, "limits", "dimacs", options); }, "limits", 1, "limit of 10");
  options.max_arcs = 5;
  std::istringstream arcs("p sp 3 6\n");
  expect_parse_error([&] { read_graph_stream(arcs, "limits", "dimacs", options); }, "limits", 1, "6 arcs");
}
