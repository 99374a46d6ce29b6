// The graph writers' promises that a reader cannot show: XML escaping and UTF-8 repair byte by
// byte, GML's ASCII text, reals and keys, Pajek's labels, GEXF's namespaces, attribute names
// that clash with the marks, format names, refusals, write errors and cancel. (Reading the
// files back with networkx and igraph: test_export_roundtrip.)
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "scratch_folder.hpp"
#include "pathscope/export/graph_export.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace {

using namespace pathscope;
using test_support::read_text;
using test_support::ScratchFolder;

Graph small_graph(std::vector<std::string> names) {
  const auto n = static_cast<std::int32_t>(names.size());
  GraphBuilder b(n);
  for (std::int32_t u = 0; u + 1 < n; ++u) b.add_arc(u, u + 1, 1.5 + u);
  LoadReport report;
  Graph g = b.build(true, report);
  g.names = std::move(names);
  return g;
}

// Independent of the writer: every byte sequence is valid UTF-8 and no XML-forbidden control
// character appears.
bool valid_xml_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (length == 0 || i + length > text.size()) return false;
    if (c < 0x20 && c != '\n' && c != '\r' && c != '\t') return false;
    for (std::size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += length;
  }
  return true;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(GraphExport, XmlIsEscapedAndUtf8Repaired) {
  ScratchFolder dir;
  const Graph g = small_graph({"a&b<c>\"d'e", std::string("ctrl\x01") + "x", "bad\xc3(", "ok ü 日本", "over\xc0\xaflong"});
  for (const auto format : {GraphExportFormat::GraphML, GraphExportFormat::Gexf}) {
    const std::string file = dir.file(std::string("g.") + graph_export_format_name(format));
    write_graph_export(g, format, {}, file);
    const std::string text = read_text(file);
    EXPECT_TRUE(valid_xml_utf8(text)) << file;
    EXPECT_TRUE(contains(text, "a&amp;b&lt;c&gt;&quot;d&apos;e")) << text;
    EXPECT_TRUE(contains(text, "ctrl\xEF\xBF\xBDx")) << "control character replaced";
    EXPECT_TRUE(contains(text, "bad\xEF\xBF\xBD(")) << "truncated sequence replaced, next byte kept";
    EXPECT_TRUE(contains(text, "ok ü 日本")) << "valid non-ASCII kept as it is";
    EXPECT_TRUE(contains(text, "over\xEF\xBF\xBD\xEF\xBF\xBDlong")) << "overlong form refused byte by byte";
  }
}

TEST(GraphExport, AttributesNamedLikeMarksOrAxesAreRenamedNotLost) {
  ScratchFolder dir;
  Graph g = small_graph({"a", "b", "c"});
  g.coord_dims = 2;
  g.coords = {0, 0, 1, 1, 2, 2};
  g.node_attributes.column("highlight", AttributeType::Text, 3).set_text(0, "user value");
  g.node_attributes.column("x", AttributeType::Integer, 3).set_integer(1, 42);
  GraphHighlight mark;
  mark.walks = {{0, 1, 2}};
  const std::string file = dir.file("g.graphml");
  write_graph_export(g, GraphExportFormat::GraphML, mark, file);
  const std::string text = read_text(file);
  EXPECT_TRUE(contains(text, "attr.name=\"highlight\" attr.type=\"boolean\"")) << text;
  EXPECT_TRUE(contains(text, "attr.name=\"highlight_2\" attr.type=\"string\"")) << text;
  EXPECT_TRUE(contains(text, "attr.name=\"x\" attr.type=\"double\"")) << text;
  EXPECT_TRUE(contains(text, "attr.name=\"x_2\" attr.type=\"long\"")) << text;
  EXPECT_TRUE(contains(text, ">user value</data>")) << text;
  EXPECT_TRUE(contains(text, ">42</data>")) << text;
}

