// METIS / DIMACS-10 .graph (+ .xyz): Luxembourg, small files of each FMT, random round trips,
// and bad inputs.
#include <cmath>
#include <fstream>
#include <sstream>

#include "pathscope/io/load.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

TEST(ReadMetis, LuxembourgWithEuclideanCostsFromXyz) {
  const LoadedGraph loaded = load_graph(shared_data_file("luxembourg.osm.graph"));
  const Graph& g = loaded.graph;
  EXPECT_EQ(loaded.report.format, "metis");
  EXPECT_EQ(g.n, 114599);
  EXPECT_EQ(loaded.report.records_read, 119666);
  EXPECT_EQ(g.arc_count(), 2 * 119666);
  EXPECT_FALSE(g.directed);
  EXPECT_TRUE(g.integer_weights);
  ASSERT_EQ(g.coord_dims, 2);  // every z is 0

  // Costs recomputed here from the .xyz text: round(Euclidean distance), at least 1.
  std::ifstream xyz(shared_data_file("luxembourg.osm.xyz"));
  std::vector<double> x, y;
  double a, b, c;
  while (xyz >> a >> b >> c) {
    x.push_back(a);
    y.push_back(b);
  }
  ASSERT_EQ(x.size(), 114599u);
  for (std::int32_t u = 0; u < g.n; ++u) {
    EXPECT_EQ(g.coords[2 * u], static_cast<float>(x[u]));
    for (std::int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const std::int32_t v = g.heads[e];
      const double expected = std::max(1.0, std::round(std::hypot(x[u] - x[v], y[u] - y[v])));
      ASSERT_EQ(g.weights[e], expected) << u << "->" << v;
    }
  }
  bool noted = false;
  for (const auto& note : loaded.report.notes) noted = noted || note.find("Euclidean") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(ReadMetis, SmallFilesOfEachLayout) {
  {
    const LoadedGraph unit = load_graph(data("metis/good_unit.graph"));
    EXPECT_EQ(unit.graph.n, 5);
    EXPECT_EQ(unit.graph.arc_count(), 6);
    EXPECT_TRUE(unit.graph.unit_weights);
  }
  {
    const LoadedGraph weighted = load_graph(data("metis/good_weighted.graph"));
    const ArcMap arcs = arcs_by_label(weighted.graph);
    EXPECT_EQ(arcs.size(), 6u);
    EXPECT_EQ(arcs.at({"1", "2"}), 5);
    EXPECT_EQ(arcs.at({"4", "3"}), 7);
  }
  {
    const LoadedGraph vertex = load_graph(data("metis/good_vertex_weights.graph"));
    const ArcMap arcs = arcs_by_label(vertex.graph);
    EXPECT_EQ(arcs.size(), 4u);
    EXPECT_EQ(arcs.at({"2", "3"}), 6);
  }
  {
    const LoadedGraph isolated = load_graph(data("metis/good_isolated.graph"));
    EXPECT_EQ(isolated.graph.n, 4);
    EXPECT_EQ(isolated.graph.out_degree(0), 0);
    EXPECT_EQ(isolated.graph.out_degree(3), 0);
  }
  {
    const LoadedGraph xyz = load_graph(data("metis/good_xyz.graph"));
    const ArcMap arcs = arcs_by_label(xyz.graph);
    EXPECT_EQ(arcs.at({"1", "2"}), 5);  // 3-4-5 triangle
    EXPECT_EQ(arcs.at({"2", "3"}), 1);  // 0.4 rounds to 0, raised to 1
  }
}

TEST(ReadMetis, RandomWeightedGraphsRoundTrip) {
  SplitMix64 rng(77);
  for (const std::int32_t n : awkward_sizes()) {
    // An undirected simple graph: one weight per unordered pair, listed from both ends.
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> edges;
    for (const auto& a : random_arcs(rng, n, 2 * n, 1, 99)) {
      if (a.u != a.v) edges.emplace(std::make_pair(std::min(a.u, a.v), std::max(a.u, a.v)), a.w);
    }
    std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> adjacency(n);
    ReferenceArcs reference;
    for (const auto& [pair, w] : edges) {
      adjacency[pair.first].push_back({pair.second, w});
      adjacency[pair.second].push_back({pair.first, w});
      reference.add_edge(std::to_string(pair.first + 1), std::to_string(pair.second + 1), static_cast<double>(w));
    }
    std::ostringstream text;
    text << "% random\n" << n << " " << edges.size() << " 1\n";
    for (const auto& list : adjacency) {
      for (const auto& [v, w] : list) text << " " << v + 1 << " " << w;
      text << "\n";
    }
    std::istringstream in(text.str());
    const LoadedGraph loaded = read_graph_stream(in, "random.graph", "metis");
    EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << "n=" << n;
    EXPECT_EQ(loaded.report.records_read, static_cast<std::int64_t>(edges.size()));
  }
}

TEST(ReadMetis, BadInputsNameFileAndLine) {
  struct Case {
    const char* file;
    std::int64_t line;
    const char* fragment;
  };
  const Case cases[] = {
      {"bad_degree_sum.graph", 2, "degrees should sum to 4, but they sum to 2"},
      {"bad_asymmetric.graph", 4, "node 3 lists 1 but not the other way round"},
      {"bad_fewer_nodes.graph", 2, "declares 3 nodes but the file has 2 adjacency lines"},
      {"bad_more_nodes.graph", 4, "more adjacency lines than the 2 nodes"},
      {"bad_neighbour_range.graph", 2, "neighbour id 3 is out of range 1..2"},
      {"bad_missing_weight.graph", 2, "has no edge weight"},
      {"bad_fmt.graph", 1, "FMT must be up to three 0/1 digits"},
      {"bad_not_a_number.graph", 2, "expected an integer neighbour id, found '2x'"},
      {"bad_huge_header.graph", 2, "more than the limit"},
  };
  for (const auto& c : cases) {
    const std::string path = data(std::string("metis/") + c.file);
    expect_parse_error([&] { load_graph(path); }, path, c.line, c.fragment);
  }
  const std::string xyz = data("metis/bad_xyz.xyz");
  expect_parse_error([&] { load_graph(data("metis/bad_xyz.graph")); }, xyz, 2, "2 coordinate lines but the graph has 3");
}
