// The format table: the one place that says which files pathscope reads and how.
#include "pathscope/io/file_formats.hpp"

#include "io/connectome/connectome_readers.hpp"
#include "io/readers.hpp"

namespace pathscope {

namespace {

// The readers behind load_graph(), in the one signature the table holds.
LoadedGraph read_dimacs(std::istream& in, const std::string& source, const LoadOptions& options, std::istream* side,
                        const std::string& side_name) {
  return io::read_dimacs_gr(in, source, options, {side, side_name});
}
LoadedGraph read_metis(std::istream& in, const std::string& source, const LoadOptions& options, std::istream* side,
                       const std::string& side_name) {
  return io::read_metis(in, source, options, {side, side_name});
}
template <LoadedGraph (*Read)(std::istream&, const std::string&, const LoadOptions&)>
LoadedGraph without_sibling(std::istream& in, const std::string& source, const LoadOptions& options, std::istream*,
                            const std::string&) {
  return Read(in, source, options);
}

std::vector<FileFormat> make_formats() {
  std::vector<FileFormat> formats;
  const auto graph = [&](std::string name, std::string title, std::string description,
                         std::vector<std::string> extensions, ContentSniffer sniff, GraphReader read) -> FileFormat& {
    FileFormat& f = formats.emplace_back();
    f.name = std::move(name);
    f.title = std::move(title);
    f.description = std::move(description);
    f.kind = InputKind::Graph;
    f.extensions = std::move(extensions);
    f.sniff = sniff;
    f.read_graph = read;
    return f;
  };
  graph("dimacs", "DIMACS shortest-path graph", "\"p sp N M\" header, \"a U V W\" arcs", {".gr"}, io::looks_like_dimacs,
        read_dimacs)
      .siblings = {{".co", "node coordinates"}};
  // No content test: a METIS header ("N M") reads as well as the first row of an edge table.
  graph("metis", "METIS / DIMACS-10 graph", "\"N M [FMT]\" header, one adjacency line per node", {".graph"}, nullptr,
        read_metis)
      .siblings = {{".xyz", "node coordinates"}};
  graph("json", "networkx node-link JSON", "\"nodes\" and \"links\" (or \"edges\"), optional weights and positions",
        {".json"}, io::looks_like_node_link_json, without_sibling<io::read_node_link_json>);
  graph("tsplib", "TSPLIB95 instance", "cities with coordinates or explicit weights; the complete graph on them",
        {".tsp", ".atsp"}, io::looks_like_tsplib, without_sibling<io::read_tsplib_graph>);
  graph("mtx", "Matrix Market matrix", "coordinate matrix; entry (i, j) is an arc from i to j", {".mtx"},
        io::looks_like_matrix_market, without_sibling<io::read_matrix_market>);
  graph("dense", "dense connection matrix", "N lines of N numbers; a large number, inf or 0 means no arc", {".txt"},
        io::looks_like_dense_matrix, without_sibling<io::read_dense_matrix>);
  // The exchange formats: strict content tests, before the edge table's loose one.
  graph("graphml", "GraphML", "networkx, igraph, Cytoscape, yEd: typed keys, positions (x, y, z), labels; --weight-attribute",
        {".graphml"}, io::looks_like_graphml, without_sibling<io::read_graphml>);
  graph("gexf", "GEXF (Gephi)", "1.1-1.3: attributes, viz:position, viz:color, labels, weights; --weight-attribute",
        {".gexf"}, io::looks_like_gexf, without_sibling<io::read_gexf>);
  graph("gml", "GML", "networkx/igraph GML: node id, label, graphics x y; edge source, target, weight",
        {".gml"}, io::looks_like_gml, without_sibling<io::read_gml>);
  graph("pajek", "Pajek network", "*Vertices with labels and x y, *Arcs, *Edges, *Arcslist, *Edgeslist", {".net"},
        io::looks_like_pajek, without_sibling<io::read_pajek>);
  // Before the edge table, which would read them as plain arcs: rows of one pair summed, 64-bit
  // ids, neuron tables beside them joined.
  graph("codex", "FlyWire Codex connections",
        "pre_root_id, post_root_id, neuropil, syn_count, nt_type; a pair's rows summed; >= 5 synapses unless "
        "--min-synapses",
        {".csv"}, io::looks_like_codex_connections, without_sibling<io::read_codex_connections>)
      .companions = io::codex_neuron_tables();
  graph("neuprint", "neuPrint connections",
        "bodyId_pre, bodyId_post, weight (traced-total- or traced-roi-connections; ROIs summed)",
        {".csv"}, io::looks_like_neuprint_connections, without_sibling<io::read_neuprint_connections>)
      .companions = io::neuprint_neuron_tables();
  // Before the edge table, whose reader would skip the "# NAME" lines as comments and read
  // another graph from the rest.
  graph("lgl", "igraph LGL graph", "\"# NAME\" opens a node's block, then \"OTHER [WEIGHT]\" lines; undirected",
        {".lgl"}, io::looks_like_lgl, without_sibling<io::read_lgl>);
  graph("edge-table", "edge table",
        "one connection per row: source, target, optional strength; NeuronConnect tables by header",
        {".csv", ".tsv", ".edges", ".txt"}, io::looks_like_edge_table, without_sibling<io::read_edge_table>);

  FileFormat& neurons = formats.emplace_back();
  neurons.name = "neuron-table";
  neurons.title = "connectome neuron table";
  neurons.description = "root_id or bodyId, then cell types, classes, sides, names, positions (Codex, neuPrint)";
  neurons.kind = InputKind::NodeTable;
  neurons.extensions = {".csv"};
  neurons.sniff = io::looks_like_neuron_table;
  neurons.read_node_table = io::apply_neuron_table;

  FileFormat& nodes = formats.emplace_back();
  nodes.name = "node-table";
  nodes.title = "node table";
  nodes.description = "node ids or names, optional x, y, z positions; with or without a header";
  nodes.kind = InputKind::NodeTable;
  nodes.extensions = {".csv", ".tsv", ".txt"};
  nodes.read_node_table = io::apply_node_table;

  FileFormat& table = formats.emplace_back();
  table.name = "numeric-table";
  table.title = "numeric table";
  table.description = "rows of numbers, tab, comma, semicolon or blank separated; header and row names detected";
  table.kind = InputKind::Table;
  table.extensions = {".tsv", ".csv", ".txt"};
  table.read_table = open_table_stream;
  return formats;
}

}  // namespace

bool FileFormat::has_extension(std::string_view extension) const {
  for (const auto& own : extensions) {
    if (own == extension) return true;
  }
  return false;
}

const std::vector<FileFormat>& file_formats() {
  static const std::vector<FileFormat> formats = make_formats();
  return formats;
}

const std::vector<InputGenerator>& input_generators() {
  static const std::vector<InputGenerator> generators = {
      {"random:", "random:n=N,deg=D,seed=S[,undirected][,geometric]",
       "random directed graph, the same for the same spec everywhere (geometric: nodes with coordinates, arcs to near ones)",
       InputKind::Graph},
      {"random-dag:", "random-dag:n=N,deg=D,seed=S",
       "random DAG: each node's arcs go to nodes after it in a hidden random order (no cycle)", InputKind::Graph},
      {"connectome:", "connectome:n=N,seed=S[,deg=D][,types=T]",
       "whole-brain-like connectome: heavy-tailed degrees and synapse counts, named cell types, 3-D positions",
       InputKind::Graph},
      {"random-stops:", "random-stops:k=K,seed=S[,asymmetric][,fractional]",
       "pathscope-cli tsp and bench tsp only: K stops with random costs, no graph", InputKind::Graph},
      {"random-table:", "random-table:rows=R,cols=C,seed=S[,levels=L]", "random integer table, many ties",
       InputKind::Table},
  };
  return generators;
}

}  // namespace pathscope
