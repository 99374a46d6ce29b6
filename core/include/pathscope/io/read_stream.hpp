#pragma once
// The readers behind load_graph() on a stream instead of a path: for data already in memory,
// tests and fuzzing. Messages name source_name and the line.
#include <istream>
#include <string>

#include "pathscope/io/load.hpp"

namespace pathscope {

// format: a graph format's name from file_formats.hpp, "dimacs", "edge-table", ... (required:
// a stream has no extension). side: the sibling file's content where the format has one (.co
// for dimacs, .xyz for metis), or null. options.node_table is not read here.
LoadedGraph read_graph_stream(std::istream& in, const std::string& source_name, const std::string& format,
                              const LoadOptions& options = {}, std::istream* side = nullptr,
                              const std::string& side_name = {});

// Applies a node table (names, positions, isolated nodes) held in a stream to a loaded graph.
void apply_node_table_stream(std::istream& in, const std::string& source_name, LoadedGraph& loaded,
                             const LoadOptions& options = {});

}  // namespace pathscope
