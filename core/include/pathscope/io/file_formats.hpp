#pragma once
// Every kind of file pathscope reads, in one table: per format its --format name, what it is,
// the extensions that name it, the sibling files read with it, how its content is recognised
// and its reader. load_graph's dispatch, the help texts, the file dialogs' filters and the
// sample lists all come from here, so they cannot disagree.
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/io/load.hpp"
#include "pathscope/io/measurement_table.hpp"

namespace pathscope {

// What a file is read as.
enum class InputKind {
  Graph,      // load_graph(): the network itself
  NodeTable,  // LoadOptions::node_table: names and positions for the nodes of a graph
  Table,      // open_table(): a numeric table whose rows are correlated
};

// A file read with the main one when it is there: same folder and stem, another extension
// (rome99.gr -> rome99.co). The main file loads without it.
struct SiblingFile {
  std::string extension;  // lower case, with the dot
  std::string role;       // "node coordinates"
};

// True when the content looks like the format. `in` holds the first MiB of the content
// (decompressed; cut after a whole line), or all of it when shorter; a test reads from its start
// as far as it needs (the dense-matrix test to the end, judging a part by what a part shows).
using ContentSniffer = bool (*)(std::istream& in);
// side: the sibling file's content, or null when there is none.
using GraphReader = LoadedGraph (*)(std::istream& in, const std::string& source, const LoadOptions& options,
                                    std::istream* side, const std::string& side_name);
using NodeTableReader = void (*)(std::istream& in, const std::string& source, LoadedGraph& loaded,
                                 const LoadOptions& options);
using TableReader = std::unique_ptr<RowSource> (*)(std::unique_ptr<std::istream> in, const std::string& source,
                                                   const TableOptions& options);

struct FileFormat {
  std::string name;         // the word --format takes: "dimacs"
  std::string title;        // for dialogs: "DIMACS shortest-path graph"
  std::string description;  // one line for help texts
  InputKind kind = InputKind::Graph;
  std::vector<std::string> extensions;  // lower case, with the dot; the usual one first
  std::vector<SiblingFile> siblings;
  // Tables read after the graph when a file of this name (plain or compressed) lies in the same
  // folder: a connectome export's neuron tables ("classification.csv"), joined by neuron id.
  std::vector<std::string> companions;
  ContentSniffer sniff = nullptr;             // null: known by extension or by name only
  GraphReader read_graph = nullptr;           // set for kind Graph
  NodeTableReader read_node_table = nullptr;  // set for kind NodeTable
  TableReader read_table = nullptr;           // set for kind Table

  bool has_extension(std::string_view extension) const;
};

// Inputs that are made rather than read, named by a prefix: "random:n=1000,deg=8,seed=1".
struct InputGenerator {
  std::string prefix;       // "random:"
  std::string syntax;       // "random:n=N,deg=D,seed=S"
  std::string description;  // one line for help texts
  InputKind kind = InputKind::Graph;
};

// Every format, graphs first in the order content sniffing tries them (the loosest test last).
const std::vector<FileFormat>& file_formats();
const std::vector<InputGenerator>& input_generators();

// The formats of one kind, in table order.
std::vector<const FileFormat*> file_formats_of(InputKind kind);
// The format of `kind` with this name; throws Error listing the names that exist.
const FileFormat& file_format_named(std::string_view name, InputKind kind = InputKind::Graph);

// Lower case, with the dot, "" when there is none: "Roads.GR" -> ".gr".
std::string file_extension(std::string_view path);
// The extension that names the content, past a compression suffix (.gz, .zst, .xz, .bz2):
// "conn.csv.gz" -> ".csv", "graph.gz" -> "". Compressed files are recognised by magic number
// whatever their name, and read decompressed in every format.
std::string content_extension(std::string_view path);

// The graph format of a file. The extension is content_extension(path). A known extension decides among the formats that claim it: the
// first whose content test accepts the file, else the last (.txt: a dense matrix when the
// content is one, else an edge table). Any other extension: the first format whose content
// test accepts the file. Throws Error naming the file when neither extension nor content tells.
const FileFormat& detect_graph_format(const std::string& path);
// The first graph format whose content test accepts the stream, or null. Reads at most the
// first MiB of `in` (the content tests see no more of any input).
const FileFormat* sniff_graph_format(std::istream& in);

// True when the name alone says the file is a graph: its extension belongs to graph formats
// and to no other kind of input. .csv, .tsv and .txt are node tables and numeric tables too,
// so folder listings (the bundled samples) leave them out; they still open when chosen.
bool is_graph_file_name(std::string_view path);

// A help section on the formats and generators of `kind`, ending in a blank line so that
// sections can be joined.
std::string input_formats_help(InputKind kind);
// The --format words of `kind`, comma separated: "dimacs, metis, ...".
std::string format_names(InputKind kind);
// Name filters for file dialogs, in the "Title (*.a *.b);;..." form Qt and GTK dialogs share:
// all files of `kind` first, then one filter per format, then all files.
std::string file_dialog_filter(InputKind kind);

}  // namespace pathscope
