// GML (networkx, igraph) and Pajek .net: random graphs written here and checked against the
// independent load policy, the hand-made samples, and bad files refused at their line.
#include <sstream>

#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

TEST(ReadGmlPajek, RandomGraphsFollowTheLoadPolicy) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  for (const bool directed : {true, false}) {
    for (const std::int32_t n : awkward_sizes()) {
      const auto arcs = random_arcs(rng, n, 3 * n, 1, 1000);
      ReferenceArcs reference;
      std::ostringstream gml, pajek;
      gml << "Creator \"test\"\ngraph [\n  directed " << (directed ? 1 : 0) << "\n";
      pajek << "*Vertices " << n << "\n";
      for (std::int32_t u = 0; u < n; ++u) {
        gml << "  node [\n    id " << u * 3 << "\n    label \"L" << u << "\"\n  ]\n";
        pajek << u + 1 << " \"L" << u << "\"\n";
      }
      pajek << (directed ? "*Arcs\n" : "*Edges\n");
      for (const auto& a : arcs) {
        gml << "  edge [ source " << a.u * 3 << " target " << a.v * 3 << " weight " << a.w << " ]\n";
        pajek << a.u + 1 << " " << a.v + 1 << " " << a.w << "\n";
        const std::string u = "L" + std::to_string(a.u), v = "L" + std::to_string(a.v);
        if (directed) reference.add(u, v, static_cast<double>(a.w));
        else reference.add_edge(u, v, static_cast<double>(a.w));
      }
      gml << "]\n";
      const std::string what = "n=" + std::to_string(n) + " seed " + std::to_string(seed);
      for (const auto& [format, text] : {std::pair{"gml", gml.str()}, std::pair{"pajek", pajek.str()}}) {
        std::istringstream in(text);
        const LoadedGraph loaded = read_graph_stream(in, "random", format);
        EXPECT_EQ(loaded.graph.n, n) << format << " " << what;
        EXPECT_EQ(loaded.graph.directed, directed) << format << " " << what;
        EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << format << " " << what;
      }
    }
  }
}

TEST(ReadGmlPajek, NetworkxGmlWithGraphicsAndTypedValues) {
  const Graph g = load_graph(data("gml/good_networkx.gml")).graph;
  ASSERT_EQ(g.n, 3);
  EXPECT_TRUE(g.directed);
  EXPECT_EQ(arcs_by_label(g), (ArcMap{{{"alpha", "beta"}, 2.5}, {{"beta", "gamma"}, 1}, {{"gamma", "alpha"}, 1}}));
  const std::int32_t alpha = node_named(g, "alpha"), beta = node_named(g, "beta");
  ASSERT_EQ(g.coord_dims, 2);
  EXPECT_FLOAT_EQ(g.coords[alpha * 2], 1.5f);
  EXPECT_FLOAT_EQ(g.coords[alpha * 2 + 1], -2.0f);
  EXPECT_EQ(column(g, "kind").text[alpha], "neuron \"A\"");
  // 3 then 4.5: one column of reals.
  EXPECT_EQ(column(g, "size").type, AttributeType::Real);
  EXPECT_DOUBLE_EQ(column(g, "size").reals[alpha], 3.0);
  EXPECT_DOUBLE_EQ(column(g, "size").reals[beta], 4.5);
}

TEST(ReadGmlPajek, IgraphGmlIsUndirectedWithNames) {
  const Graph g = load_graph(data("gml/good_igraph.gml")).graph;
  EXPECT_FALSE(g.directed);
  EXPECT_EQ(arcs_by_label(g), (ArcMap{{{"v0", "v1"}, 3}, {{"v1", "v0"}, 3}}));
}

TEST(ReadGmlPajek, PajekSectionsLabelsAndCoordinates) {
  const Graph g = load_graph(data("pajek/good_labels.net")).graph;
  ASSERT_EQ(g.n, 4);
  EXPECT_TRUE(g.directed);
  EXPECT_EQ(arcs_by_label(g), (ArcMap{{{"Ana Lopez", "Bo"}, 2.5},
                                      {{"Bo", "Cy"}, 1},
                                      {{"Cy", "Di"}, 7},
                                      {{"Di", "Cy"}, 7},
                                      {{"Di", "Ana Lopez"}, 1},
                                      {{"Di", "Bo"}, 1}}));
  ASSERT_EQ(g.coord_dims, 2);
  EXPECT_FLOAT_EQ(g.coords[node_named(g, "Bo") * 2 + 1], 0.4f);
  const Graph plain = load_graph(data("pajek/good_unlabelled.net")).graph;
  EXPECT_FALSE(plain.directed);
  EXPECT_EQ(arcs_by_label(plain), (ArcMap{{{"1", "2"}, 1}, {{"2", "1"}, 1}, {{"2", "3"}, 0.5}, {{"3", "2"}, 0.5}}));
}

TEST(ReadGmlPajek, BadFilesNameTheirLine) {
  const std::pair<std::string, std::pair<int, std::string>> cases[] = {
      {"gml/bad_unclosed.gml", {4, "never closed"}},  // the node list opened there
      {"gml/bad_unknown_node.gml", {3, "node '5', which no node declares"}},
      {"pajek/bad_range.net", {3, "node 3 is outside 1..2"}},
      {"pajek/bad_weight.net", {3, "weight"}},
  };
  for (const auto& [file, expected] : cases) {
    expect_parse_error([&] { load_graph(data(file)); }, data(file), expected.first, expected.second);
  }
  // A header far beyond what the file holds is refused before allocating.
  expect_parse_error([&] {
    std::istringstream in("*Vertices 2000000000\n*Arcs\n1 2\n");
    read_graph_stream(in, "huge", "pajek");
  }, "huge", 1, "*Vertices");
}

// A weight written wrongly ("2,5" in a comma-decimal locale, a word, nan) is refused at its line,
// never read as the drawing options that leave the edge at weight 1.
TEST(ReadGmlPajek, BadWeightsAreRefusedNotReadAsOne) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  const std::string bad[] = {"2,5", "x", "nan", "NaN", "1.5.2", "inf", "--3", "0x"};
  for (const auto& weight : bad) {
    const std::int64_t good_lines = static_cast<std::int64_t>(rng.next() % 5);
    std::ostringstream text;
    text << "*Vertices 3\n*Edges\n";
    for (std::int64_t i = 0; i < good_lines; ++i) text << "1 2 " << 1 + rng.next() % 9 << " c Blue\n";
    text << "2 3 " << weight << (rng.next() % 2 ? " c Red" : "") << "\n";
    expect_parse_error([&] {
      std::istringstream in(text.str());
      read_graph_stream(in, "bad-weight.net", "pajek");
    }, "bad-weight.net", 3 + good_lines, "weight");
  }
  // Drawing options with no weight still leave the weight at 1.
  std::istringstream in("*Vertices 3\n*Edges\n1 2 c Blue\n2 3 4 w 2\n");
  EXPECT_EQ(arcs_by_label(read_graph_stream(in, "options.net", "pajek").graph),
            (ArcMap{{{"1", "2"}, 1}, {{"2", "1"}, 1}, {{"2", "3"}, 4}, {{"3", "2"}, 4}}));
}
