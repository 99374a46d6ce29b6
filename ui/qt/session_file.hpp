#pragma once
// A saved explorer session (File › Save Session, Open Session): the graph and how it was
// loaded, what was chosen on it and which answer was shown, the view choices, the camera and
// the window's layout, and the node values computed on the graph (centrality, flow layers). A
// small versioned JSON file ({"pathscope_session": 2, ...}; version 1 files, from before the
// filter and computed values, still open); answers and values are not stored but computed again
// on opening, from the same choices with the same method.
#include <QByteArray>
#include <QString>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/reach/reach.hpp"
#include "analysis_requests.hpp"
#include "selection.hpp"
#include "view_choices.hpp"

namespace pathscope::qt {

struct SessionFile {
  static constexpr int kVersion = 2;
  static constexpr int kOldestVersion = 1;  // read as well, its missing fields at their defaults

  std::string graph;  // an absolute file path, or a generator spec ("random:...", "connectome:...")
  LoadOptions options;
  // Nodes by the id a person sees (Graph::display_id), so they survive a reload of the file.
  std::optional<std::int64_t> source, target;
  std::vector<std::int64_t> stops;
  // The answer shown: found again on opening.
  enum class Shown { Nothing, Path, Tour, TourThroughAll, Reach, PathSet };
  Shown shown = Shown::Nothing;
  ReachDirection reach_direction = ReachDirection::Downstream;
  std::int32_t reach_max_hops = kUnlimitedHops;
  Selection::PathSet::Kind path_set_kind = Selection::PathSet::Kind::AllShortest;
  std::int64_t path_set_count = 0;
  int path_set_entry = 0;
  ViewChoices view;
  // Computed again on opening, in this order; the view colours by them once they are back.
  std::vector<CentralityRequest> centrality;
  struct Flow {
    std::vector<std::int64_t> seeds;  // by display id, as the selection's nodes
    std::string seed_label;
    std::int32_t repetitions = 1000;
    std::string engine = "cpu";
  };
  std::optional<Flow> flow;
  struct Camera {
    double centre_x = 0, centre_y = 0, pixels_per_unit = 1;
  };
  std::optional<Camera> camera;
  QByteArray window_geometry, window_state;  // QMainWindow::saveGeometry, saveState
};

// True for a spec the loader generates rather than reads from a file.
bool is_generator_spec(const std::string& spec);

// The session as JSON text, and written through a temporary file renamed into place; throws
// Error naming the file.
std::string session_json(const SessionFile& session);
void write_session_file(const QString& file, const SessionFile& session);
// Throws Error "FILE: what is wrong" for unreadable files, bad JSON, another version, a field
// of the wrong kind, or a graph file that no longer exists.
SessionFile read_session_file(const QString& file);

// The node with this display id, or nullopt.
std::optional<std::int32_t> node_with_display_id(const Graph& g, std::int64_t id);

}  // namespace pathscope::qt
