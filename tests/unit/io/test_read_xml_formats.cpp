// GraphML and GEXF: the flavours Gephi, yEd, Cytoscape, networkx and igraph write (hand-made
// samples), random graphs written here and checked against the independent load policy, and
// bad files refused at their line.
#include <cmath>
#include <sstream>

#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

float coord(const Graph& g, std::int32_t u, int axis) { return g.coords[static_cast<std::size_t>(u) * g.coord_dims + axis]; }

// Random arcs (self-loops and repeated pairs included) as GraphML or GEXF text, with a typed
// attribute per node, and the reference the load policy makes of them.
struct Written {
  std::string text;
  ReferenceArcs reference;
  std::vector<std::int64_t> values;
};

Written random_xml(bool gexf, bool directed, std::int32_t n, SplitMix64& rng) {
  Written w;
  std::ostringstream s;
  const auto arcs = random_arcs(rng, n, 3 * n, 1, 1000);
  if (gexf) {
    s << "<?xml version=\"1.0\"?>\n<gexf xmlns=\"http://gexf.net/1.3\" version=\"1.3\">\n<graph defaultedgetype=\""
      << (directed ? "directed" : "undirected") << "\">\n<attributes class=\"node\"><attribute id=\"0\" title=\"value\" type=\"long\"/></attributes>\n<nodes>\n";
  } else {
    s << "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
      << "<key id=\"v\" for=\"node\" attr.name=\"value\" attr.type=\"long\"/>\n"
      << "<key id=\"w\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\"/>\n<graph edgedefault=\""
      << (directed ? "directed" : "undirected") << "\">\n";
  }
  for (std::int32_t u = 0; u < n; ++u) {
    const std::int64_t value = static_cast<std::int64_t>(rng.next()) >> 3;
    w.values.push_back(value);
    if (gexf) s << "<node id=\"n" << u << "\"><attvalues><attvalue for=\"0\" value=\"" << value << "\"/></attvalues></node>\n";
    else s << "<node id=\"n" << u << "\"><data key=\"v\">" << value << "</data></node>\n";
  }
  if (gexf) s << "</nodes>\n<edges>\n";
  for (const auto& a : arcs) {
    const std::string u = "n" + std::to_string(a.u), v = "n" + std::to_string(a.v);
    if (gexf) s << "<edge source=\"" << u << "\" target=\"" << v << "\" weight=\"" << a.w << "\"/>\n";
    else s << "<edge source=\"" << u << "\" target=\"" << v << "\"><data key=\"w\">" << a.w << "</data></edge>\n";
    if (directed) w.reference.add(u, v, static_cast<double>(a.w));
    else w.reference.add_edge(u, v, static_cast<double>(a.w));
  }
  s << (gexf ? "</edges>\n</graph>\n</gexf>\n" : "</graph>\n</graphml>\n");
  w.text = s.str();
  return w;
}

}  // namespace

TEST(ReadXmlFormats, RandomGraphsFollowTheLoadPolicy) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  for (const bool gexf : {false, true}) {
    for (const bool directed : {true, false}) {
      for (const std::int32_t n : awkward_sizes()) {
        Written w = random_xml(gexf, directed, n, rng);
        std::istringstream in(w.text);
        const LoadedGraph loaded = read_graph_stream(in, "random", gexf ? "gexf" : "graphml");
        const std::string what = std::string(gexf ? "gexf" : "graphml") + " n=" + std::to_string(n) + " seed " + std::to_string(seed);
        EXPECT_EQ(loaded.graph.n, n) << what;
        EXPECT_EQ(arcs_by_label(loaded.graph), w.reference.arcs()) << what;
        EXPECT_EQ(loaded.graph.directed, directed) << what;
        const AttributeColumn& values = column(loaded.graph, "value");
        ASSERT_EQ(values.type, AttributeType::Integer) << what;
        for (std::int32_t u = 0; u < n; ++u) EXPECT_EQ(values.integers[node_named(loaded.graph, "n" + std::to_string(u))], w.values[u]) << what;
      }
    }
  }
}

TEST(ReadXmlFormats, YedShapesGiveCentresAndLabels) {
  const LoadedGraph loaded = load_graph(data("graphml/good_yed.graphml"));
  const Graph& g = loaded.graph;
  ASSERT_EQ(g.n, 2);
  const std::int32_t start = node_named(g, "Start"), end = node_named(g, "End");
  ASSERT_EQ(g.coord_dims, 2);
  EXPECT_FLOAT_EQ(coord(g, start, 0), 120.0f);
  EXPECT_FLOAT_EQ(coord(g, start, 1), 215.0f);
  EXPECT_FLOAT_EQ(coord(g, end, 0), 0.0f);
  EXPECT_EQ(column(g, "description").text[start], "first & foremost");
  EXPECT_FALSE(column(g, "description").has(end));
  EXPECT_EQ(column(g, "id").text[start], "n0");
  EXPECT_EQ(arcs_by_label(g), (ArcMap{{{"Start", "End"}, 1.0}}));
}

