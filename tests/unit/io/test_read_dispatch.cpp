// load_graph's dispatch: by named format, by extension, by content; generator specs; errors
// for missing files and unknown names; empty input in every format.
#include <sstream>

#include "pathscope/io/load.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

TEST(ReadDispatch, ContentDecidesWhenTheExtensionDoesNot) {
  TempDir dir;
  const std::pair<std::string, std::string> cases[] = {
      {"c x\np sp 2 1\na 1 2 3\n", "dimacs-gr"},
      {"%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n", "mtx"},
      {"{\"nodes\": [{\"id\": 1}], \"links\": []}", "node-link-json"},
      {"NAME: t\nTYPE: TSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 4\n", "tsplib"},
      {"0 1\n1 0\n", "dense"},
      {"a,b,1\nb,c,2\nc,a,3\n", "edge-table"},
  };
  int i = 0;
  for (const auto& [text, format] : cases) {
    const std::string path = dir.file("input" + std::to_string(i++) + ".dat");
    write_text(path, text);
    const LoadedGraph loaded = load_graph(path);
    EXPECT_EQ(loaded.report.format, format) << text;
    EXPECT_EQ(loaded.report.source, path);
  }
}

TEST(ReadDispatch, NamedFormatOverridesTheExtension) {
  TempDir dir;
  write_text(dir.file("roads.csv"), "p sp 2 1\na 1 2 3\n");
  LoadOptions options;
  options.format = "dimacs";
  EXPECT_EQ(load_graph(dir.file("roads.csv"), options).graph.arc_count(), 1);
  options.format = "graphviz";
  try {
    load_graph(dir.file("roads.csv"), options);
    ADD_FAILURE() << "unknown format accepted";
  } catch (const ParseError&) {
    ADD_FAILURE() << "an unknown format is an option error, not a data error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("graphviz"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("edge-table"), std::string::npos);
  }
}

TEST(ReadDispatch, MissingFilesAndFoldersAreErrorsNamingThePath) {
  TempDir dir;
  for (const std::string path : {dir.file("absent.gr"), dir.file("")}) {
    try {
      load_graph(path);
      ADD_FAILURE() << path;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
  }
}

TEST(ReadDispatch, GeneratorSpecsAreReproducible) {
  const std::string spec = "random:n=65,deg=3,seed=17";
  const LoadedGraph a = load_graph(spec), b = load_graph(spec);
  EXPECT_EQ(a.report.source, spec);
  EXPECT_EQ(a.graph.n, 65);
  EXPECT_EQ(arcs_by_label(a.graph), arcs_by_label(b.graph));
  LoadReport report;
  const Graph direct = generate_random_graph(parse_random_spec(spec), report);
  EXPECT_EQ(arcs_by_label(a.graph), arcs_by_label(direct));
  EXPECT_NE(arcs_by_label(a.graph), arcs_by_label(load_graph("random:n=65,deg=3,seed=18").graph));
}

TEST(ReadDispatch, EdgeCostRuleWords) {
  EXPECT_EQ(parse_edge_cost_rule("weight"), EdgeCostRule::Weight);
  EXPECT_EQ(parse_edge_cost_rule("hops"), EdgeCostRule::Hops);
  EXPECT_EQ(parse_edge_cost_rule("inverse"), EdgeCostRule::Inverse);
  EXPECT_EQ(parse_edge_cost_rule("max-minus"), EdgeCostRule::MaxMinus);
  try {
    parse_edge_cost_rule("log");
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("max-minus"), std::string::npos);
  }
}

TEST(ReadDispatch, EmptyAndBinaryInputIsAParseErrorInEveryFormat) {
  const std::string binary("\x00\x01\xff\xfe\n\x7f{[", 9);
  for (const std::string format : {"dimacs", "metis", "edge-table", "json", "tsplib", "mtx", "dense"}) {
    for (const std::string& text : {std::string(), std::string("\n\n"), binary}) {
      std::istringstream in(text);
      EXPECT_THROW(read_graph_stream(in, "empty", format), ParseError) << format;
    }
  }
}

// Declared sizes over the limits are refused at the line that declares them, before anything
// of that size is allocated; counted sizes are refused where the count passes the limit.
TEST(ReadDispatch, SizeLimitsInEveryFormat) {
  LoadOptions options;
  options.max_nodes = 4;
  options.max_arcs = 9;
  struct Case {
    const char* format;
    const char* text;
    std::int64_t line;
    const char* fragment;
  };
  const Case cases[] = {
      {"dimacs", "c\np sp 5 1\n", 2, "5 nodes, more than the limit of 4"},
      {"metis", "%\n5 1\n", 2, "5 nodes, more than the limit of 4"},
      {"metis", "4 5\n", 1, "5 edges (two arcs each), more than the limit of 9 arcs"},
      {"mtx", "%%MatrixMarket matrix coordinate real general\n5 5 1\n", 2, "5 nodes, more than the limit of 4"},
      {"mtx", "%%MatrixMarket matrix coordinate real general\n4 4 10\n", 2, "10 entries, more than the limit of 9"},
      {"dense", "0 1 1 1 1\n", 1, "a row of 5 entries"},
      {"tsplib", "NAME: x\nDIMENSION: 4\n", 2, "DIMENSION 4 is too big"},
      {"edge-table", "a b\nc d\ne f\n", 3, "more than the limit of 4 distinct nodes"},
      {"edge-table", "1 2\n1 3\n1 4\n2 1\n2 3\n2 4\n3 1\n3 2\n3 4\n4 1\n", 10, "more than the limit of 9 arcs"},
  };
  for (const auto& c : cases) {
    std::istringstream in(c.text);
    expect_parse_error([&] { read_graph_stream(in, "limits", c.format, options); }, "limits", c.line, c.fragment);
  }
  std::istringstream json(R"({"nodes": [{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}, {"id": 5}], "links": []})");
  expect_parse_error([&] { read_graph_stream(json, "limits", "json", options); }, "limits", 1,
                     "more nodes than the limit of 4");
}

// GraphViz DOT is refused by name, whatever the file is called, rather than read as a table of
// words ("truncated row").
TEST(ReadDispatch, GraphvizDotIsRefusedByName) {
  TempDir dir;
  const std::string texts[] = {"digraph G {\n  a -> b [weight=2];\n}\n", "graph {\n a -- b\n}\n",
                               "// made by hand\nstrict digraph \"my graph\"\n{\n a -> b\n}\n", "DiGraph x{a->b}\n"};
  int k = 0;
  for (const auto& text : texts) {
    for (const char* name : {"g.dot", "g.gv", "g.txt", "g.csv"}) {
      const std::string file = dir.file(std::to_string(k++) + name);
      write_text(file, text);
      try {
        load_graph(file);
        ADD_FAILURE() << file << " loaded";
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("GraphViz DOT is not supported"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(file), std::string::npos) << e.what();
      }
    }
  }
  // GML opens with "graph [" and stays GML.
  const std::string gml = dir.file("g.gml");
  write_text(gml, "graph [\n directed 1\n node [ id 1 label \"{x}\" ]\n node [ id 2 ]\n edge [ source 1 target 2 ]\n]\n");
  EXPECT_EQ(load_graph(gml).graph.n, 2);
}
