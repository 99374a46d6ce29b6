#pragma once
// The readers behind load_graph(), one per format, each on a stream with a source name for
// messages. Sibling files (.co, .xyz) come in as optional side streams.
#include <istream>
#include <string>

#include "pathscope/load.hpp"

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
LoadedGraph read_dense_matrix(std::istream& in, const std::string& source, const LoadOptions& options);

// Gives the nodes of a loaded graph names and positions from a node table; table nodes the
// graph lacks are appended as isolated nodes.
void apply_node_table(std::istream& in, const std::string& source, LoadedGraph& loaded,
                      const LoadOptions& options);

// Dense matrix text: every non-blank line has the same number of numbers, equal to the count
// of such lines. Reads the stream to the end (or to the first line that rules it out).
bool looks_like_dense_matrix(std::istream& in);
// A format name for content without a telling extension, from its first lines.
std::string sniff_format(std::istream& in);

// Sets integer_weights and unit_weights from the arcs themselves.
void mark_weight_kinds(Graph& g);

}  // namespace pathscope::io
