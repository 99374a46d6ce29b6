#pragma once
// The readers behind load_graph(), one per format, each on a stream with a source name for
// messages. Sibling files (.co, .xyz) come in as optional side streams.
#include <istream>
#include <string>

#include "pathscope/io/load.hpp"

namespace pathscope::io {

struct SideInput {
  std::istream* stream = nullptr;  // null: no side file
  std::string name;
};

LoadedGraph read_dimacs_gr(std::istream& in, const std::string& source, const LoadOptions& options,
                           SideInput coordinates = {});
LoadedGraph read_metis(std::istream& in, const std::string& source, const LoadOptions& options,
                       SideInput coordinates = {});
// Plain edge tables, and typed connection tables (Varshney NeuronConnect) found by their header.
LoadedGraph read_edge_table(std::istream& in, const std::string& source, const LoadOptions& options);
LoadedGraph read_node_link_json(std::istream& in, const std::string& source, const LoadOptions& options);
LoadedGraph read_tsplib_graph(std::istream& in, const std::string& source, const LoadOptions& options);
LoadedGraph read_matrix_market(std::istream& in, const std::string& source, const LoadOptions& options);
LoadedGraph read_lgl(std::istream& in, const std::string& source, const LoadOptions& options);
LoadedGraph read_dense_matrix(std::istream& in, const std::string& source, const LoadOptions& options);
// The exchange formats of Gephi, Cytoscape, yEd, igraph and networkx (graphml_reader.cpp ...).
LoadedGraph read_graphml(std::istream& in, const std::string& source, const LoadOptions& options);
LoadedGraph read_gexf(std::istream& in, const std::string& source, const LoadOptions& options);
LoadedGraph read_gml(std::istream& in, const std::string& source, const LoadOptions& options);
LoadedGraph read_pajek(std::istream& in, const std::string& source, const LoadOptions& options);

// Gives the nodes of a loaded graph names and positions from a node table; table nodes the
// graph lacks are appended as isolated nodes.
void apply_node_table(std::istream& in, const std::string& source, LoadedGraph& loaded,
                      const LoadOptions& options);

// Content tests for files whose extension does not tell (the format table in
// file_formats.cpp says which format uses which). Each looks at the first line that is not
// blank, except where said.
bool looks_like_dimacs(std::istream& in);          // "c ..." comment or "p sp" header
bool looks_like_node_link_json(std::istream& in);  // starts with '{'
bool looks_like_tsplib(std::istream& in);          // NAME:, TYPE:, COMMENT: or DIMENSION:
bool looks_like_matrix_market(std::istream& in);   // the %%MatrixMarket banner
// Dense matrix text: every non-blank line has the same number of numbers, equal to the count
// of such lines (no more lines than numbers when the stream is part of a larger input). Reads
// the stream to the end (or to the first line that rules it out).
bool looks_like_dense_matrix(std::istream& in);
bool looks_like_graphml(std::istream& in);  // root element <graphml>
bool looks_like_gexf(std::istream& in);     // root element <gexf>
bool looks_like_gml(std::istream& in);      // key-value pairs up to "graph ["
bool looks_like_pajek(std::istream& in);    // first line *Vertices (or *Network)
// At least two "# NAME" block headers, each followed by "NAME [WEIGHT]" lines.
bool looks_like_lgl(std::istream& in);
// Text whose first rows have no control bytes, the first with at least two fields. Loose on
// purpose: the edge-table reader names the line of any defect.
bool looks_like_edge_table(std::istream& in);
// "graph", "digraph" or "strict ..." then '{': a GraphViz DOT file, which no reader reads; told
// apart so that it is refused by name rather than read as a table of words.
bool looks_like_graphviz_dot(std::istream& in);

}  // namespace pathscope::io
