#pragma once
// networkx's node-link JSON layout (node_link_data): {"directed", "multigraph", "graph",
// "nodes": [{"id", ...}], "links": [{"source", "target", "weight"}]}. Reading goes through
// load_graph (format "json"); this writes it.
#include <string>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// Writes atomically (temporary name, then rename). Node ids are the display ids, or the names
// when the graph has names but no ids; names, positions and weights are kept; an undirected
// graph lists each edge once. Throws Error when the file cannot be written.
void write_node_link_json(const std::string& path, const Graph& graph);
// The same into an open file, left uncommitted: for outputs renamed together (commit_together).
class AtomicFile;
void write_node_link_json(AtomicFile& file, const Graph& graph);

}  // namespace pathscope
