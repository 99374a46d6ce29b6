#include "pathscope_render/renderer.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "gl_program.hpp"
#include "pathscope_render/offscreen_target.hpp"

namespace pathscope::render {

Rgb8 to_rgb8(Rgba c) {
  auto byte = [](float v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  return {byte(c.r), byte(c.g), byte(c.b)};
}

struct Renderer::Impl {
  Style style;
  bool ready = false;
  GLuint segment_program = 0, disc_program = 0, arrow_program = 0;
  GLuint segment_corners = 0, disc_corners = 0;
  Layer arcs, arrows, nodes, path_segments, path_nodes, source_marker, target_marker, set_segments, set_nodes;

  std::vector<float> positions;  // relative to origin
  std::vector<std::int32_t> arc_pairs;  // the drawn arcs, kept to find a node set's arcs
  Point origin, lo{0, 0}, hi{1, 1};
  double typical_arc = 1;
  double spacing = 1;  // side of the square each node would get if spread evenly
  double arc_fade = 1;  // dense graphs draw arcs fainter so thousands of lines stay a haze
  bool directed = false;
  bool has_highlight = false;
  bool has_node_set = false;
  std::vector<std::int32_t> highlight;
  bool closed = false;
  std::int32_t source = -1, target = -1;

  void upload_markers();
  void draw_segments(const Layer& layer, const std::array<float, 9>& m, const Camera& c, float width, Rgba color);
  void draw_discs(const Layer& layer, const std::array<float, 9>& m, const Camera& c, float radius, float border_px,
                  Rgba fill, Rgba border);
};

Renderer::Renderer() : impl_(std::make_unique<Impl>()) {}
Renderer::~Renderer() = default;

Style& Renderer::style() { return impl_->style; }
bool Renderer::initialized() const { return impl_->ready; }

void Renderer::initialize() {
  if (impl_->ready) return;
  auto& r = *impl_;
  r.segment_program = build_program("segment.vert", "segment.frag");
  r.disc_program = build_program("disc.vert", "disc.frag");
  r.arrow_program = build_program("arrow.vert", "flat.frag");
  const float segment_quad[] = {0, -1, 1, -1, 0, 1, 1, 1};
  const float disc_quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glGenBuffers(1, &r.segment_corners);
  glBindBuffer(GL_ARRAY_BUFFER, r.segment_corners);
  glBufferData(GL_ARRAY_BUFFER, sizeof segment_quad, segment_quad, GL_STATIC_DRAW);
  glGenBuffers(1, &r.disc_corners);
  glBindBuffer(GL_ARRAY_BUFFER, r.disc_corners);
  glBufferData(GL_ARRAY_BUFFER, sizeof disc_quad, disc_quad, GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  r.arcs.create(r.segment_corners, 4);
  r.arrows.create(0, 4, r.arcs.instances);
  r.nodes.create(r.disc_corners, 2);
  r.path_segments.create(r.segment_corners, 4);
  r.path_nodes.create(r.disc_corners, 2);
  r.source_marker.create(r.disc_corners, 2);
  r.target_marker.create(r.disc_corners, 2);
  r.set_segments.create(r.segment_corners, 4);
  r.set_nodes.create(r.disc_corners, 2);
  r.ready = true;
}

void Renderer::release() {
  auto& r = *impl_;
  if (!r.ready) return;
  for (Layer* layer : {&r.arrows, &r.arcs, &r.nodes, &r.path_segments, &r.path_nodes, &r.source_marker,
                       &r.target_marker, &r.set_segments, &r.set_nodes}) {
    layer->release();
  }
  glDeleteBuffers(1, &r.segment_corners);
  glDeleteBuffers(1, &r.disc_corners);
  glDeleteProgram(r.segment_program);
  glDeleteProgram(r.disc_program);
  glDeleteProgram(r.arrow_program);
  r.ready = false;
}

void Renderer::set_graph(const std::vector<float>& positions, const std::vector<std::int32_t>& arc_pairs, bool directed) {
  auto& r = *impl_;
  const std::size_t n = positions.size() / 2;
  r.directed = directed;
  r.lo = {0, 0};
  r.hi = {1, 1};
  if (n > 0) {
    r.lo = r.hi = {positions[0], positions[1]};
    for (std::size_t i = 0; i < n; ++i) {
      r.lo.x = std::min<double>(r.lo.x, positions[2 * i]);
      r.lo.y = std::min<double>(r.lo.y, positions[2 * i + 1]);
      r.hi.x = std::max<double>(r.hi.x, positions[2 * i]);
      r.hi.y = std::max<double>(r.hi.y, positions[2 * i + 1]);
    }
  }
  r.origin = {(r.lo.x + r.hi.x) / 2, (r.lo.y + r.hi.y) / 2};
  r.positions.resize(positions.size());
  for (std::size_t i = 0; i < n; ++i) {
    r.positions[2 * i] = static_cast<float>(positions[2 * i] - r.origin.x);
    r.positions[2 * i + 1] = static_cast<float>(positions[2 * i + 1] - r.origin.y);
  }
  std::vector<float> segments;
  segments.reserve(arc_pairs.size() * 2);
  std::vector<double> lengths;
  r.arc_pairs.clear();
  for (std::size_t a = 0; a + 1 < arc_pairs.size(); a += 2) {
    const auto u = static_cast<std::size_t>(arc_pairs[a]), v = static_cast<std::size_t>(arc_pairs[a + 1]);
    if (u >= n || v >= n) continue;
    r.arc_pairs.push_back(arc_pairs[a]);
    r.arc_pairs.push_back(arc_pairs[a + 1]);
    const float seg[4] = {r.positions[2 * u], r.positions[2 * u + 1], r.positions[2 * v], r.positions[2 * v + 1]};
    segments.insert(segments.end(), seg, seg + 4);
    const double length = std::hypot(seg[2] - seg[0], seg[3] - seg[1]);
    if (length > 0) lengths.push_back(length);
  }
  if (!lengths.empty()) {
    std::nth_element(lengths.begin(), lengths.begin() + lengths.size() / 2, lengths.end());
    r.typical_arc = lengths[lengths.size() / 2];
  } else {
    r.typical_arc = std::max({r.hi.x - r.lo.x, r.hi.y - r.lo.y, 1.0}) / std::sqrt(std::max<double>(n, 1));
  }
  const double lines_per_node = static_cast<double>(segments.size() / 4) / std::max<double>(n, 1);
  r.arc_fade = std::clamp(4.0 / std::max(lines_per_node, 1e-9), 0.25, 1.0);
  r.spacing = std::sqrt(std::max((r.hi.x - r.lo.x) * (r.hi.y - r.lo.y), 1e-12) / std::max<double>(n, 1));
  if (!r.ready) throw std::runtime_error("Renderer::set_graph before initialize");
  r.arcs.upload(segments, 4);
  r.nodes.upload(r.positions, 2);
  set_highlight({}, false);
  set_node_set({});
}

void Renderer::set_node_set(const std::vector<std::int32_t>& nodes) {
  auto& r = *impl_;
  const std::size_t n = r.positions.size() / 2;
  std::vector<char> member(n, 0);
  std::vector<float> centres;
  for (auto u : nodes) {
    if (u < 0 || static_cast<std::size_t>(u) >= n || member[u]) continue;
    member[u] = 1;
    centres.push_back(r.positions[2 * u]);
    centres.push_back(r.positions[2 * u + 1]);
  }
  std::vector<float> segments;
  if (!centres.empty()) {
    for (std::size_t a = 0; a + 1 < r.arc_pairs.size(); a += 2) {
      const auto u = r.arc_pairs[a], v = r.arc_pairs[a + 1];
      if (!member[u] || !member[v]) continue;
      const float seg[4] = {r.positions[2 * u], r.positions[2 * u + 1], r.positions[2 * v], r.positions[2 * v + 1]};
      segments.insert(segments.end(), seg, seg + 4);
    }
  }
  r.has_node_set = !centres.empty();
  r.set_segments.upload(segments, 4);
  r.set_nodes.upload(centres, 2);
}

void Renderer::set_highlight(const std::vector<std::int32_t>& nodes, bool closed) {
  auto& r = *impl_;
  const std::size_t n = r.positions.size() / 2;
  r.highlight.clear();
  for (auto u : nodes) {
    if (u >= 0 && static_cast<std::size_t>(u) < n) r.highlight.push_back(u);
  }
  r.closed = closed;
  r.has_highlight = !r.highlight.empty();
  std::vector<float> segments, centres;
  for (std::size_t i = 0; i < r.highlight.size(); ++i) {
    const auto u = r.highlight[i];
    centres.push_back(r.positions[2 * u]);
    centres.push_back(r.positions[2 * u + 1]);
    const bool last = i + 1 == r.highlight.size();
    if (last && !(closed && r.highlight.size() > 2)) continue;
    const auto v = r.highlight[last ? 0 : i + 1];
    const float seg[4] = {r.positions[2 * u], r.positions[2 * u + 1], r.positions[2 * v], r.positions[2 * v + 1]};
    segments.insert(segments.end(), seg, seg + 4);
  }
  r.path_segments.upload(segments, 4);
  r.path_nodes.upload(centres, 2);
  if (!r.highlight.empty()) {
    r.source = r.highlight.front();
    r.target = closed ? -1 : r.highlight.back();
  }
  r.upload_markers();
}

void Renderer::set_markers(std::int32_t source, std::int32_t target) {
  impl_->source = source;
  impl_->target = target;
  impl_->upload_markers();
}

void Renderer::Impl::upload_markers() {
  const auto n = static_cast<std::int32_t>(positions.size() / 2);
  auto centre = [&](std::int32_t u) {
    return (u >= 0 && u < n) ? std::vector<float>{positions[2 * u], positions[2 * u + 1]} : std::vector<float>{};
  };
  source_marker.upload(centre(source), 2);
  target_marker.upload(centre(target), 2);
}

Point Renderer::bounds_min() const { return impl_->lo; }
Point Renderer::bounds_max() const { return impl_->hi; }
double Renderer::typical_arc_length() const { return impl_->typical_arc; }

float Renderer::node_radius_px(const Camera& camera) const {
  // A third of a typical arc keeps neighbours apart, a fifth of the even spacing keeps dense
  // clusters from merging into a blob; the clamp keeps a whole city visible as dots and a
  // zoomed-in street from turning into balloons.
  const double world = std::min(0.3 * impl_->typical_arc, 0.2 * impl_->spacing);
  return static_cast<float>(std::clamp(world * camera.pixels_per_unit(), 1.5, 9.0));
}

void Renderer::Impl::draw_segments(const Layer& layer, const std::array<float, 9>& m, const Camera& c, float width,
                                   Rgba color) {
  if (layer.count == 0) return;
  glUseProgram(segment_program);
  glUniformMatrix3fv(glGetUniformLocation(segment_program, "world_to_ndc"), 1, GL_FALSE, m.data());
  glUniform2f(glGetUniformLocation(segment_program, "viewport_px"), float(c.viewport_width()), float(c.viewport_height()));
  glUniform1f(glGetUniformLocation(segment_program, "width_px"), width);
  glUniform4f(glGetUniformLocation(segment_program, "color"), color.r, color.g, color.b, color.a);
  glBindVertexArray(layer.vao);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, layer.count);
}

void Renderer::Impl::draw_discs(const Layer& layer, const std::array<float, 9>& m, const Camera& c, float radius,
                                float border_px, Rgba fill, Rgba border) {
  if (layer.count == 0) return;
  glUseProgram(disc_program);
  glUniformMatrix3fv(glGetUniformLocation(disc_program, "world_to_ndc"), 1, GL_FALSE, m.data());
  glUniform2f(glGetUniformLocation(disc_program, "viewport_px"), float(c.viewport_width()), float(c.viewport_height()));
  glUniform1f(glGetUniformLocation(disc_program, "radius_px"), radius);
  glUniform1f(glGetUniformLocation(disc_program, "border_px"), border_px);
  glUniform4f(glGetUniformLocation(disc_program, "fill"), fill.r, fill.g, fill.b, fill.a);
  glUniform4f(glGetUniformLocation(disc_program, "border"), border.r, border.g, border.b, border.a);
  glBindVertexArray(layer.vao);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, layer.count);
}

void Renderer::render(const Camera& camera, int framebuffer_width, int framebuffer_height) {
  auto& r = *impl_;
  if (!r.ready) throw std::runtime_error("Renderer::render before initialize");
  const Style& s = r.style;
  glViewport(0, 0, framebuffer_width, framebuffer_height);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glClearColor(s.background.r, s.background.g, s.background.b, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_BLEND);
  // Colour blends as usual; alpha accumulates towards opaque so exported PNGs are opaque.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

  const auto m = camera.world_to_ndc(r.origin);
  const float radius = node_radius_px(camera);
  const bool dim = r.has_highlight || r.has_node_set;
  const double arc_px = r.typical_arc * camera.pixels_per_unit();

  Rgba arc_colour = dim ? s.arc_dimmed : s.arc;
  arc_colour.a *= static_cast<float>(r.arc_fade);
  r.draw_segments(r.arcs, m, camera, s.arc_width_px, arc_colour);
  // Arrowheads only without a highlight: with one, they would compete with it.
  if (r.directed && !dim && arc_px > 28 && r.arcs.count > 0) {
    const Rgba c = arc_colour;
    glUseProgram(r.arrow_program);
    glUniformMatrix3fv(glGetUniformLocation(r.arrow_program, "world_to_ndc"), 1, GL_FALSE, m.data());
    glUniform2f(glGetUniformLocation(r.arrow_program, "viewport_px"), float(camera.viewport_width()),
                float(camera.viewport_height()));
    glUniform1f(glGetUniformLocation(r.arrow_program, "size_px"), float(std::clamp(arc_px * 0.18, 6.0, 14.0)));
    glUniform1f(glGetUniformLocation(r.arrow_program, "gap_px"), radius + 1);
    glUniform4f(glGetUniformLocation(r.arrow_program, "color"), c.r, c.g, c.b, std::min(1.0f, c.a * 1.6f));
    glBindVertexArray(r.arrows.vao);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 3, r.arcs.count);
  }
  r.draw_discs(r.nodes, m, camera, radius, radius > 3 ? 1.0f : 0.0f, dim ? s.node_dimmed : s.node, s.node_border);

