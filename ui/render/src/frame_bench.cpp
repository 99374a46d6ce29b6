#include "pathscope_render/frame_bench.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "gl_program.hpp"
#include "pathscope_render/renderer.hpp"

namespace pathscope::render {

void bench_camera(Camera& camera, Point lo, Point hi, int frame, int frames) {
  camera.fit(lo, hi);
  const Point start = camera.center();
  const double fitted = camera.pixels_per_unit();
  const double w = hi.x - lo.x, h = hi.y - lo.y;
  // Off the centre, where a road network or a layout has detail, never an empty corner.
  const Point focus{lo.x + 0.42 * w, lo.y + 0.57 * h};
  const double t = frames <= 1 ? 0 : static_cast<double>(frame) / (frames - 1);
  const double zoom_in = 32;
  Point centre;
  double scale;
  if (t < 0.4) {  // zoom in, moving to the focus
    const double u = t / 0.4;
    scale = fitted * std::pow(zoom_in, u);
    centre = {start.x + (focus.x - start.x) * u, start.y + (focus.y - start.y) * u};
  } else if (t < 0.7) {  // pan a fifth of the graph to the right and up
    const double u = (t - 0.4) / 0.3;
    scale = fitted * zoom_in;
    centre = {focus.x + 0.2 * w * u, focus.y + 0.1 * h * u};
  } else {  // back out, to half the fitted zoom
    const double u = (t - 0.7) / 0.3;
    scale = fitted * zoom_in * std::pow(0.5 / zoom_in, u);
    const Point from{focus.x + 0.2 * w, focus.y + 0.1 * h};
    centre = {from.x + (start.x - from.x) * u, from.y + (start.y - from.y) * u};
  }
  camera.center_on(centre);
  camera.zoom_about({camera.viewport_width() / 2, camera.viewport_height() / 2}, scale / camera.pixels_per_unit());
}

FrameTimes summarize_frame_times(std::vector<double> ms) {
  FrameTimes t;
  t.frames = static_cast<int>(ms.size());
  if (ms.empty()) return t;
  std::sort(ms.begin(), ms.end());
  const auto at = [&](double q) {  // nearest rank
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(ms.size())));
    return ms[std::clamp<std::size_t>(rank, 1, ms.size()) - 1];
  };
  t.median_ms = ms.size() % 2 ? ms[ms.size() / 2] : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
  t.p95_ms = at(0.95);
  t.max_ms = ms.back();
  t.mean_ms = std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
  return t;
}

namespace {
std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", c);
      out += esc;
    } else {
      out += c;
    }
  }
  return out + "\"";
}
}  // namespace

std::string frame_times_json(const std::string& frontend, const std::string& graph, long long nodes, long long arcs,
                             int width, int height, const FrameTimes& t, const std::string& gl_renderer,
                             const std::string& extra_fields) {
  char numbers[512];
  std::snprintf(numbers, sizeof numbers,
                "\"nodes\": %lld, \"arcs\": %lld, \"width\": %d, \"height\": %d, \"frames\": %d, "
                "\"median_ms\": %.3f, \"p95_ms\": %.3f, \"max_ms\": %.3f, \"mean_ms\": %.3f",
                nodes, arcs, width, height, t.frames, t.median_ms, t.p95_ms, t.max_ms, t.mean_ms);
  return "{\"frontend\": " + json_string(frontend) + ", \"graph\": " + json_string(graph) + ", " + numbers +
         ", \"gl_renderer\": " + json_string(gl_renderer) + (extra_fields.empty() ? "" : ", " + extra_fields) + "}";
}

std::string frame_detail_fields(long long arcs_drawn_max, const FrameDetail& d) {
  char text[512];
  std::snprintf(text, sizeof text,
                "\"arc_budget\": %lld, \"arcs_drawn_max\": %lld, \"last_frame\": {\"arcs_drawn\": %lld, "
                "\"arcs_in_view\": %lld, \"arcs_shown\": %lld, \"complete\": %s, \"nodes_drawn\": %lld, "
                "\"node_budget\": %lld, \"nodes_as_points\": %s, \"draw_calls\": %d, \"arc_pixels\": %.0f}",
                static_cast<long long>(d.arc_budget), arcs_drawn_max, static_cast<long long>(d.arcs_drawn),
                static_cast<long long>(d.arcs_in_view), static_cast<long long>(d.arcs_shown),
                d.complete ? "true" : "false", static_cast<long long>(d.nodes_drawn),
                static_cast<long long>(d.node_budget), d.nodes_as_points ? "true" : "false", d.draw_calls, d.arc_pixels);
  return text;
}

std::string current_gl_renderer() {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return name ? name : "unknown";
}

}  // namespace pathscope::render
