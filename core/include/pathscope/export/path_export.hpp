#pragma once
// A shortest path (or a tour) as JSON that stands on its own: which graph (file name and
// sha256), which pair, how long, every hop with its node, cost, strength and attributes, and
// which engine answered in how long. The one schema for a path, "pathscope/path/3", shared by
// the explorer's export, `pathscope-cli path --json`, `path --pairs --json` and `paths --json`
// (docs/path-json.md describes it with an example):
//   path object: source, target ({index, id, label[, name][, position][, attributes]}),
//     reachable, distance (null when unreachable), hops (the number of arcs), per_hop
//     ("synapses" or "cost": hop_values.hpp), nodes (one entry per node walked: a node as
//     above with cumulative and, after the first, arc_cost, the per_hop value under its name
//     and, when the graph keeps edge attributes, arc_attributes).
//   path document: the path object plus tool, version, schema, kind ("path" | "tour"), graph
//     {file, sha256, nodes, arcs, directed}, engine, timings, and for a tour closing_arc_cost.
// Attributes keep their types (text, integer, real, boolean; null when a real is not finite);
// a missing value is left out. Whole numbers are written as integers.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

// The schema name of a path document, and of the path objects that lists of paths hold.
inline constexpr const char* kPathSchema = "pathscope/path/3";

struct PathExportInfo {
  std::string tool = "pathscope";  // the program writing the document
  std::string graph_file;     // as the person opened it
  std::string graph_sha256;   // of that file; empty for generated graphs
  std::string engine;         // what produced the path: "dijkstra", "blocked", ...
  std::vector<Timing> timings;  // all-pairs runs done on this graph, if any
  // Positions as shown: the graph's coordinates or a computed layout; empty for none.
  std::vector<float> positions;
  int position_dims = 0;
  bool tour = false;          // nodes form a closed loop; the last arc returns to the first
};

// The path object alone: for documents that list several paths (k shortest, a file of pairs).
nlohmann::json path_object(const Graph& g, const Path& path, const PathExportInfo& info);
// The same for a path given by its arcs (path_sets.hpp); always reachable.
nlohmann::json path_object(const Graph& g, const ArcPath& path, const PathExportInfo& info);
// A node as the schema writes it: {index, id, label[, name][, position][, attributes]}.
nlohmann::json path_node_json(const Graph& g, std::int32_t u, const PathExportInfo& info);
// {file, sha256, nodes, arcs, directed}: the "graph" of every document that holds paths.
nlohmann::json path_graph_json(const Graph& g, const PathExportInfo& info);

// The whole document as JSON (for a front end that adds to it).
nlohmann::json path_document(const Graph& g, const Path& path, const PathExportInfo& info);
// The JSON text (pretty-printed, UTF-8). Unreachable pairs give "reachable": false, no nodes.
std::string path_to_json(const Graph& g, const Path& path, const PathExportInfo& info);
// Written through AtomicFile; throws Error naming the file.
void write_path_json(const std::string& file, const Graph& g, const Path& path, const PathExportInfo& info);

}  // namespace pathscope