TEST(ReadXmlFormats, CytoscapeTypesAndPerEdgeDirections) {
  const Graph g = load_graph(data("graphml/good_cytoscape.graphml")).graph;
  ASSERT_EQ(g.n, 3);
  EXPECT_TRUE(g.directed);
  EXPECT_EQ(arcs_by_label(g), (ArcMap{{{"YAL001C", "YBR002W"}, 2.5}, {{"YCL003E", "YAL001C"}, 4}, {{"YAL001C", "YCL003E"}, 4}}));
  const std::int32_t b = node_named(g, "YBR002W");
  EXPECT_EQ(column(g, "selected").type, AttributeType::Boolean);
  EXPECT_EQ(column(g, "selected").integers[b], 1);
  EXPECT_EQ(column(g, "SUID").type, AttributeType::Integer);
  EXPECT_EQ(column(g, "SUID").integers[b], 102);
  EXPECT_EQ(column(g, "degree").integers[b], 1);
}

TEST(ReadXmlFormats, KeyDefaultsFillWhatNodesAndEdgesLeaveOut) {
  const LoadedGraph loaded = load_graph(data("graphml/good_defaults.graphml"));
  const Graph& g = loaded.graph;
  EXPECT_FALSE(g.directed);
  EXPECT_EQ(arcs_by_label(g), (ArcMap{{{"a", "b"}, 1}, {{"b", "a"}, 1}, {{"b", "c"}, 7}, {{"c", "b"}, 7}}));
  EXPECT_EQ(column(g, "color").text[node_named(g, "a")], "green");
  EXPECT_EQ(column(g, "color").text[node_named(g, "c")], "yellow");
  EXPECT_FLOAT_EQ(coord(g, node_named(g, "a"), 0), 1.5f);
  EXPECT_TRUE(std::isnan(coord(g, node_named(g, "c"), 0)));
  bool noted = false;
  for (const auto& note : loaded.report.notes) noted = noted || note.find("1 hyperedges ignored") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(ReadXmlFormats, WeightAttributeChosenByOption) {
  const std::string text =
      "<graphml><key id='a' for='edge' attr.name='weight' attr.type='double'/>"
      "<key id='b' for='edge' attr.name='length' attr.type='double'/><graph edgedefault='directed'>"
      "<node id='1'/><node id='2'/><edge source='1' target='2'><data key='a'>5</data><data key='b'>80.5</data></edge>"
      "</graph></graphml>";
  LoadOptions options;
  std::istringstream plain(text);
  EXPECT_EQ(arcs_by_label(read_graph_stream(plain, "w", "graphml", options).graph), (ArcMap{{{"1", "2"}, 5}}));
  options.weight_attribute = "length";
  std::istringstream by_length(text);
  EXPECT_EQ(arcs_by_label(read_graph_stream(by_length, "w", "graphml", options).graph), (ArcMap{{{"1", "2"}, 80.5}}));
  options.weight_attribute = "travel_time";
  expect_parse_error([&] {
    std::istringstream missing(text);
    read_graph_stream(missing, "w", "graphml", options);
  }, "w", 1, "no edge attribute is called 'travel_time'");
  // Node-link JSON takes the same option.
  const std::string json = R"({"directed": true, "nodes": [{"id": 1}, {"id": 2}], "links": [{"source": 1, "target": 2, "weight": 3, "length": 9.5}]})";
  options.weight_attribute = "length";
  std::istringstream json_in(json);
  EXPECT_EQ(arcs_by_label(read_graph_stream(json_in, "j", "json", options).graph), (ArcMap{{{"1", "2"}, 9.5}}));
}

TEST(ReadXmlFormats, GephiAttributesPositionsColoursAndEdgeTypes) {
  const Graph g = load_graph(data("gexf/good_gephi.gexf")).graph;
  ASSERT_EQ(g.n, 3);
  EXPECT_TRUE(g.directed);
  EXPECT_EQ(arcs_by_label(g), (ArcMap{{{"Gephi", "Webatlas"}, 2.5},
                                      {{"Webatlas", "RTGI"}, 1},
                                      {{"RTGI", "Webatlas"}, 1},
                                      {{"RTGI", "Gephi"}, 4},
                                      {{"Gephi", "RTGI"}, 4}}));
  const std::int32_t gephi = node_named(g, "Gephi"), atlas = node_named(g, "Webatlas"), rtgi = node_named(g, "RTGI");
  EXPECT_EQ(g.coord_dims, 2);  // z="0.0" everywhere: flat
  EXPECT_FLOAT_EQ(coord(g, gephi, 0), 15.7f);
  EXPECT_FLOAT_EQ(coord(g, rtgi, 1), 4.0f);
  EXPECT_EQ(column(g, "url").text[atlas], "http://webatlas.fr");
  EXPECT_DOUBLE_EQ(column(g, "indegree").reals[atlas], 2.0);
  EXPECT_EQ(column(g, "frog").integers[gephi], 1);  // the declared default
  EXPECT_EQ(column(g, "frog").integers[atlas], 0);
  EXPECT_EQ(column(g, "r").integers[gephi], 239);
  EXPECT_EQ(column(g, "g").integers[atlas], 11);  // hex #0a0B0c
  EXPECT_EQ(column(g, "b").integers[atlas], 12);
  EXPECT_DOUBLE_EQ(column(g, "a").reals[gephi], 0.6);
  EXPECT_DOUBLE_EQ(column(g, "size").reals[gephi], 20.0);
}

TEST(ReadXmlFormats, BadFilesNameTheirLine) {
  const std::pair<std::string, std::pair<int, std::string>> cases[] = {
      {"graphml/bad_undeclared_node.graphml", {5, "node 'b', which no node declares"}},
      {"graphml/bad_weight.graphml", {7, "expected a finite number, found 'heavy'"}},
      {"graphml/bad_not_well_formed.graphml", {6, "not well-formed XML"}},
      {"graphml/bad_int_attribute.graphml", {6, "expected an integer, found '1.5'"}},
      {"gexf/bad_unknown_attribute.gexf", {5, "attribute '7', which no <attribute> declares"}},
      {"gexf/bad_weight.gexf", {6, "expected a finite number, found 'nan'"}},
  };
  for (const auto& [file, expected] : cases) {
    expect_parse_error([&] { load_graph(data(file)); }, data(file), expected.first, expected.second);
  }
}

TEST(ReadXmlFormats, LimitsAreCheckedAsElementsArrive) {
  std::string text = "<graphml><graph edgedefault='directed'>";
  for (int u = 0; u < 50; ++u) text += "<node id='" + std::to_string(u) + "'/>\n";
  text += "</graph></graphml>";
  LoadOptions options;
  options.max_nodes = 20;
  expect_parse_error([&] {
    std::istringstream in(text);
    read_graph_stream(in, "many", "graphml", options);
  }, "many", 21, "more nodes than the limit of 20");
}

// Node ids that read as the same number ("7", "007", "+7") are different nodes, as the file
// declares them, in both formats.
TEST(ReadXmlFormats, IdsThatReadAsTheSameNumberStayApart) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  const std::int64_t k = static_cast<std::int64_t>(rng.below(1000));
  const std::vector<std::string> ids = {std::to_string(k), "0" + std::to_string(k), "+" + std::to_string(k),
                                        "00" + std::to_string(k)};
  for (const bool gexf : {false, true}) {
    std::ostringstream s;
    s << (gexf ? "<gexf version=\"1.3\"><graph defaultedgetype=\"directed\"><nodes>\n"
               : "<graphml><graph edgedefault=\"directed\">\n");
    for (const auto& id : ids) s << "<node id=\"" << id << "\"/>\n";
    if (gexf) s << "</nodes><edges>\n";
    ReferenceArcs reference;
    for (std::size_t i = 0; i + 1 < ids.size(); ++i) {
      s << "<edge source=\"" << ids[i] << "\" target=\"" << ids[i + 1] << "\"/>\n";
      reference.add(ids[i], ids[i + 1], 1);
    }
    s << (gexf ? "</edges></graph></gexf>\n" : "</graph></graphml>\n");
    std::istringstream in(s.str());
    const LoadedGraph loaded = read_graph_stream(in, "spellings", gexf ? "gexf" : "graphml");
    EXPECT_EQ(loaded.graph.n, 4) << (gexf ? "gexf" : "graphml") << " seed " << seed;
    EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << (gexf ? "gexf" : "graphml") << " seed " << seed;
  }
}

