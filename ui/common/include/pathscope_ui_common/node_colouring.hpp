#pragma once
// Node colours from a node attribute, and the legend that explains them. Text and boolean
// columns are categories: the most frequent values get the qualitative palette's colours in
// order, the rest share "other". Integer and real columns are numbers: a sequential ramp
// (viridis-like, dark to bright) from their minimum to their maximum. Missing values (and NaN)
// are "none" in both.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/graph/attributes.hpp"

namespace pathscope {

struct NodeColour {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const NodeColour&) const = default;
};

// The qualitative palette, distinguishable side by side and on both themes.
inline constexpr std::size_t kCategoryColours = 12;
const std::array<NodeColour, kCategoryColours>& category_palette();
NodeColour other_colour();
NodeColour none_colour();
// The sequential ramp at t in [0, 1] (clamped): dark violet through teal to yellow, brighter as
// t grows, so order reads as lightness too.
NodeColour ramp_colour(double t);

struct LegendEntry {
  std::string label;  // the value, "other" or "none"
  NodeColour colour;
  std::int64_t count = 0;  // nodes drawn in this colour
};

struct NodeColouring {
  bool numeric = false;
  std::vector<NodeColour> node_colours;  // one per node
  // Categories: one entry per palette colour used (most frequent value first), then "other"
  // and "none" when they have nodes. Numbers: only "none", when some node has no value.
  std::vector<LegendEntry> entries;
  double min = 0, max = 0;          // numbers: the range the ramp spans
  std::int64_t numbered_nodes = 0;  // numbers: nodes with a value (coloured by the ramp)
};

NodeColouring colour_nodes(const AttributeColumn& column);

}  // namespace pathscope
