#pragma once
// The dataset on stage: the graph, where each node is drawn and which lines to draw.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pathscope/graph.hpp"
#include "pathscope/job.hpp"

namespace pathscope::demo {

struct Scene {
  std::string spec;                     // what was loaded: a path or a generator spec
  std::shared_ptr<const Graph> graph;   // shared with the lanes' threads
  std::vector<float> positions;         // n * 2
  std::vector<std::int32_t> draw_arcs;  // (tail, head) pairs; an undirected edge once
  std::string position_source;          // "coordinates", "force layout (cached)", ...
  std::vector<std::string> load_notes;
};

// Loads a file or generator spec and places its nodes: the file's coordinates when it has
// them, otherwise the cached force layout. Throws Error/ParseError naming the file.
Scene load_scene(const std::string& spec, const JobContext& job);

// Bundled sample graphs (resources/samples) that load_graph reads directly.
std::vector<std::string> bundled_samples();

}  // namespace pathscope::demo
