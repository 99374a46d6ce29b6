#pragma once
// The graph, or the part of it a result picked out (a path, k shortest paths, a tour, a reach
// set), written for the tools people open graphs in: GraphML (networkx, igraph, yEd,
// Cytoscape), GEXF 1.2draft or 1.3 (Gephi, networkx), networkx node-link JSON, CSV node and
// edge tables, GML (networkx, igraph, Cytoscape) and Pajek (weights and labels only).
//
// Every format carries the same content, as far as it can hold it: node ids, names, positions,
// the graph's node attributes, arc attributes and graph attributes with their types, arc costs
// (under GraphExportOptions::weight_attribute) and arc strengths, self-loops as edges from a
// node to itself, parallel edges (Graph::extra_arcs), and, when a result is given, marks that a
// viewer can colour by: `highlight` (node or edge belongs to the result), `on_path` (edge is
// walked by the path or tour), `hop` (order along the walk, or the hop distance of a reach set;
// -1 when not in the result) and, for several paths, `path_rank` (the lowest rank the node or
// edge lies on, 1 for the shortest as `paths` numbers them; -1 on none), `path_ranks` (every
// rank, ascending, as text "1;3"; absent on none) and `on_path_1` ... `on_path_10` (one boolean per
// rank for the first ten paths, for viewers that filter by a column's value).
// An undirected graph lists each edge once. docs/export.md says what each format cannot hold.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "pathscope/reach/reach.hpp"

namespace pathscope {

enum class GraphExportFormat { GraphML, Gexf, NodeLinkJson, Csv, Gml, Pajek };

// "graphml", "gexf", "node-link", "csv", "gml", "pajek".
const char* graph_export_format_name(GraphExportFormat format);
// The names above ("json" is accepted for node-link); nullopt for any other word.
std::optional<GraphExportFormat> parse_graph_export_format(std::string_view name);
// By extension: .graphml (.xml), .gexf, .json, .csv, .gml, .net (.paj); nullopt when the name
// says none of them.
std::optional<GraphExportFormat> graph_export_format_of_file(std::string_view file);
// "graphml, gexf, node-link, csv, gml, pajek": for help texts and messages.
std::string graph_export_format_list();

// The files one export writes: the file itself, except CSV, which writes a node table and an
// edge table beside each other: "net.csv" -> "net.nodes.csv" and "net.edges.csv", and, when the
// graph has graph attributes, a one-row table of them, "net.graph.csv" (graph_export_files with
// the graph names it).
std::vector<std::string> graph_export_files(GraphExportFormat format, const std::string& file);
std::vector<std::string> graph_export_files(GraphExportFormat format, const std::string& file, const Graph& graph);

// GEXF 1.2draft is what networkx (2.x and 3.x) and Gephi read; 1.3 is Gephi's newest.
enum class GexfVersion { V1_2draft, V1_3 };
// "1.2draft", "1.3".
const char* gexf_version_name(GexfVersion version);
// "1.2", "1.2draft", "1.3"; nullopt for any other word.
std::optional<GexfVersion> parse_gexf_version(std::string_view name);

// What a result picked out of the graph. No kind and nothing picked: the plain graph, with no
// marks; a kind with nothing picked (no path found): the marks, all false.
struct GraphHighlight {
  // "path", "paths", "tour", "reach" or "" (written into the file's metadata).
  std::string kind;
  // Walks through the graph, each a node sequence whose consecutive nodes are joined by an arc
  // (a path from Path::nodes, a tour's route). Several walks: k paths, ranked by their order.
  std::vector<std::vector<std::int32_t>> walks;
  // A set of nodes (a reach set, its start included when it should be marked), and for each
  // its hop count (empty: unknown). The edges among these nodes are highlighted too.
  std::vector<std::int32_t> nodes;
  std::vector<std::int32_t> node_hops;

  bool empty() const { return walks.empty() && nodes.empty(); }
};

// Marks for common results. A path that is not reachable marks nothing but its two ends.
GraphHighlight highlight_path(const Path& path);
// Several paths (k shortest, all shortest: path_sets.hpp), ranked in the order given.
GraphHighlight highlight_paths(const std::vector<ArcPath>& paths);
// `legs` as expand_tour returns them; one stop and no legs is a tour of that stop alone.
GraphHighlight highlight_tour(const std::vector<Path>& legs, std::int32_t only_stop = -1);
// The set and its start (hop 0).
GraphHighlight highlight_reach(const ReachSet& set);

struct GraphExportOptions {
  // Only the highlighted nodes and edges (the result's subgraph) instead of the whole graph.
  bool subgraph_only = false;
  // Positions to write (the explorer's drawn positions: n * position_dims floats); empty: the
  // graph's own coordinates, if any. Non-finite entries mean "no position" for that node.
  std::vector<float> positions;
  int position_dims = 0;
  // The name under which arc costs are written (osmnx uses "length").
  std::string weight_attribute = "weight";
  // Where the graph came from, written into the file's metadata ("" for none).
  std::string source;
  GexfVersion gexf_version = GexfVersion::V1_2draft;
};

struct GraphExportSummary {
  std::vector<std::string> files;  // as graph_export_files names them
  std::int64_t nodes = 0, edges = 0;
};

// Writes every file of graph_export_files(format, file) through AtomicFile (CSV: both files
// renamed together). Throws Error naming the file when a write fails, and Cancelled when the
// front end's cancel flag (cancel_writes_on) is set; nothing is left under the real names then.
GraphExportSummary write_graph_export(const Graph& graph, GraphExportFormat format, const GraphHighlight& highlight,
                                      const std::string& file, const GraphExportOptions& options = {});

// The same into a file already open, left uncommitted: for outputs renamed together
// (commit_together in atomic_file.hpp). One-file formats only (Error for CSV).
class AtomicFile;
void write_graph_export(AtomicFile& file, const Graph& graph, GraphExportFormat format,
                        const GraphHighlight& highlight = {}, const GraphExportOptions& options = {});

}  // namespace pathscope
