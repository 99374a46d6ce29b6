// The format table: extensions, content sniffing, help texts, dialog filters and sample lists
// all answer from it, checked against lists written out here by hand.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "pathscope/io/file_formats.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;
namespace fs = std::filesystem;

namespace {

// Every extension a graph format claims, and the format it means on its own.
const std::map<std::string, std::string> kGraphExtensions = {
    {".gr", "dimacs"}, {".graph", "metis"}, {".json", "json"}, {".tsp", "tsplib"}, {".atsp", "tsplib"},
    {".mtx", "mtx"},   {".csv", "edge-table"}, {".tsv", "edge-table"}, {".edges", "edge-table"},
    {".txt", "edge-table"},  // shared with dense matrices: content decides, edge tables are the default
    {".lgl", "lgl"},
    {".graphml", "graphml"}, {".gexf", "gexf"}, {".gml", "gml"}, {".net", "pajek"},
};
const std::vector<std::string> kNodeTableExtensions = {".csv", ".tsv", ".txt"};
const std::vector<std::string> kTableExtensions = {".tsv", ".csv", ".txt"};

// A good sample of each graph format, and what the reader reports for it.
struct Sample {
  std::string format, file, reported;
};
const std::vector<Sample> kSamples = {
    {"dimacs", "dimacs/good_small.gr", "dimacs-gr"},
    {"metis", "metis/good_weighted.graph", "metis"},
    {"json", "json/good_networkx.json", "node-link-json"},
    {"json", "json/good_edges_key.json", "node-link-json"},
    {"tsplib", "tsplib/good_euc.tsp", "tsplib"},
    {"tsplib", "tsplib/good_atsp.tsp", "tsplib"},
    {"tsplib", "tsplib/good_upper_row.tsp", "tsplib"},
    {"mtx", "mtx/good_general.mtx", "mtx"},
    {"mtx", "mtx/good_integer.mtx", "mtx"},
    {"mtx", "mtx/good_symmetric_pattern.mtx", "mtx"},
    {"dense", "dense/good_matrix.txt", "dense"},
    {"graphml", "graphml/good_cytoscape.graphml", "graphml"},
    {"graphml", "graphml/good_yed.graphml", "graphml"},
    {"gexf", "gexf/good_gephi.gexf", "gexf"},
    {"gml", "gml/good_networkx.gml", "gml"},
    {"gml", "gml/good_igraph.gml", "gml"},
    {"pajek", "pajek/good_labels.net", "pajek"},
    {"edge-table", "edge_table/good_header.csv", "edge-table"},
    {"edge-table", "edge_table/good_neuron_connect.csv", "neuron-connect"},
    {"edge-table", "edge_table/good_quoted.csv", "edge-table"},
    {"edge-table", "edge_table/good_two_columns.csv", "edge-table"},
    {"edge-table", "edge_table/good_whitespace.edges", "edge-table"},
    // Not here: edge_table/good_noheader.tsv is three rows of three numbers, a dense matrix
    // too; only its extension can tell.
};

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const FileFormat& sample_format(const Sample& sample) { return file_format_named(sample.format); }

std::string error_of(const std::string& path) {
  try {
    load_graph(path);
  } catch (const ParseError& e) {
    ADD_FAILURE() << "a ParseError points at a line; no reader should have been chosen: " << e.what();
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << path << " loaded";
  return {};
}

}  // namespace

TEST(FileFormats, EveryGraphExtensionIsListedHereAndNoOther) {
  std::set<std::string> claimed;
  for (const FileFormat* format : file_formats_of(InputKind::Graph)) {
    for (const auto& extension : format->extensions) claimed.insert(extension);
  }
  std::set<std::string> expected;
  for (const auto& [extension, format] : kGraphExtensions) expected.insert(extension);
  EXPECT_EQ(claimed, expected);
  EXPECT_EQ(file_format_named("dense").extensions, std::vector<std::string>{".txt"});
}

TEST(FileFormats, EachExtensionMapsToItsFormatInAnyCase) {
  TempDir dir;
  // Content that no content test takes for another format: the extension alone decides.
  const std::string text = "NAME: not what the extension says\n";
  int i = 0;
  for (const auto& [extension, format] : kGraphExtensions) {
    std::string upper = extension;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](char c) { return static_cast<char>(std::toupper(c)); });
    for (const std::string& spelled : {extension, upper}) {
      const std::string path = dir.file("input" + std::to_string(i++) + spelled);
      write_text(path, text);
      EXPECT_EQ(detect_graph_format(path).name, format) << path;
    }
  }
}

