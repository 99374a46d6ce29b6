#pragma once
// A shortest path (or a tour) as a JSON document that stands on its own: which graph (file
// name and sha256), which pair, how long, every hop with its id, name, position and arc cost,
// and which engine answered in how long.
#include <string>
#include <vector>

#include "pathscope/graph.hpp"
#include "pathscope/job.hpp"
#include "pathscope/path.hpp"

namespace pathscope {

struct PathExportInfo {
  std::string graph_file;     // as the person opened it
  std::string graph_sha256;   // of that file; empty for generated graphs
  std::string engine;         // what produced the path: "dijkstra", "blocked", ...
  std::vector<Timing> timings;  // all-pairs runs done on this graph, if any
  // Positions as shown: the graph's coordinates or a computed layout; empty for none.
  std::vector<float> positions;
  int position_dims = 0;
  bool tour = false;          // nodes form a closed loop; the last arc returns to the first
};

// The JSON text (pretty-printed, UTF-8). Unreachable pairs give "reachable": false, no nodes.
std::string path_to_json(const Graph& g, const Path& path, const PathExportInfo& info);
// Written through AtomicFile; throws Error naming the file.
void write_path_json(const std::string& file, const Graph& g, const Path& path, const PathExportInfo& info);

}  // namespace pathscope
