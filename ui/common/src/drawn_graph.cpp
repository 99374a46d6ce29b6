#include "pathscope_ui_common/drawn_graph.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "pathscope_ui_common/layout_cache.hpp"

namespace pathscope {
namespace {

struct Box {
  double lo_x = std::numeric_limits<double>::infinity(), hi_x = -lo_x, lo_y = lo_x, hi_y = -lo_x;
  bool empty() const { return !(lo_x <= hi_x); }
};

bool has_coordinates(const Graph& g) {
  if (g.coord_dims < 2 || g.coords.size() < static_cast<std::size_t>(g.n) * g.coord_dims) return false;
  for (std::int32_t u = 0; u < g.n; ++u) {
    const std::size_t at = static_cast<std::size_t>(u) * g.coord_dims;
    if (std::isfinite(g.coords[at]) && std::isfinite(g.coords[at + 1])) return true;
  }
  return false;
}

void add_note(DrawnGraph& d, const std::string& note) {
  d.position_note += (d.position_note.empty() ? "" : "; ") + note;
}

// Stretches the minor axis so that the picture is at most max_aspect times wider than tall.
void limit_aspect(DrawnGraph& d, Box& box, double max_aspect) {
  const double width = std::max(box.hi_x - box.lo_x, 1e-9), height = std::max(box.hi_y - box.lo_y, 1e-9);
  if (width <= max_aspect * height && height <= max_aspect * width) return;
  const bool stretch_y = width > height;
  const double factor = std::max(width, height) / (max_aspect * std::min(width, height));
  double& lo = stretch_y ? box.lo_y : box.lo_x;
  double& hi = stretch_y ? box.hi_y : box.hi_x;
  const double centre = (lo + hi) / 2;
  for (std::size_t i = stretch_y ? 1 : 0; i < d.positions.size(); i += 2) {
    if (std::isfinite(d.positions[i])) d.positions[i] = static_cast<float>(centre + (d.positions[i] - centre) * factor);
  }
  lo = centre + (lo - centre) * factor;
  hi = centre + (hi - centre) * factor;
  char text[96];
  std::snprintf(text, sizeof text, "%s stretched x%.1f for legibility", stretch_y ? "y" : "x", factor);
  add_note(d, text);
}

void place_from_coordinates(const Graph& g, DrawnGraph& d, double max_aspect) {
  const std::size_t dims = static_cast<std::size_t>(g.coord_dims);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  d.positions.assign(static_cast<std::size_t>(g.n) * 2, nan);
  Box box;
  std::vector<std::int32_t> missing;
  for (std::int32_t u = 0; u < g.n; ++u) {
    const float x = g.coords[u * dims], y = g.coords[u * dims + 1];
    if (!std::isfinite(x) || !std::isfinite(y)) {
      missing.push_back(u);
      continue;
    }
    d.positions[2 * u] = x;
    d.positions[2 * u + 1] = y;
    box.lo_x = std::min<double>(box.lo_x, x), box.hi_x = std::max<double>(box.hi_x, x);
    box.lo_y = std::min<double>(box.lo_y, y), box.hi_y = std::max<double>(box.hi_y, y);
  }
  limit_aspect(d, box, max_aspect);
  // The row sits a little under the picture, spread over its width; a picture of one point
  // has no width, so the row then takes a unit.
  const double width = box.hi_x - box.lo_x > 0 ? box.hi_x - box.lo_x : 1.0;
  const double height = box.hi_y - box.lo_y > 0 ? box.hi_y - box.lo_y : 1.0;
  const double step = width / std::max<double>(1, static_cast<double>(missing.size()));
  for (std::size_t i = 0; i < missing.size(); ++i) {
    d.positions[2 * missing[i]] = static_cast<float>(box.lo_x + step * (static_cast<double>(i) + 0.5));
    d.positions[2 * missing[i] + 1] = static_cast<float>(box.lo_y - 0.08 * height);
  }
  d.nodes_without_position = static_cast<std::int32_t>(missing.size());
  if (!missing.empty()) add_note(d, std::to_string(missing.size()) + " nodes without position in the bottom row");
  d.position_source = g.coord_dims == 3 ? "coordinates (x, y of x, y, z)" : "coordinates";
}

// A force layout flings small components and isolated nodes far out, squashing the network
// into a corner. Each component keeps its own shape; they are packed in shelves, largest
// first, left to right in rows about as wide as the largest; isolated nodes go apart, in a
// grid under the rest, one typical arc apart.
void pack_components(DrawnGraph& d, const Graph& g) {
  const std::int32_t n = g.n;
  if (d.component_count <= 1 || n == 0) return;
  std::vector<std::vector<std::int32_t>> members(static_cast<std::size_t>(d.component_count));
  for (std::int32_t u = 0; u < n; ++u) members[static_cast<std::size_t>(d.component[u])].push_back(u);
  std::vector<std::int32_t> isolated, order;
  for (std::int32_t c = 0; c < d.component_count; ++c) {
    if (members[c].size() == 1) isolated.push_back(members[c][0]);
    else order.push_back(c);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::int32_t a, std::int32_t b) { return members[a].size() > members[b].size(); });
  // One unit: the median drawn arc, the scale every component's layout shares.
  std::vector<double> lengths;
  for (std::int32_t u = 0; u < n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const double l = std::hypot(d.positions[2 * u] - d.positions[2 * v], d.positions[2 * u + 1] - d.positions[2 * v + 1]);
      if (l > 0) lengths.push_back(l);
    }
  }
  double unit = 1;
  if (!lengths.empty()) {
    std::nth_element(lengths.begin(), lengths.begin() + static_cast<std::ptrdiff_t>(lengths.size() / 2), lengths.end());
    unit = lengths[lengths.size() / 2];
  }
  const double gap = 3 * unit;
  std::vector<Box> boxes(order.size());
  double widest = 0, area = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    Box& b = boxes[i];
    for (const auto u : members[order[i]]) {
      b.lo_x = std::min<double>(b.lo_x, d.positions[2 * u]), b.hi_x = std::max<double>(b.hi_x, d.positions[2 * u]);
      b.lo_y = std::min<double>(b.lo_y, d.positions[2 * u + 1]), b.hi_y = std::max<double>(b.hi_y, d.positions[2 * u + 1]);
    }
    widest = std::max(widest, b.hi_x - b.lo_x);
    area += (b.hi_x - b.lo_x + gap) * (b.hi_y - b.lo_y + gap);
  }
  const double row_width = std::max(widest, std::sqrt(area) * 1.3);
  // Shelves from the top down (y grows up): each row as tall as its tallest component.
  double x = 0, row_top = 0, row_height = 0, right = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Box& b = boxes[i];
    const double w = b.hi_x - b.lo_x, h = b.hi_y - b.lo_y;
    if (x > 0 && x + w > row_width) {
      row_top -= row_height + gap;
      x = 0;
      row_height = 0;
    }
    for (const auto u : members[order[i]]) {
      d.positions[2 * u] = static_cast<float>(d.positions[2 * u] - b.lo_x + x);
      d.positions[2 * u + 1] = static_cast<float>(d.positions[2 * u + 1] - b.hi_y + row_top);
    }
    x += w + gap;
    right = std::max(right, x - gap);
    row_height = std::max(row_height, h);
  }
  const double bottom = order.empty() ? 0 : row_top - row_height;
  if (!isolated.empty()) {
    const double pitch = 2 * unit;
    const double width = std::max(right, pitch * std::ceil(std::sqrt(static_cast<double>(isolated.size()))));
    const auto columns = std::max<std::size_t>(1, static_cast<std::size_t>(width / pitch) + 1);
    const double top = order.empty() ? 0 : bottom - gap;
    for (std::size_t i = 0; i < isolated.size(); ++i) {
      d.positions[2 * isolated[i]] = static_cast<float>(static_cast<double>(i % columns) * pitch);
      d.positions[2 * isolated[i] + 1] = static_cast<float>(top - static_cast<double>(i / columns) * pitch);
    }
  }
  std::string note = std::to_string(order.size()) + " components packed, largest first";
  if (!isolated.empty()) note += "; " + std::to_string(isolated.size()) + " isolated nodes in a grid below";
  add_note(d, note);
}

