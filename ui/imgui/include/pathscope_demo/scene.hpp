#pragma once
// The dataset on stage: the graph, where each node is drawn and which lines to draw; or, for
// the correlation race, a table whose network only exists once a lane has found it.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/runtime/job.hpp"
#include "pathscope_ui_common/drawn_graph.hpp"
#include "pathscope/io/load.hpp"

namespace pathscope::demo {

struct Scene {
  std::string spec;                     // what was loaded: a path or a generator spec
  std::shared_ptr<const Graph> graph;   // shared with the lanes' threads
  DrawnGraph drawn;                     // positions, lines and components as drawn
  std::vector<std::string> load_notes;
  // Correlation races: the whole table, read once so that every lane starts from memory.
  // The graph is then empty until the race draws its network.
  std::shared_ptr<const Table> table;
};

// Graph problems load graphs; the correlation race loads a table (TSV/CSV or random-table:).
enum class DatasetKind { Graph, Table };
DatasetKind dataset_kind_for(const std::string& problem);

// Loads a file or generator spec and places its nodes (draw_graph: the file's coordinates
// when it has them, otherwise the cached force layout). Throws Error/ParseError naming the file.
// DatasetKind::Table reads a table instead (throws Error when it is too large to hold).
// `reader`: the command line's reader options (--input-format, --weight-attribute, --min-synapses).
Scene load_scene(const std::string& spec, const JobContext& job, DatasetKind kind = DatasetKind::Graph,
                 const LoadOptions& reader = {});

}  // namespace pathscope::demo
