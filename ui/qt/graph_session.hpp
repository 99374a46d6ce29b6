#pragma once
// Everything one opened graph brings: the graph, its file hash, the graph as drawn, and the
// all-pairs result once computed.
#include <memory>
#include <string>
#include <vector>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/saved_table.hpp"
#include "pathscope/export/path_export.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/runtime/job.hpp"
#include "pathscope_ui_common/drawn_graph.hpp"
#include "pathscope_ui_common/node_attribute.hpp"

namespace pathscope::qt {

struct GraphSession {
  std::string spec;  // file path or generator spec
  LoadOptions options;
  LoadedGraph loaded;
  std::string sha256;            // of the file; of the spec text for generated graphs
  DrawnGraph drawn;              // positions, lines and components as drawn
  std::shared_ptr<const ApspResult> apsp;
  // An all-pairs table saved by `apsp --out`, opened with File › Open Distance Table: pairs
  // are answered from it (before the in-memory matrix), nothing recomputed.
  std::shared_ptr<const SavedTable> table;
  NodeIndex index;  // ids, names and attribute values, for the find box and completion
  std::vector<Timing> timings;
  // Per-node numbers computed on this graph (centrality, information-flow layers), set on the
  // GUI thread when a run finishes; the view colours and labels by them (node_attribute.hpp).
  ComputedNodeValues computed;
  // Set for a graph made in memory rather than read from `spec` (it cannot be reloaded from
  // there): what made it, for the status bar, e.g. "correlation network of T.tsv".
  std::string made_by;

  const Graph& graph() const { return loaded.graph; }
};

// Loads the graph, hashes the file and finds positions (layout when it has none); the
// JobContext's progress covers the layout, the longest part. Throws Error / Cancelled.
std::shared_ptr<GraphSession> build_session(const std::string& spec, const LoadOptions& options,
                                            const JobContext& job);

// The distance type all-pairs should use here: int32 when exact, float otherwise.
// The rest of build_session for a graph already in memory (a correlation network): positions
// and the find index. sha256 keys the layout cache.
std::shared_ptr<GraphSession> session_from_graph(const std::string& spec, const LoadOptions& options,
                                                 LoadedGraph loaded, std::string sha256, const JobContext& job);

DistType apsp_dist_type(const Graph& g);

// The path for (s, t): rebuilt from the saved table or the all-pairs matrix when there is one,
// otherwise by a single-source search. method tells which, for the panel and the export.
Path find_path(const GraphSession& session, std::int32_t s, std::int32_t t, std::string& method);

// Opens an `apsp --out` table for this session's graph; throws Error naming the file when it
// is not a table or has another number of rows.
std::shared_ptr<const SavedTable> open_saved_table(const GraphSession& session, const std::string& file);
// "saved table D.npy" (with "fewest hops" for a hop16 table): how its paths are found.
std::string saved_table_method(const SavedTable& table);

PathExportInfo export_info(const GraphSession& session, const std::string& method);

}  // namespace pathscope::qt