// networkx writes one GraphML key per value type: "weight" as long for 5 and as double for 2.5
// (ids d2 and d3), the same for node attributes. All keys of one name feed one column, and
// integers meeting reals make it real, as the values read in Python.
TEST(ReadXmlFormats, KeysOfOneNameWithIntAndDoubleTypesShareAColumn) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  const std::int32_t n = 2 + static_cast<std::int32_t>(rng.below(30));
  std::ostringstream s;
  s << "<graphml>\n<key id=\"d3\" for=\"edge\" attr.name=\"weight\" attr.type=\"double\"/>\n"
    << "<key id=\"d2\" for=\"edge\" attr.name=\"weight\" attr.type=\"long\"/>\n"
    << "<key id=\"d1\" for=\"node\" attr.name=\"level\" attr.type=\"double\"/>\n"
    << "<key id=\"d0\" for=\"node\" attr.name=\"level\" attr.type=\"long\"/>\n<graph edgedefault=\"directed\">\n";
  std::vector<double> levels;
  for (std::int32_t u = 0; u < n; ++u) {
    const bool integer = u % 2 == 0;
    const double level = integer ? static_cast<double>(rng.below(100)) - 50 : rng.below(1000) / 8.0 - 60;
    levels.push_back(level);
    s << "<node id=\"n" << u << "\"><data key=\"" << (integer ? "d0" : "d1") << "\">" << level << "</data></node>\n";
  }
  ReferenceArcs reference;
  for (std::int32_t u = 0; u + 1 < n; ++u) {
    const bool integer = rng.below(2) == 0;
    const double w = integer ? static_cast<double>(1 + rng.below(50)) : 0.5 + rng.below(400) / 4.0;
    s << "<edge source=\"n" << u << "\" target=\"n" << u + 1 << "\"><data key=\"" << (integer ? "d2" : "d3") << "\">"
      << w << "</data></edge>\n";
    reference.add("n" + std::to_string(u), "n" + std::to_string(u + 1), w);
  }
  s << "<edge source=\"n0\" target=\"n1\"><data key=\"d3\">0.25</data></edge>\n</graph>\n</graphml>\n";
  reference.add("n0", "n1", 0.25);
  std::istringstream in(s.str());
  const LoadedGraph loaded = read_graph_stream(in, "mixed", "graphml");
  EXPECT_EQ(arcs_by_label(loaded.graph), reference.arcs()) << "seed " << seed;
  const AttributeColumn& level = column(loaded.graph, "level");
  ASSERT_EQ(level.type, AttributeType::Real) << "seed " << seed;
  for (std::int32_t u = 0; u < n; ++u) EXPECT_EQ(level.reals[node_named(loaded.graph, "n" + std::to_string(u))], levels[u]);
  // Keys of one name that disagree in kind (a number and a word) meet as text.
  std::istringstream words(
      "<graphml><key id=\"a\" for=\"node\" attr.name=\"t\" attr.type=\"int\"/>"
      "<key id=\"b\" for=\"node\" attr.name=\"t\" attr.type=\"string\"/><graph>"
      "<node id=\"x\"><data key=\"a\">7</data></node><node id=\"y\"><data key=\"b\">seven</data></node></graph></graphml>");
  const LoadedGraph text = read_graph_stream(words, "words", "graphml");
  const AttributeColumn& t = column(text.graph, "t");
  ASSERT_EQ(t.type, AttributeType::Text);
  EXPECT_EQ(t.text[node_named(text.graph, "x")], "7");
  EXPECT_EQ(t.text[node_named(text.graph, "y")], "seven");
}

