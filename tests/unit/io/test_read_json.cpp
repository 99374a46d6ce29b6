// Node-link JSON: networkx-style files, a write/read round trip on random graphs, bad input.
#include <cmath>
#include <sstream>

#include "pathscope/export/node_link_json.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

TEST(ReadJson, NetworkxStyleFiles) {
  const LoadedGraph directed = load_graph(data("json/good_networkx.json"));
  const Graph& g = directed.graph;
  EXPECT_TRUE(g.directed);
  EXPECT_EQ(g.ids, (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(g.names, (std::vector<std::string>{"a", "2", "3"}));
  EXPECT_EQ(directed.report.self_loops, 1);
  EXPECT_EQ(arcs_by_label(g).at({"a", "2"}), 4);
  EXPECT_EQ(arcs_by_label(g).at({"2", "3"}), 1);
  ASSERT_EQ(g.coord_dims, 2);
  EXPECT_TRUE(std::isnan(g.coords[0]));
  EXPECT_EQ(g.coords[4], 1.5f);

  const LoadedGraph edges = load_graph(data("json/good_edges_key.json"));
  EXPECT_FALSE(edges.graph.directed);
  EXPECT_EQ(edges.graph.names, (std::vector<std::string>{"u", "v", "w"}));
  EXPECT_EQ(arcs_by_label(edges.graph).at({"v", "u"}), 1.5);  // multigraph: the cheaper link
  ASSERT_EQ(edges.graph.coord_dims, 3);
  EXPECT_EQ(edges.graph.coords[8], 8.0f);
}

TEST(ReadJson, WriteThenReadRoundTripsRandomGraphs) {
  SplitMix64 rng(808);
  for (const std::int32_t n : awkward_sizes()) {
    for (const bool directed : {true, false}) {
      for (const bool named : {false, true}) {
        GraphBuilder builder(n);
        LoadReport report;
        for (const auto& a : random_arcs(rng, n, 3 * n, -9, 9)) {
          const double w = static_cast<double>(a.w) / 3.0;  // non-integers must survive the text
          if (directed) {
            builder.add_arc(static_cast<std::int32_t>(a.u), static_cast<std::int32_t>(a.v), w);
          } else {
            builder.add_edge(static_cast<std::int32_t>(a.u), static_cast<std::int32_t>(a.v), w);
          }
        }
        Graph g = builder.build(directed, report);
        for (std::int32_t u = 0; u < n; ++u) {
          if (named) {
            g.names.push_back("node \"" + std::to_string(u) + "\"\t\\");
          } else {
            g.ids.push_back(1000 + 7 * u);
          }
        }
        g.coord_dims = 3;
        for (std::int32_t i = 0; i < 3 * n; ++i) g.coords.push_back(static_cast<float>(rng.unit() * 100 - 50));
        const bool one_unplaced = n > 1;  // a graph with no position at all is written without any
        if (one_unplaced) g.coords[0] = NAN;

        TempDir dir;
        write_node_link_json(dir.file("g.json"), g);
        const LoadedGraph back = load_graph(dir.file("g.json"));
        EXPECT_EQ(back.graph.directed, directed);
        EXPECT_EQ(back.graph.n, n);
        EXPECT_EQ(arcs_by_label(back.graph), arcs_by_label(g)) << "n=" << n;
        EXPECT_EQ(back.graph.names, g.names);
        EXPECT_EQ(back.graph.ids, g.ids);
        ASSERT_EQ(back.graph.coord_dims, 3);
        EXPECT_EQ(std::isnan(back.graph.coords[0]), one_unplaced);
        for (std::int32_t i = one_unplaced ? 3 : 0; i < 3 * n; ++i) EXPECT_EQ(back.graph.coords[i], g.coords[i]);
      }
    }
  }
}

TEST(ReadJson, BadInputsNameFileAndLine) {
  struct Case {
    const char* file;
    std::int64_t line;
    const char* fragment;
  };
  const Case cases[] = {
      {"bad_syntax.json", 3, "invalid JSON"},
      {"bad_missing_target.json", 6, "link 1 needs \"source\" and \"target\""},
      {"bad_unknown_node.json", 4, "link target 5 is not a node id"},
      {"bad_id_type.json", 3, "must be an integer or a string, not number"},
      {"bad_weight.json", 3, "\"weight\" must be a number, not string"},
      {"bad_duplicate_id.json", 2, "node id \"a\" appears twice"},
      // Found by fuzz_json: nlohmann reports a number beyond double as out_of_range, not parse_error.
      {"crash_json_number_overflow.json", 1, "number overflow"},
  };
  for (const auto& c : cases) {
    const std::string path = data(std::string("json/") + c.file);
    expect_parse_error([&] { load_graph(path); }, path, c.line, c.fragment);
  }
}