TEST(GraphExport, FormatNamesAndFileNames) {
  EXPECT_EQ(graph_export_format_of_file("a/b.GraphML"), GraphExportFormat::GraphML);
  EXPECT_EQ(graph_export_format_of_file("b.gexf"), GraphExportFormat::Gexf);
  EXPECT_EQ(graph_export_format_of_file("b.json"), GraphExportFormat::NodeLinkJson);
  EXPECT_EQ(graph_export_format_of_file("b.csv"), GraphExportFormat::Csv);
  EXPECT_EQ(graph_export_format_of_file("b.gr"), std::nullopt);
  EXPECT_EQ(graph_export_format_of_file("csv"), std::nullopt);
  EXPECT_EQ(graph_export_format_of_file("b.GML"), GraphExportFormat::Gml);
  EXPECT_EQ(graph_export_format_of_file("b.net"), GraphExportFormat::Pajek);
  EXPECT_EQ(graph_export_format_of_file("b.paj"), GraphExportFormat::Pajek);
  for (const auto f : {GraphExportFormat::GraphML, GraphExportFormat::Gexf, GraphExportFormat::NodeLinkJson,
                       GraphExportFormat::Csv, GraphExportFormat::Gml, GraphExportFormat::Pajek}) {
    EXPECT_EQ(parse_graph_export_format(graph_export_format_name(f)), f);
    EXPECT_TRUE(contains(graph_export_format_list(), graph_export_format_name(f)));
  }
  EXPECT_EQ(parse_graph_export_format("dot"), std::nullopt);
  EXPECT_EQ(parse_gexf_version("1.2"), GexfVersion::V1_2draft);
  EXPECT_EQ(parse_gexf_version("1.2draft"), GexfVersion::V1_2draft);
  EXPECT_EQ(parse_gexf_version("1.3"), GexfVersion::V1_3);
  EXPECT_EQ(parse_gexf_version("1.1"), std::nullopt);
  EXPECT_EQ(graph_export_files(GraphExportFormat::Csv, "out/net.csv"),
            (std::vector<std::string>{"out/net.nodes.csv", "out/net.edges.csv"}));
  EXPECT_EQ(graph_export_files(GraphExportFormat::Csv, "net"), (std::vector<std::string>{"net.nodes.csv", "net.edges.csv"}));
  Graph with_title = small_graph({"a"});
  with_title.graph_attributes.column("title", AttributeType::Text, 1).set_text(0, "t");
  EXPECT_EQ(graph_export_files(GraphExportFormat::Csv, "out/net.csv", with_title),
            (std::vector<std::string>{"out/net.nodes.csv", "out/net.edges.csv", "out/net.graph.csv"}));
  EXPECT_EQ(graph_export_files(GraphExportFormat::Gml, "net.gml", with_title), (std::vector<std::string>{"net.gml"}));
}

TEST(GraphExport, GexfIs12draftByDefaultAnd13OnRequest) {
  ScratchFolder dir;
  const Graph g = small_graph({"a", "b"});
  write_graph_export(g, GraphExportFormat::Gexf, {}, dir.file("a.gexf"));
  const std::string v12 = read_text(dir.file("a.gexf"));
  EXPECT_TRUE(contains(v12, "xmlns=\"http://www.gexf.net/1.2draft\" xmlns:viz=\"http://www.gexf.net/1.2draft/viz\"")) << v12;
  EXPECT_TRUE(contains(v12, "version=\"1.2\"")) << v12;
  GraphExportOptions options;
  options.gexf_version = GexfVersion::V1_3;
  write_graph_export(g, GraphExportFormat::Gexf, {}, dir.file("b.gexf"), options);
  const std::string v13 = read_text(dir.file("b.gexf"));
  EXPECT_TRUE(contains(v13, "xmlns=\"http://gexf.net/1.3\" xmlns:viz=\"http://gexf.net/1.3/viz\"")) << v13;
  EXPECT_TRUE(contains(v13, "version=\"1.3\"")) << v13;
}

