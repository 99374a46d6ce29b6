#include "pathscope_ui_common/node_colouring.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "pathscope_ui_common/attribute_values.hpp"

namespace pathscope {
namespace {

// Missing values and a text column's empty strings read the same: "".
constexpr const char* kNone = "none";
constexpr const char* kOther = "other";

NodeColouring colour_categories(const AttributeColumn& column) {
  NodeColouring out;
  const auto counts = value_counts(column);
  std::unordered_map<std::string, NodeColour> colour_of;
  std::int64_t other = 0, none = 0;
  std::size_t next = 0;
  for (const auto& [value, count] : counts) {
    if (value.empty()) {
      none = count;
      continue;
    }
    if (next < kCategoryColours) {
      const NodeColour c = category_palette()[next++];
      colour_of.emplace(value, c);
      out.entries.push_back({value, c, count});
    } else {
      other += count;
    }
  }
  if (other > 0) out.entries.push_back({kOther, other_colour(), other});
  if (none > 0) out.entries.push_back({kNone, none_colour(), none});
  out.node_colours.resize(column.size());
  for (std::size_t i = 0; i < column.size(); ++i) {
    const auto value = column.to_text(i);
    const auto it = value.empty() ? colour_of.end() : colour_of.find(value);
    out.node_colours[i] = value.empty() ? none_colour() : it != colour_of.end() ? it->second : other_colour();
  }
  return out;
}

bool is_number_column(const AttributeColumn& column) {
  return column.type == AttributeType::Integer || column.type == AttributeType::Real;
}

// The column's numbers, NaN where missing.
std::vector<double> numbers_of(const AttributeColumn& column) {
  const std::size_t n = column.size();
  std::vector<double> values(n, std::numeric_limits<double>::quiet_NaN());
  for (std::size_t i = 0; i < n; ++i) {
    if (!column.has(i)) continue;
    values[i] = column.type == AttributeType::Real ? column.reals[i] : static_cast<double>(column.integers[i]);
  }
  return values;
}

NodeColouring colour_numbers(const AttributeColumn& column, RampScale scale) {
  NodeColouring out;
  out.numeric = true;
  const std::size_t n = column.size();
  const std::vector<double> values = numbers_of(column);
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const double v : values) {
    if (!std::isfinite(v)) continue;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    ++out.numbered_nodes;
  }
  if (out.numbered_nodes > 0) {
    out.min = lo;
    out.max = hi;
  }
  if (scale == RampScale::Log) {
    double step = std::numeric_limits<double>::infinity();
    for (const double v : values) {
      if (std::isfinite(v) && v > lo) step = std::min(step, v - lo);
    }
    if (std::isfinite(step)) {
      out.scale = RampScale::Log;
      out.log_step = step;
    }
  }
  std::int64_t none = 0;
  out.node_colours.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(values[i])) {
      out.node_colours[i] = none_colour();
      ++none;
      continue;
    }
    // One value throughout: the ramp's middle, not its dark end.
    out.node_colours[i] = ramp_colour(hi > lo ? ramp_position(out, values[i]) : 0.5);
  }
  if (none > 0) out.entries.push_back({kNone, none_colour(), none});
  return out;
}

}  // namespace

const std::array<NodeColour, kCategoryColours>& category_palette() {
  // Tableau 10 without its grey (grey is "other") and its yellow (too near the path's amber),
  // with cyan, olive and two light tints: twelve hues that stay apart on dark and light.
  static constexpr std::array<NodeColour, kCategoryColours> palette{{{78, 121, 167},
                                                                     {225, 87, 89},
                                                                     {89, 161, 79},
                                                                     {176, 122, 161},
                                                                     {118, 183, 178},
                                                                     {242, 142, 43},
                                                                     {255, 157, 167},
                                                                     {156, 117, 95},
                                                                     {23, 190, 207},
                                                                     {188, 189, 34},
                                                                     {160, 203, 232},
                                                                     {140, 209, 125}}};
  return palette;
}

NodeColour other_colour() { return {150, 150, 150}; }
NodeColour none_colour() { return {85, 85, 85}; }

NodeColour ramp_colour(double t) {
  // Viridis sampled at nine even steps; lightness rises at every step.
  static constexpr std::array<NodeColour, 9> stops{{{68, 1, 84},
                                                    {71, 44, 122},
                                                    {59, 81, 139},
                                                    {44, 113, 142},
                                                    {33, 144, 141},
                                                    {39, 173, 129},
                                                    {92, 200, 99},
                                                    {170, 220, 50},
                                                    {253, 231, 37}}};
  if (!(t > 0)) t = 0;  // NaN too
  t = std::min(t, 1.0) * (stops.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(t), stops.size() - 2);
  const double f = t - static_cast<double>(i);
  auto mix = [&](std::uint8_t a, std::uint8_t b) { return static_cast<std::uint8_t>(std::lround(a + (b - a) * f)); };
  return {mix(stops[i].r, stops[i + 1].r), mix(stops[i].g, stops[i + 1].g), mix(stops[i].b, stops[i + 1].b)};
}

NodeColouring colour_nodes(const AttributeColumn& column) { return colour_nodes(column, RampScale::Linear); }

NodeColouring colour_nodes(const AttributeColumn& column, RampScale scale) {
  return is_number_column(column) ? colour_numbers(column, scale) : colour_categories(column);
}

RampScale automatic_ramp_scale(const AttributeColumn& column) {
  if (!is_number_column(column)) return RampScale::Linear;
  std::vector<double> values = numbers_of(column);
  std::erase_if(values, [](double v) { return !std::isfinite(v); });
  if (values.empty()) return RampScale::Linear;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  const double median = *middle;
  const double lo = *std::min_element(values.begin(), values.end());
  const double hi = *std::max_element(values.begin(), values.end());
  // Negative numbers have no decades to spread; a log ramp would misread them.
  if (lo < 0 || !(hi > lo)) return RampScale::Linear;
  return hi > kLogScaleSkew * median ? RampScale::Log : RampScale::Linear;
}

double ramp_position(const NodeColouring& c, double value) {
  if (!(c.max > c.min)) return 0.5;
  if (c.scale == RampScale::Log && c.log_step > 0) {
    return std::log1p(std::max(0.0, value - c.min) / c.log_step) / std::log1p((c.max - c.min) / c.log_step);
  }
  return (value - c.min) / (c.max - c.min);
}

double ramp_value(const NodeColouring& c, double t) {
  if (c.scale == RampScale::Log && c.log_step > 0) {
    return c.min + c.log_step * std::expm1(t * std::log1p((c.max - c.min) / c.log_step));
  }
  return c.min + t * (c.max - c.min);
}

}  // namespace pathscope