// One value longer than LoadOptions::max_value_bytes (an attribute value in a tag, an element's
// text, a tag that never closes, a JSON string) is refused at its line; one within it is read.
TEST(ReadXmlFormats, OneValueLongerThanTheLimitIsRefusedAtItsLine) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  LoadOptions options;
  options.max_value_bytes = 1000 + rng.below(100000);
  const std::string longer(static_cast<std::size_t>(options.max_value_bytes) + 1 + rng.below(300000), 'v');
  const std::string within(static_cast<std::size_t>(options.max_value_bytes) - 10, 'w');
  const std::string head = "<graphml><key id=\"k\" for=\"node\" attr.name=\"note\" attr.type=\"string\"/>\n<graph>\n";
  const auto read = [&](const std::string& text, const char* format) {
    std::istringstream in(text);
    return read_graph_stream(in, "long", format, options);
  };
  expect_parse_error([&] { read(head + "<node id=\"a\" x=\"" + longer + "\"/>\n</graph></graphml>", "graphml"); },
                     "long", 3, "limit");
  expect_parse_error([&] { read(head + "<node id=\"a\">\n<data key=\"k\">" + longer + "</data></node></graph></graphml>", "graphml"); },
                     "long", 4, "limit");
  expect_parse_error([&] { read(head + "<node id=\"a\" x=\"" + longer, "graphml"); }, "long", 3, "limit");
  expect_parse_error([&] { read("{\"nodes\": [{\"id\": 1,\n\"note\": \"" + longer + "\"}], \"links\": []}", "json"); },
                     "long", 2, "limit");
  const LoadedGraph ok = read(head + "<node id=\"a\" x=\"" + within + "\"><data key=\"k\">" + within +
                                  "</data></node></graph></graphml>", "graphml");
  EXPECT_EQ(column(ok.graph, "note").text[0], within);
}
