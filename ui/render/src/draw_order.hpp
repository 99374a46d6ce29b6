#pragma once
// The order nodes and arcs are uploaded in, so that a frame draws only what it can show:
// both are bucketed into a grid of cells over the graph's bounds (culling: only the cells in
// view are drawn), and within each cell arcs go longest first (thinning: zoomed out, arcs
// shorter than a pixel are cut from the end of each cell's run). One draw per run of cells.
// Arcs are split first into tiers of a stable random order (tier t holds kFirstTier * 2^t
// arcs), each tier bucketed as above: a frame with more arcs in view than its budget draws
// the first tiers only, an unbiased sample of the picture, and the next frames the rest.
#include <cstdint>
#include <vector>

#include "pathscope_render/camera.hpp"

namespace pathscope::render {

struct CellGrid {
  Point lo{0, 0};
  double cell_w = 1, cell_h = 1;
  int gx = 1, gy = 1;
  // About `objects / per_cell` cells (at most max_cells) of the box's shape.
  static CellGrid over(Point lo, Point hi, std::size_t objects, std::size_t per_cell, int max_cells);
  int cell_of(double x, double y) const;
  int cells() const { return gx * gy; }
};

struct DrawRange {
  std::int32_t first, count;
};

// Nodes also get a level of detail: halving the bounds' longer side k times gives a grid of
// level k, and a node's level is the first k at which it is the one node drawn for its cell
// (by Morton order). Drawing the nodes of level <= k then puts one node in every occupied
// cell of level k: zoomed out, a node per few pixels looks the same as all of them at a
// fraction of the primitives.
struct NodeOrder {
  static constexpr int kLevels = 17;     // levels 0..16; kLevels: never a cell's one node
  CellGrid grid;
  std::vector<float> centres;            // x, y per node, cell by cell, lowest level first
  std::vector<std::int32_t> index;       // the node each slot holds
  std::vector<std::uint8_t> level;       // per slot
  // cells + 1 offsets into the nodes; as built, one empty cell: an order with no nodes yet is a
  // valid one, so a frame drawn before any graph arrives draws nothing rather than reading past
  // the end.
  std::vector<std::int32_t> cell_start{0, 0};
  double extent = 1;                     // the longer side of the bounds: level k's cells are extent / 2^k
  // The lowest level whose cells are at most `cell_px` on screen at this zoom.
  int level_for(double pixels_per_unit, double cell_px) const;
};

struct ArcTier {
  // cells + 1: arcs of a cell, by midpoint, longest first; as built, one empty cell (see NodeOrder)
  std::vector<std::int32_t> cell_start{0, 0};
  std::int32_t long_start = 0, end = 0;  // arcs longer than a cell: [long_start, end), longest first
};

struct ArcOrder {
  static constexpr std::int32_t kFirstTier = 1024;
  CellGrid grid;
  std::vector<float> segments;           // x0, y0, x1, y1 per arc, in draw order
  std::vector<float> lengths;            // per arc, same order
  std::vector<std::int32_t> index;       // the input arc each slot holds
  std::vector<ArcTier> tiers{ArcTier{}};  // as built, one empty tier: a valid order with no arcs
  std::int32_t total() const { return static_cast<std::int32_t>(lengths.size()); }
};

// centres: x, y per node (world units relative to the renderer's origin).
NodeOrder order_nodes(const std::vector<float>& centres, Point lo, Point hi);
// segments: x0, y0, x1, y1 per arc.
ArcOrder order_arcs(const std::vector<float>& segments, Point lo, Point hi);

// The runs to draw for the view box [view_lo, view_hi] (same units), grown by `pad`: in each
// cell in view, the nodes of level <= max_level.
void visible_node_ranges(const NodeOrder& order, Point view_lo, Point view_hi, double pad, int max_level,
                         std::vector<DrawRange>& out);
// Only arcs at least min_length long; the cells in view grown by one (an arc's ends lie
// within half a cell of its midpoint). Tier by tier: when tier_ends is given, it gets the size
// of `out` after each tier, so a prefix of the tiers is a prefix of `out`.
void visible_arc_ranges(const ArcOrder& order, Point view_lo, Point view_hi, double min_length,
                        std::vector<DrawRange>& out, std::vector<std::size_t>* tier_ends = nullptr);

// How long the part of segment (x0, y0, x1, y1) inside the box [lo, hi] is (0 outside it).
double clipped_length(const float* segment, Point lo, Point hi);

}  // namespace pathscope::render
