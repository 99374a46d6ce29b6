#pragma once
// A shortest path (or a tour) as a JSON document that stands on its own: which graph (file
// name and sha256), which pair, how long, every hop with its id, name, position and arc cost,
// and which engine answered in how long. The one schema for a path ("pathscope/path/2"),
// shared by the explorer's export and `pathscope-cli path --json`:
//   tool, version, schema, kind ("path" | "tour"), graph {file, sha256, nodes, arcs, directed},
//   source, target ({index, id, label[, name][, position][, attributes {column: text}]}),
//   reachable, distance (null when unreachable), hops (the number of arcs), per_hop
//   ("synapses" or "cost": hop_values.hpp), nodes (one entry per node walked, each a node as
//   above with cumulative and, after the first, arc_cost and the per_hop value under its
//   name), engine, timings, and for a tour closing_arc_cost. Whole numbers are written as
//   integers.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

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

// The document as JSON (for a front end that adds to it or lists several).
nlohmann::json path_document(const Graph& g, const Path& path, const PathExportInfo& info);
// The JSON text (pretty-printed, UTF-8). Unreachable pairs give "reachable": false, no nodes.
std::string path_to_json(const Graph& g, const Path& path, const PathExportInfo& info);
// Written through AtomicFile; throws Error naming the file.
void write_path_json(const std::string& file, const Graph& g, const Path& path, const PathExportInfo& info);

}  // namespace pathscope
