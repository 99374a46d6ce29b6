#include "graph_session.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include "pathscope/layout.hpp"
#include "pathscope/sha256.hpp"

namespace pathscope::qt {
namespace {

// Road maps are wider than tall by a little; a worm is 800 µm long and 40 µm thick. Past
// this ratio the minor axis is stretched, and the picture says so.
constexpr double kMaxAspect = 3.0;

void positions_from_coordinates(GraphSession& s) {
  const Graph& g = s.graph();
  const int d = g.coord_dims;
  s.positions.assign(static_cast<std::size_t>(g.n) * 2, 0.0f);
  double lo_x = std::numeric_limits<double>::infinity(), hi_x = -lo_x, lo_y = lo_x, hi_y = -lo_x;
  std::vector<std::int32_t> missing;
  for (std::int32_t u = 0; u < g.n; ++u) {
    const float x = g.coords[static_cast<std::size_t>(u) * d], y = g.coords[static_cast<std::size_t>(u) * d + 1];
    if (!std::isfinite(x) || !std::isfinite(y)) {
      missing.push_back(u);
      continue;
    }
    s.positions[2 * u] = x;
    s.positions[2 * u + 1] = y;
    lo_x = std::min<double>(lo_x, x), hi_x = std::max<double>(hi_x, x);
    lo_y = std::min<double>(lo_y, y), hi_y = std::max<double>(hi_y, y);
  }
  if (missing.size() == static_cast<std::size_t>(g.n)) {
    lo_x = lo_y = 0;
    hi_x = hi_y = 1;
  }
  const double width = std::max(hi_x - lo_x, 1e-9), height = std::max(hi_y - lo_y, 1e-9);
  if (width > kMaxAspect * height || height > kMaxAspect * width) {
    const bool stretch_y = width > height;
    const double factor = std::max(width, height) / (kMaxAspect * std::min(width, height));
    const double centre = stretch_y ? (lo_y + hi_y) / 2 : (lo_x + hi_x) / 2;
    for (std::int32_t u = 0; u < g.n; ++u) {
      float& v = s.positions[2 * u + (stretch_y ? 1 : 0)];
      v = static_cast<float>(centre + (v - centre) * factor);
    }
    if (stretch_y) {
      lo_y = centre + (lo_y - centre) * factor, hi_y = centre + (hi_y - centre) * factor;
    } else {
      lo_x = centre + (lo_x - centre) * factor, hi_x = centre + (hi_x - centre) * factor;
    }
    char text[96];
    std::snprintf(text, sizeof text, "%s stretched x%.1f for legibility", stretch_y ? "y" : "x", factor);
    s.position_note = text;
  }
  // Nodes the position table does not know line up under the picture, visible and clickable.
  const double step = (hi_x - lo_x) / std::max<double>(1, static_cast<double>(missing.size()));
  for (std::size_t i = 0; i < missing.size(); ++i) {
    s.positions[2 * missing[i]] = static_cast<float>(lo_x + step * (static_cast<double>(i) + 0.5));
    s.positions[2 * missing[i] + 1] = static_cast<float>(lo_y - 0.08 * (hi_y - lo_y));
  }
  if (!missing.empty()) {
    s.position_note += (s.position_note.empty() ? "" : "; ") + std::to_string(missing.size()) +
                       " nodes without position in the bottom row";
  }
  s.position_source = d == 3 ? "coordinates (x, y of x, y, z)" : "coordinates";
}

void collect_draw_arcs(GraphSession& s) {
  const Graph& g = s.graph();
  s.draw_arcs.clear();
  s.draw_arcs.reserve(static_cast<std::size_t>(g.arc_count()) * (g.directed ? 2 : 1));
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (!g.directed && v < u) continue;  // the reverse arc draws the same line
      s.draw_arcs.push_back(u);
      s.draw_arcs.push_back(v);
    }
  }
}

}  // namespace

std::shared_ptr<GraphSession> build_session(const std::string& spec, const LoadOptions& options,
                                            const JobContext& job) {
  auto s = std::make_shared<GraphSession>();
  s->spec = spec;
  s->options = options;
  s->loaded = load_graph(spec, options);
  job.check_cancel();
  std::error_code ec;
  s->sha256 = std::filesystem::is_regular_file(spec, ec) ? sha256_file_hex(spec) : sha256_hex(spec);
  const Graph& g = s->graph();
  if (g.coord_dims >= 2 && g.coords.size() >= static_cast<std::size_t>(g.n) * g.coord_dims) {
    positions_from_coordinates(*s);
    job.report(1.0);
  } else {
    bool cached = false;
    s->positions = cached_force_layout(g, s->sha256, LayoutOptions{}, job, &cached);
    s->position_source = cached ? "force layout (cached)" : "force layout";
  }
  collect_draw_arcs(*s);
  return s;
}

DistType apsp_dist_type(const Graph& g) {
  if (!g.integer_weights) return DistType::Float32;
  try {
    check_int32_distances(g);
    return DistType::Int32;
  } catch (const Error&) {
    return DistType::Float32;  // sums could overflow int32: float keeps the magnitude
  }
}

Path find_path(const GraphSession& session, std::int32_t s, std::int32_t t, std::string& method) {
  const Graph& g = session.graph();
  if (session.apsp) {
    method = "all-pairs (" + session.apsp->timing.engine + ")";
    return path_from_apsp(g, *session.apsp, s, t);
  }
  method = g.unit_weights ? "single-source (BFS)"
           : g.has_negative_weights() ? "single-source (Bellman-Ford)"
                                      : "single-source (Dijkstra)";
  return path_single_source(g, s, t);
}

PathExportInfo export_info(const GraphSession& session, const std::string& method) {
  PathExportInfo info;
  info.graph_file = std::filesystem::path(session.spec).filename().string();
  if (info.graph_file.empty()) info.graph_file = session.spec;
  info.graph_sha256 = session.sha256;
  info.engine = method;
  info.timings = session.timings;
  const Graph& g = session.graph();
  if (g.coord_dims >= 2) {  // the file's own coordinates, all of them, not the stretched view
    info.positions = g.coords;
    info.position_dims = g.coord_dims;
  } else {
    info.positions = session.positions;
    info.position_dims = 2;
  }
  return info;
}

}  // namespace pathscope::qt