// networkx reads GML as ASCII only and a number without a decimal point as an integer; keys are
// letters, digits and "_". Pajek has no escapes.
TEST(GraphExport, GmlTextRealsAndKeysPajekLabels) {
  ScratchFolder dir;
  Graph g = small_graph({"é \"q\" & <x>", "line\nbreak", "back\\slash"});
  g.node_attributes.column("cell type", AttributeType::Real, 3).set_real(0, 12);
  g.node_attributes.find("cell type")->set_real(1, 1e300);
  g.node_attributes.find("cell type")->set_real(2, std::numeric_limits<double>::infinity());
  g.node_attributes.column("2nd", AttributeType::Boolean, 3).set_integer(0, 1);
  g.arc_attributes.column("neuro-transmitter", AttributeType::Text, g.arc_attribute_count()).set_text(0, "日本");
  g.graph_attributes.column("node", AttributeType::Integer, 1).set_integer(0, 5);
  write_graph_export(g, GraphExportFormat::Gml, {}, dir.file("g.gml"));
  const std::string gml = read_text(dir.file("g.gml"));
  for (const char c : gml) EXPECT_TRUE(static_cast<unsigned char>(c) < 0x80) << gml;
  EXPECT_TRUE(contains(gml, "name \"&#233; &quot;q&quot; &amp; <x>\"")) << gml;
  EXPECT_TRUE(contains(gml, "name \"line&#10;break\"")) << gml;
  EXPECT_TRUE(contains(gml, "cell_type 12.0\n")) << gml;
  EXPECT_TRUE(contains(gml, "cell_type 1.0e+300\n")) << gml;
  EXPECT_TRUE(contains(gml, "cell_type +INF\n")) << gml;
  EXPECT_TRUE(contains(gml, "a_2nd 1\n")) << gml;
  EXPECT_TRUE(contains(gml, "neuro_transmitter \"&#26085;&#26412;\"")) << gml;
  EXPECT_TRUE(contains(gml, "  node_2 5\n")) << gml;  // "node" is GML's own key
  EXPECT_TRUE(contains(gml, "weight 1.5\n")) << gml;
  EXPECT_TRUE(contains(gml, "weight 2.5\n")) << gml;
  write_graph_export(g, GraphExportFormat::Pajek, {}, dir.file("g.net"));
  EXPECT_EQ(read_text(dir.file("g.net")), "*Vertices 3\n1 \"é 'q' & <x>\"\n2 \"line break\"\n3 \"back/slash\"\n"
                                          "*Arcs\n1 2 1.5\n2 3 2.5\n");
}

TEST(GraphExport, ResultsThatDoNotFitTheGraphAreRefusedBeforeWriting) {
  ScratchFolder dir;
  const Graph g = small_graph({"a", "b", "c"});
  const std::string file = dir.write("g.graphml", "old");
  GraphHighlight no_arc;
  no_arc.walks = {{2, 0}};  // arcs run 0 -> 1 -> 2 only
  EXPECT_THROW(write_graph_export(g, GraphExportFormat::GraphML, no_arc, file), Error);
  GraphHighlight outside;
  outside.nodes = {7};
  EXPECT_THROW(write_graph_export(g, GraphExportFormat::GraphML, outside, file), Error);
  EXPECT_EQ(read_text(file), "old");
}

TEST(GraphExport, WriteErrorsAndCancelLeaveNothingHalfWritten) {
  ScratchFolder dir;
  LoadReport report;
  const Graph g = generate_random_graph(parse_random_spec("random:n=3000,deg=4,seed=3"), report);
  for (const auto format : {GraphExportFormat::GraphML, GraphExportFormat::Gexf, GraphExportFormat::NodeLinkJson,
                            GraphExportFormat::Gml, GraphExportFormat::Pajek}) {
    try {
      write_graph_export(g, format, {}, "/dev/full");
      ADD_FAILURE() << "writing to /dev/full succeeded";
    } catch (const Error& e) {
      EXPECT_TRUE(contains(e.what(), "/dev/full")) << e.what();
    }
  }
  std::filesystem::create_directories(dir.file("folder.gexf"));
  EXPECT_THROW(write_graph_export(g, GraphExportFormat::Gexf, {}, dir.file("folder.gexf")), Error);
  // CSV: the edge table cannot be written, so the node table must not appear either.
  std::filesystem::create_directories(dir.file("t.edges.csv"));
  EXPECT_THROW(write_graph_export(g, GraphExportFormat::Csv, {}, dir.file("t.csv")), Error);
  EXPECT_FALSE(std::filesystem::exists(dir.file("t.nodes.csv")));
  std::atomic<bool> cancel{true};
  cancel_writes_on(&cancel);
  EXPECT_THROW(write_graph_export(g, GraphExportFormat::GraphML, {}, dir.file("c.graphml")), Cancelled);
  cancel_writes_on(nullptr);
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    EXPECT_FALSE(contains(entry.path().filename().string(), "c.graphml")) << entry.path();
}

}  // namespace
