#pragma once
// Node colours from a node attribute, and the legend that explains them. Text and boolean
// columns are categories: the most frequent values get the qualitative palette's colours in
// order, the rest share "other". Integer and real columns are numbers: a sequential ramp
// (viridis-like, dark to bright) from their minimum to their maximum, linear or logarithmic
// (betweenness and synapse counts are so skewed that a linear ramp paints all but a few nodes
// dark). Missing values (and NaN) are "none" in both.
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

// How numbers spread over the ramp. Log: t = log(1 + (v - min) / step) / log(1 + (max - min) / step),
// where step is the smallest value above the minimum, so the minimum (often 0) keeps the dark
// end and each decade gets an equal share of the ramp.
enum class RampScale { Linear, Log };

struct NodeColouring {
  bool numeric = false;
  RampScale scale = RampScale::Linear;  // numbers: the scale used (Linear where Log cannot apply)
  double log_step = 0;                  // numbers on the log scale: the step in the formula above
  std::vector<NodeColour> node_colours;  // one per node
  // Categories: one entry per palette colour used (most frequent value first), then "other"
  // and "none" when they have nodes. Numbers: only "none", when some node has no value.
  std::vector<LegendEntry> entries;
  double min = 0, max = 0;          // numbers: the range the ramp spans
  std::int64_t numbered_nodes = 0;  // numbers: nodes with a value (coloured by the ramp)
};

NodeColouring colour_nodes(const AttributeColumn& column);
// Numbers on the given scale; Log falls back to Linear when every value is the same.
NodeColouring colour_nodes(const AttributeColumn& column, RampScale scale);

// The scale a person expects: Log when the numbers are skewed, the largest more than
// kLogScaleSkew times the median (a median of 0 with a larger maximum counts), Linear otherwise
// and for categories.
inline constexpr double kLogScaleSkew = 100;
RampScale automatic_ramp_scale(const AttributeColumn& column);

// Where a value sits on the colouring's ramp (0..1), and the value at a ramp position: the
// legend writes the values under its ramp with this.
double ramp_position(const NodeColouring& colouring, double value);
double ramp_value(const NodeColouring& colouring, double t);

}  // namespace pathscope
