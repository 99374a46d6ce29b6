#pragma once
// The graph as both front ends draw it: where each node sits, which lines to draw, and which
// weakly connected part each node belongs to. One rule for every front end, so the explorer
// and the demo show the same picture of the same file.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/layout/layout.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

struct DrawnGraphOptions {
  // The key of the force-layout cache (the file's sha256, or of the generator spec); empty
  // computes the layout without touching the cache.
  std::string layout_cache_key;
  LayoutOptions layout;
  // Past this width-to-height ratio the minor axis is stretched (a worm is 800 µm long and
  // 40 µm thick), and the note says so.
  double max_aspect = 3.0;
};

struct DrawnGraph {
  std::vector<float> positions;        // n * 2, every one finite
  std::vector<std::int32_t> arcs;      // (tail, head) pairs; an undirected edge once
  std::vector<std::int32_t> component; // weakly connected part of each node
  std::int32_t component_count = 0;
  // "coordinates", "coordinates (x, y of x, y, z)", "force layout", "force layout (cached)".
  std::string position_source;
  // What the picture changed: "y stretched x6.2 for legibility; 3 nodes without position in
  // the bottom row"; empty when nothing.
  std::string position_note;
  std::int32_t nodes_without_position = 0;
};

// The file's coordinates when at least one node has a finite (x, y); the force layout
// (cached under options.layout_cache_key) otherwise. Nodes without a position line up in a
// row under the picture, where they stay visible and clickable. A force layout's components
// are packed in rows, largest first, and its isolated nodes set apart in a grid below them;
// a complete graph with coordinates (a TSPLIB instance) draws its cities without its arcs. The job's progress covers
// the layout, the only long part; throws Cancelled.
DrawnGraph draw_graph(const Graph& g, const DrawnGraphOptions& options, const JobContext& job);

// The lines to draw: every arc of a directed graph; each edge of an undirected one once.
std::vector<std::int32_t> arcs_to_draw(const Graph& g);

}  // namespace pathscope
