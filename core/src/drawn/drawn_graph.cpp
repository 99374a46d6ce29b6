#include "pathscope/drawn_graph.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

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
  d.arcs = arcs_to_draw(g);
  d.component = weak_components(g, &d.component_count);
  return d;
}

}  // namespace pathscope