  if (r.has_node_set) {
    Rgba set_arc = s.path;
    set_arc.a = s.node_set_arc_alpha;
    r.draw_segments(r.set_segments, m, camera, s.node_set_arc_width_px, set_arc);
    // Never smaller than a few pixels: a set must stay visible with a whole city framed.
    const float set_radius = std::max(radius, 3.5f);
    r.draw_discs(r.set_nodes, m, camera, set_radius, set_radius > 3 ? 1.0f : 0.0f, s.path, s.path_outline);
  }
  if (r.has_highlight) {
    r.draw_segments(r.path_segments, m, camera, s.path_width_px + 4, s.path_outline);
    r.draw_segments(r.path_segments, m, camera, s.path_width_px, s.path);
    // Stops are worth a disc each on a short path; on a long one they would bead the line.
    if (r.path_nodes.count <= 150) {
      const float path_radius = std::max(radius, s.path_width_px * 0.8f);
      r.draw_discs(r.path_nodes, m, camera, path_radius, 1.5f, s.path, s.path_outline);
    }
  }
  const float marker_radius = std::max(10.0f, radius * 2.0f);
  r.draw_discs(r.source_marker, m, camera, marker_radius, 2.5f, s.source_marker, s.marker_border);
  r.draw_discs(r.target_marker, m, camera, marker_radius, 2.5f, s.target_marker, s.marker_border);
  glBindVertexArray(0);
  glUseProgram(0);
}

std::vector<std::uint8_t> Renderer::render_to_rgba(const Camera& camera, int width, int height) {
  const OffscreenTarget target(width, height);
  render(camera, width, height);
  return target.read_rgba();
}

}  // namespace pathscope::render