TEST(FileFormats, EachSampleLoadsUnderItsOwnExtension) {
  for (const Sample& sample : kSamples) {
    const std::string path = data(sample.file);
    const FileFormat& format = detect_graph_format(path);
    EXPECT_EQ(format.name, sample.format) << sample.file;
    EXPECT_EQ(load_graph(path).report.format, sample.reported) << sample.file;
  }
}

TEST(FileFormats, ContentIsRecognisedWhateverTheExtensionSays) {
  TempDir dir;
  int i = 0;
  for (const Sample& sample : kSamples) {
    if (!sample_format(sample).sniff) continue;  // metis: known by extension only
    const std::string original = data(sample.file);
    const std::string text = read_all(original);
    std::istringstream stream(text);
    const FileFormat* sniffed = sniff_graph_format(stream);
    ASSERT_NE(sniffed, nullptr) << sample.file;
    EXPECT_EQ(sniffed->name, sample.format) << sample.file;
    const LoadedGraph reference = load_graph(original);
    for (const std::string name : {"renamed.dat", "renamed", "renamed.bak"}) {
      const std::string path = dir.file(std::to_string(i++) + name);
      write_text(path, text);
      const LoadedGraph loaded = load_graph(path);
      EXPECT_EQ(loaded.report.format, sample.reported) << sample.file << " as " << name;
      EXPECT_EQ(arcs_by_label(loaded.graph), arcs_by_label(reference.graph)) << sample.file << " as " << name;
    }
  }
}

TEST(FileFormats, TxtIsADenseMatrixOnlyWhenTheContentIsOne) {
  TempDir dir;
  write_text(dir.file("square.txt"), read_all(data("dense/good_matrix.txt")));
  write_text(dir.file("edges.txt"), read_all(data("edge_table/good_whitespace.edges")));
  EXPECT_EQ(detect_graph_format(dir.file("square.txt")).name, "dense");
  EXPECT_EQ(detect_graph_format(dir.file("edges.txt")).name, "edge-table");
}

TEST(FileFormats, UnrecognisableContentUnderAnUnknownExtensionIsAnErrorNamingTheFile) {
  TempDir dir;
  const std::string binary("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 16);
  const std::pair<std::string, std::string> cases[] = {
      {"photo.png", binary}, {"words.dat", "one\nword\nper\nline\n"}, {"blank", "\n  \n\t\n"}};
  for (const auto& [name, text] : cases) {
    const std::string path = dir.file(name);
    write_text(path, text);
    const std::string message = error_of(path);
    EXPECT_NE(message.find(path), std::string::npos) << message;
    if (name != "blank") {
      EXPECT_NE(message.find("--input-format"), std::string::npos) << message;
      EXPECT_NE(message.find("edge-table"), std::string::npos) << message;
    } else {
      EXPECT_NE(message.find("empty"), std::string::npos) << message;
    }
  }
}

TEST(FileFormats, NamesAreLookedUpPerKind) {
  EXPECT_EQ(file_format_named("node-table", InputKind::NodeTable).kind, InputKind::NodeTable);
  EXPECT_EQ(file_format_named("numeric-table", InputKind::Table).kind, InputKind::Table);
  for (const std::string wrong : {"graphviz", "node-table", "numeric-table"}) {
    try {
      file_format_named(wrong);
      ADD_FAILURE() << wrong;
    } catch (const Error& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(wrong), std::string::npos) << message;
      EXPECT_NE(message.find("dimacs, metis"), std::string::npos) << message;
    }
  }
  for (const auto& format : file_formats()) {
    EXPECT_EQ(format.read_graph != nullptr, format.kind == InputKind::Graph) << format.name;
    EXPECT_EQ(format.read_node_table != nullptr, format.kind == InputKind::NodeTable) << format.name;
    EXPECT_EQ(format.read_table != nullptr, format.kind == InputKind::Table) << format.name;
  }
}