// A complete graph with coordinates (a TSPLIB instance: every city to every other) would be
// a solid fan of n(n-1) lines: its cities are drawn, its arcs are not.
bool complete_with_coordinates(const Graph& g) {
  const auto n = static_cast<std::int64_t>(g.n);
  return n >= 8 && g.arc_count() >= n * (n - 1) * 9 / 10;
}

}  // namespace

std::vector<std::int32_t> arcs_to_draw(const Graph& g) {
  std::vector<std::int32_t> arcs;
  arcs.reserve(static_cast<std::size_t>(g.arc_count()) * (g.directed ? 2 : 1));
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (!g.directed && v < u) continue;  // the reverse arc draws the same line
      arcs.push_back(u);
      arcs.push_back(v);
    }
  }
  return arcs;
}

DrawnGraph draw_graph(const Graph& g, const DrawnGraphOptions& options, const JobContext& job) {
  DrawnGraph d;
  if (has_coordinates(g)) {
    place_from_coordinates(g, d, options.max_aspect);
    job.report(1.0);
  } else if (options.layout_cache_key.empty()) {
    d.positions = force_layout(g, options.layout, job);
    d.position_source = "force layout";
  } else {
    bool cached = false;
    d.positions = cached_force_layout(g, options.layout_cache_key, options.layout, job, &cached);
    d.position_source = cached ? "force layout (cached)" : "force layout";
  }
  d.component = weak_components(g, &d.component_count);
  if (d.position_source.rfind("force layout", 0) == 0) pack_components(d, g);
  if (d.position_source.rfind("coordinates", 0) == 0 && complete_with_coordinates(g)) {
    add_note(d, "complete graph: cities only, its " + std::to_string(g.arc_count()) + " arcs not drawn");
  } else {
    d.arcs = arcs_to_draw(g);
  }
  return d;
}

}  // namespace pathscope
