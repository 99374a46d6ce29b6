#pragma once
// Everything one opened graph brings: the graph, its file hash, the graph as drawn, and the
// all-pairs result once computed.
#include <memory>
#include <string>
#include <vector>

#include "pathscope/apsp.hpp"
#include "pathscope/drawn_graph.hpp"
#include "pathscope/job.hpp"
#include "pathscope/load.hpp"
#include "pathscope/path.hpp"
#include "pathscope/path_export.hpp"

namespace pathscope::qt {

struct GraphSession {
  std::string spec;  // file path or generator spec
  LoadOptions options;
  LoadedGraph loaded;
  std::string sha256;            // of the file; of the spec text for generated graphs
  DrawnGraph drawn;              // positions, lines and components as drawn
  std::shared_ptr<const ApspResult> apsp;
  std::vector<Timing> timings;

  const Graph& graph() const { return loaded.graph; }
};

// Loads the graph, hashes the file and finds positions (layout when it has none); the
// JobContext's progress covers the layout, the longest part. Throws Error / Cancelled.
std::shared_ptr<GraphSession> build_session(const std::string& spec, const LoadOptions& options,
                                            const JobContext& job);

// The distance type all-pairs should use here: int32 when exact, float otherwise.
DistType apsp_dist_type(const Graph& g);

// The path for (s, t): rebuilt from the all-pairs matrix when there is one, otherwise by a
// single-source search. method tells which, for the panel and the export.
Path find_path(const GraphSession& session, std::int32_t s, std::int32_t t, std::string& method);

PathExportInfo export_info(const GraphSession& session, const std::string& method);

}  // namespace pathscope::qt