TEST(FileFormats, TheTableReaderReadsATable) {
  const FileFormat& format = file_format_named("numeric-table", InputKind::Table);
  auto source = format.read_table(std::make_unique<std::istringstream>("gene\ta\tb\tc\nx\t1\t2\t3\ny\t4\tNA\t6\n"),
                                  "table.tsv", {});
  const Table table = read_whole_table(*source);
  EXPECT_EQ(table.rows, 2);
  EXPECT_EQ(table.layout.column_names, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(table.row_names, (std::vector<std::string>{"x", "y"}));
}

TEST(FileFormats, DialogFiltersListEveryExtension) {
  const std::pair<InputKind, std::vector<std::string>> kinds[] = {
      {InputKind::NodeTable, kNodeTableExtensions}, {InputKind::Table, kTableExtensions}};
  std::vector<std::string> graph;
  for (const auto& [extension, format] : kGraphExtensions) graph.push_back(extension);
  for (const auto& [kind, extensions] : {std::pair{InputKind::Graph, graph}, kinds[0], kinds[1]}) {
    const std::string filter = file_dialog_filter(kind);
    const std::string all = filter.substr(0, filter.find(";;"));
    const std::string patterns = " " + all.substr(all.find('(') + 1, all.find(')') - all.find('(') - 1) + " ";
    for (const auto& extension : extensions) {
      EXPECT_NE(patterns.find(" *" + extension + " "), std::string::npos) << all;
    }
    EXPECT_TRUE(filter.ends_with(";;All files (*)")) << filter;
  }
  const std::string graph_filter = file_dialog_filter(InputKind::Graph);
  EXPECT_NE(graph_filter.find(";;DIMACS shortest-path graph (*.gr);;"), std::string::npos) << graph_filter;
  EXPECT_NE(graph_filter.find("TSPLIB95 instance (*.tsp *.atsp)"), std::string::npos) << graph_filter;
}

TEST(FileFormats, HelpNamesEveryFormatExtensionAndGenerator) {
  const std::string graph = input_formats_help(InputKind::Graph);
  for (const std::string name : {"dimacs", "metis", "json", "tsplib", "mtx", "dense", "edge-table"}) {
    EXPECT_NE(graph.find("\n  " + name + " "), std::string::npos) << name << "\n" << graph;
  }
  for (const auto& [extension, format] : kGraphExtensions) EXPECT_NE(graph.find(extension), std::string::npos);
  for (const std::string word : {"NAME.co", "NAME.xyz", "random:n=", "random-stops:k="}) {
    EXPECT_NE(graph.find(word), std::string::npos) << word << "\n" << graph;
  }
  EXPECT_EQ(graph.find("random-table:"), std::string::npos) << graph;
  EXPECT_NE(input_formats_help(InputKind::NodeTable).find("node-table"), std::string::npos);
  const std::string table = input_formats_help(InputKind::Table);
  EXPECT_NE(table.find("numeric-table"), std::string::npos) << table;
  EXPECT_NE(table.find("random-table:rows="), std::string::npos) << table;
  EXPECT_EQ(format_names(InputKind::Graph), "dimacs, metis, json, tsplib, mtx, dense, graphml, gexf, gml, pajek, codex, neuprint, lgl, edge-table");
  EXPECT_NE(graph.find("connectome:n="), std::string::npos) << graph;
  EXPECT_NE(graph.find("classification.csv"), std::string::npos) << graph;
  EXPECT_NE(input_formats_help(InputKind::NodeTable).find("neuron-table"), std::string::npos);
}

TEST(FileFormats, OnlyExtensionsNoOtherInputSharesNameAGraphFile) {
  for (const std::string name : {"a.gr", "b.GRAPH", "c.json", "d.tsp", "e.atsp", "f.mtx", "g.edges", "/x/y.gr"}) {
    EXPECT_TRUE(is_graph_file_name(name)) << name;
  }
  for (const std::string name : {"a.csv", "b.tsv", "c.txt", "d.co", "e.xyz", "f.tour", "noext", "g.png", ""}) {
    EXPECT_FALSE(is_graph_file_name(name)) << name;
  }
}

// What the explorer and the demo list as samples opens alone; what they leave out is a side
// file of a listed graph.
TEST(FileFormats, BundledSamplesAreListedExactlyWhenTheyOpenAlone) {
  const fs::path samples = fs::path(PATHSCOPE_TEST_DATA).parent_path().parent_path() / "resources/samples";
  ASSERT_TRUE(fs::is_directory(samples)) << samples;
  std::set<std::string> graph_stems;
  std::vector<fs::path> others;
  for (const auto& entry : fs::directory_iterator(samples)) {
    if (is_graph_file_name(entry.path().string())) {
      EXPECT_GT(load_graph(entry.path().string()).graph.n, 0) << entry.path();
      graph_stems.insert(entry.path().stem().string());
    } else {
      others.push_back(entry.path());
    }
  }
  EXPECT_FALSE(graph_stems.empty());
  for (const auto& other : others) EXPECT_TRUE(graph_stems.count(other.stem().string())) << other;
}
