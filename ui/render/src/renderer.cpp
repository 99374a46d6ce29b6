#include "pathscope_render/renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "arc_accumulator.hpp"
#include "draw_order.hpp"
#include "gl_program.hpp"
#include "pathscope_render/offscreen_target.hpp"

namespace pathscope::render {

Rgb8 to_rgb8(Rgba c) {
  auto byte = [](float v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
  return {byte(c.r), byte(c.g), byte(c.b)};
}

Style light_style() {
  Style s;
  s.background = {0.98f, 0.98f, 0.97f, 1};
  s.node = {0.20f, 0.33f, 0.55f, 1};
  s.node_border = {1, 1, 1, 1};
  s.arc = {0.30f, 0.36f, 0.46f, 0.55f};
  s.node_dimmed = {0.62f, 0.66f, 0.72f, 1};
  s.arc_dimmed = {0.60f, 0.64f, 0.70f, 0.45f};
  s.path_outline = {0.15f, 0.10f, 0.0f, 0.85f};
  s.marker_border = {0.1f, 0.1f, 0.1f, 1};
  return s;
}

struct Renderer::Impl {
  Style style;
  bool ready = false;
  GLuint segment_program = 0, disc_program = 0, arrow_program = 0, point_program = 0;
  GLuint colour_disc_program = 0, colour_point_program = 0;
  GLuint node_colours = 0;  // RGBA per node, in the nodes' buffer order
  bool has_node_colours = false;
  GLuint segment_corners = 0, disc_corners = 0;
  GLuint node_points_vao = 0;  // the nodes' buffer fed one vertex per node, for GL points
  Layer arcs, arrows, nodes, path_segments, path_nodes, source_marker, target_marker, set_segments, set_nodes;
  // The nodes' and arcs' buffers hold them in these orders (culling and thinning).
  NodeOrder node_order;
  ArcOrder arc_order;
  std::vector<DrawRange> ranges;  // scratch, per frame
  std::vector<std::size_t> tier_ends;  // scratch: ranges after each tier
  FrameDetail detail;
  ArcMode arc_mode = ArcMode::Shown;
  std::int64_t arc_budget = kDefaultArcBudget;
  double arc_pixel_budget = kDefaultArcPixelBudget;
  std::int64_t node_budget = kDefaultNodeBudget;
  // The arcs of a view drawn over several frames: what they were drawn for, and how many of
  // the view's arcs (in draw order) the texture holds.
  ArcAccumulator accumulator;
  struct AccumulatedView {
    double center_x = 0, center_y = 0, ppu = 0, width = 0, height = 0;
    int framebuffer_width = 0, framebuffer_height = 0;
    Rgba arc{0, 0, 0, 0}, background{0, 0, 0, 0};
    long long graph = 0;
    bool operator==(const AccumulatedView&) const = default;
  };
  AccumulatedView accumulated_for;
  std::int64_t accumulated = 0;
  bool accumulating = false;
  long long graph_generation = 0;

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
  // Draws the runs of a layer's instances; the instance attribute is pointed at each run.
  int node_level(const Camera& camera, float radius) const;
  void draw_ranges(const Layer& layer, GLuint instances, int instance_floats, GLenum mode, GLsizei vertices);
  // The nodes in `ranges` with their own colours, as discs or (small) as points.
  void draw_coloured_nodes(const std::array<float, 9>& m, const Camera& c, float radius, bool dim);
  // The arcs (and arrowheads) of the visible ranges from `first` to `end` in draw order.
  void draw_arcs(const Camera& camera, std::int64_t first, std::int64_t end, Rgba colour, float radius);
  // Keeps only the visible ranges from `first` to `end` (counted in arcs), cutting runs.
  void slice_ranges(std::int64_t first, std::int64_t end);
  // Where this frame's arcs end, counting from `first` in draw order: the budgets of arcs and
  // of their length on screen (view box [lo, hi], pixels_per_unit) kept, at least one arc;
  // with whole_tiers, only at the end of a tier (when tier 0 alone does not overflow).
  // pixels gets the drawn arcs' length on screen.
  std::int64_t arcs_end(std::int64_t first, std::int64_t in_view, const std::vector<std::int64_t>& arcs_after_tier,
                        bool whole_tiers, Point lo, Point hi, double pixels_per_unit, double& pixels) const;
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
  r.point_program = build_program("point.vert", "point.frag");
  r.colour_disc_program = build_program("colour_disc.vert", "colour_disc.frag");
  r.colour_point_program = build_program("colour_point.vert", "colour_point.frag");
  glGenBuffers(1, &r.node_colours);
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
  glGenVertexArrays(1, &r.node_points_vao);
  glBindVertexArray(r.node_points_vao);
  glBindBuffer(GL_ARRAY_BUFFER, r.nodes.instances);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  r.path_segments.create(r.segment_corners, 4);
  r.path_nodes.create(r.disc_corners, 2);
  r.source_marker.create(r.disc_corners, 2);
  r.target_marker.create(r.disc_corners, 2);
  r.set_segments.create(r.segment_corners, 4);
  r.set_nodes.create(r.disc_corners, 2);
  r.accumulator.initialize();
  r.ready = true;
}

void Renderer::release() {
  auto& r = *impl_;
  if (!r.ready) return;
  for (Layer* layer : {&r.arrows, &r.arcs, &r.nodes, &r.path_segments, &r.path_nodes, &r.source_marker,
                       &r.target_marker, &r.set_segments, &r.set_nodes}) {
    layer->release();
  }
  glDeleteVertexArrays(1, &r.node_points_vao);
  r.node_points_vao = 0;
  r.accumulator.release();
  r.accumulating = false;
  glDeleteBuffers(1, &r.segment_corners);
  glDeleteBuffers(1, &r.disc_corners);
  glDeleteProgram(r.segment_program);
  glDeleteProgram(r.disc_program);
  glDeleteProgram(r.arrow_program);
  glDeleteProgram(r.point_program);
  glDeleteProgram(r.colour_disc_program);
  glDeleteProgram(r.colour_point_program);
  glDeleteBuffers(1, &r.node_colours);
  r.has_node_colours = false;
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
  const Point rel_lo{r.lo.x - r.origin.x, r.lo.y - r.origin.y}, rel_hi{r.hi.x - r.origin.x, r.hi.y - r.origin.y};
  r.arc_order = order_arcs(segments, rel_lo, rel_hi);
  r.node_order = order_nodes(r.positions, rel_lo, rel_hi);
  r.arcs.upload(r.arc_order.segments, 4);
  r.nodes.upload(r.node_order.centres, 2);
  ++r.graph_generation;
  set_highlight({}, false);
  set_node_set({});
  set_node_colours({});
}

void Renderer::set_node_colours(const std::vector<Rgba>& colours) {
  auto& r = *impl_;
  const auto& slots = r.node_order.index;
  r.has_node_colours = !colours.empty() && colours.size() == slots.size();
  if (!r.has_node_colours) return;
  std::vector<float> data;
  data.reserve(slots.size() * 4);
  for (const auto u : slots) {
    const Rgba& c = colours[static_cast<std::size_t>(u)];
    data.insert(data.end(), {c.r, c.g, c.b, c.a});
  }
  glBindBuffer(GL_ARRAY_BUFFER, r.node_colours);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)), data.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
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

void Renderer::set_arc_mode(ArcMode mode) { impl_->arc_mode = mode; }
ArcMode Renderer::arc_mode() const { return impl_->arc_mode; }
void Renderer::set_arc_budget(std::int64_t arcs, double pixels) {
  impl_->arc_budget = std::max<std::int64_t>(arcs, 1);
  impl_->arc_pixel_budget = std::max(pixels, 1.0);
}
std::int64_t Renderer::arc_budget() const { return impl_->arc_budget; }
void Renderer::set_node_budget(std::int64_t nodes) { impl_->node_budget = std::max<std::int64_t>(nodes, 1); }
std::int64_t Renderer::node_budget() const { return impl_->node_budget; }
double Renderer::arc_pixel_budget() const { return impl_->arc_pixel_budget; }

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

float Renderer::marker_radius_px(const Camera& camera) const {
  return std::max(10.0f, node_radius_px(camera) * 2.0f);
}

void Renderer::Impl::draw_segments(const Layer& layer, const std::array<float, 9>& m, const Camera& c, float width,
                                   Rgba color) {
  if (layer.count == 0) return;
  glUseProgram(segment_program);
  glUniformMatrix3fv(glGetUniformLocation(segment_program, "world_to_ndc"), 1, GL_FALSE, m.data());
  glUniform2f(glGetUniformLocation(segment_program, "viewport_px"), float(c.viewport_width()), float(c.viewport_height()));
  glUniform1f(glGetUniformLocation(segment_program, "width_px"), width);
  glUniform4f(glGetUniformLocation(segment_program, "color"), color.r, color.g, color.b, color.a);
  glUniform1f(glGetUniformLocation(segment_program, "fade_from_px"), 0);
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

namespace {

// The view box in the renderer's units (world relative to origin).
void view_box(const Camera& c, Point origin, Point& lo, Point& hi) {
  const Point a = c.screen_to_world({0, c.viewport_height()}), b = c.screen_to_world({c.viewport_width(), 0});
  lo = {std::min(a.x, b.x) - origin.x, std::min(a.y, b.y) - origin.y};
  hi = {std::max(a.x, b.x) - origin.x, std::max(a.y, b.y) - origin.y};
}

}  // namespace

void Renderer::Impl::draw_ranges(const Layer& layer, GLuint instance_buffer, int instance_floats, GLenum mode,
                                 GLsizei vertices) {
  if (ranges.empty()) return;
  glBindVertexArray(layer.vao);
  glBindBuffer(GL_ARRAY_BUFFER, instance_buffer);
  const GLsizei stride = instance_floats * static_cast<GLsizei>(sizeof(float));
  for (const DrawRange& range : ranges) {
    glVertexAttribPointer(1, instance_floats, GL_FLOAT, GL_FALSE, stride,
                          reinterpret_cast<const void*>(static_cast<std::uintptr_t>(range.first) * stride));
    glDrawArraysInstanced(mode, 0, vertices, range.count);
    ++detail.draw_calls;
  }
  // Back to the whole buffer, as the other draws of this layer expect.
  glVertexAttribPointer(1, instance_floats, GL_FLOAT, GL_FALSE, stride, nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void Renderer::Impl::draw_coloured_nodes(const std::array<float, 9>& m, const Camera& c, float radius, bool dim) {
  const Rgba& d = style.node_dimmed;
  const bool points = radius < kPointRadiusPx;
  const GLuint program = points ? colour_point_program : colour_disc_program;
  glUseProgram(program);
  glUniformMatrix3fv(glGetUniformLocation(program, "world_to_ndc"), 1, GL_FALSE, m.data());
  glUniform4f(glGetUniformLocation(program, "dimmed"), d.r, d.g, d.b, d.a);
  glUniform1f(glGetUniformLocation(program, "dim_amount"), dim ? 0.7f : 0.0f);
  if (points) {
    detail.nodes_as_points = true;
    glEnable(GL_PROGRAM_POINT_SIZE);
    glUniform1f(glGetUniformLocation(program, "size_px"), 2 * radius);
  } else {
    const Rgba& b = style.node_border;
    glUniform2f(glGetUniformLocation(program, "viewport_px"), float(c.viewport_width()), float(c.viewport_height()));
    glUniform1f(glGetUniformLocation(program, "radius_px"), radius);
    glUniform1f(glGetUniformLocation(program, "border_px"), radius > 3 ? 1.0f : 0.0f);
    glUniform4f(glGetUniformLocation(program, "border"), b.r, b.g, b.b, b.a);
  }
  // Points index the colours by vertex, discs by instance: the colours' attribute follows.
  glBindVertexArray(points ? node_points_vao : nodes.vao);
  glBindBuffer(GL_ARRAY_BUFFER, node_colours);
  glEnableVertexAttribArray(2);
  glVertexAttribDivisor(2, points ? 0 : 1);
  for (const DrawRange& range : ranges) {
    if (points) {
      glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, 4 * sizeof(float), nullptr);
      glDrawArrays(GL_POINTS, range.first, range.count);
    } else {
      // Instances start at the range: both instance attributes are pointed at it.
      const auto first = static_cast<std::uintptr_t>(range.first);
      glBindBuffer(GL_ARRAY_BUFFER, node_colours);
      glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, 4 * sizeof(float), reinterpret_cast<const void*>(first * 4 * sizeof(float)));
      glBindBuffer(GL_ARRAY_BUFFER, nodes.instances);
      glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), reinterpret_cast<const void*>(first * 2 * sizeof(float)));
      glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, range.count);
    }
    ++detail.draw_calls;
  }
  if (!points) {
    glBindBuffer(GL_ARRAY_BUFFER, nodes.instances);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
  }
  glDisableVertexAttribArray(2);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  if (points) glDisable(GL_PROGRAM_POINT_SIZE);
}

const FrameDetail& Renderer::last_frame() const { return impl_->detail; }

double Renderer::min_arc_px(const Camera& camera) const {
  // Zoomed out, an arc shorter than a node's point lies under its two ends.
  const float radius = node_radius_px(camera);
  return radius < kPointRadiusPx ? std::max<double>(kMinArcPx, 2 * radius) : kMinArcPx;
}

int Renderer::Impl::node_level(const Camera& camera, float radius) const {
  // Points: one node per cell of a point's size looks like all of them.
  int level = radius < kPointRadiusPx ? node_order.level_for(camera.pixels_per_unit(), 2.0 * radius) : NodeOrder::kLevels;
  // And no more than the node budget: coarser cells until the view's nodes fit it (a whole
  // brain zoomed out fills most point-sized cells).
  Point lo, hi;
  view_box(camera, origin, lo, hi);
  std::vector<DrawRange> runs;
  for (; level > 0; --level) {
    visible_node_ranges(node_order, lo, hi, (radius + 2) / camera.pixels_per_unit(), level, runs);
    std::int64_t count = 0;
    for (const auto& run : runs) count += run.count;
    if (count <= node_budget) break;
  }
  return level;
}

double Renderer::node_cell(const Camera& camera) const {
  const int level = impl_->node_level(camera, node_radius_px(camera));
  return level >= NodeOrder::kLevels ? 0 : impl_->node_order.extent / std::ldexp(1.0, level);
}

std::vector<std::int32_t> Renderer::arcs_in_view(const Camera& camera) const {
  const auto& r = *impl_;
  if (r.arc_mode == ArcMode::Hidden) return {};
  Point lo, hi;
  view_box(camera, r.origin, lo, hi);
  std::vector<DrawRange> ranges;
  visible_arc_ranges(r.arc_order, lo, hi, min_arc_px(camera) / camera.pixels_per_unit(), ranges);
  std::vector<std::int32_t> out;
  for (const auto& range : ranges) {
    out.insert(out.end(), r.arc_order.index.begin() + range.first, r.arc_order.index.begin() + range.first + range.count);
  }
  return out;
}

std::vector<std::int32_t> Renderer::nodes_in_view(const Camera& camera) const {
  const auto& r = *impl_;
  Point lo, hi;
  view_box(camera, r.origin, lo, hi);
  std::vector<DrawRange> ranges;
  const float radius = node_radius_px(camera);
  visible_node_ranges(r.node_order, lo, hi, (radius + 2) / camera.pixels_per_unit(), r.node_level(camera, radius),
                      ranges);
  std::vector<std::int32_t> out;
  for (const auto& range : ranges) {
    out.insert(out.end(), r.node_order.index.begin() + range.first,
               r.node_order.index.begin() + range.first + range.count);
  }
  return out;
}

void Renderer::clear(int framebuffer_width, int framebuffer_height) {
  const Rgba& background = impl_->style.background;
  glViewport(0, 0, framebuffer_width, framebuffer_height);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glClearColor(background.r, background.g, background.b, 1);
  glClear(GL_COLOR_BUFFER_BIT);
}

std::int64_t Renderer::Impl::arcs_end(std::int64_t first, std::int64_t in_view,
                                      const std::vector<std::int64_t>& arcs_after_tier, bool whole_tiers, Point lo,
                                      Point hi, double pixels_per_unit, double& pixels) const {
  std::int64_t at = 0, end = first, whole_end = 0;
  double length = 0, whole_length = 0;
  std::size_t tier = 0;
  for (const DrawRange& range : ranges) {
    if (at + range.count <= first) {
      at += range.count;
      continue;
    }
    for (std::int32_t slot = range.first + static_cast<std::int32_t>(std::max<std::int64_t>(first - at, 0));
         slot < range.first + range.count; ++slot) {
      const double px = clipped_length(&arc_order.segments[4 * static_cast<std::size_t>(slot)], lo, hi) * pixels_per_unit;
      if (end > first && (end - first + 1 > arc_budget || length + px > arc_pixel_budget)) {
        pixels = whole_tiers && whole_end > 0 ? whole_length : length;
        return whole_tiers && whole_end > 0 ? whole_end : end;
      }
      length += px;
      ++end;
      while (tier < arcs_after_tier.size() && arcs_after_tier[tier] <= end) {
        if (arcs_after_tier[tier] == end) {
          whole_end = end;
          whole_length = length;
        }
        ++tier;
      }
    }
    at += range.count;
  }
  pixels = length;
  return std::min(end, in_view);
}

void Renderer::Impl::slice_ranges(std::int64_t first, std::int64_t end) {
  std::vector<DrawRange> kept;
  std::int64_t at = 0;
  for (const DrawRange& range : ranges) {
    const std::int64_t from = std::max(first, at), to = std::min(end, at + range.count);
    if (from < to) kept.push_back({static_cast<std::int32_t>(range.first + (from - at)), static_cast<std::int32_t>(to - from)});
    at += range.count;
    if (at >= end) break;
  }
  ranges.swap(kept);
}

void Renderer::Impl::draw_arcs(const Camera& camera, std::int64_t first, std::int64_t end, Rgba colour, float radius) {
  slice_ranges(first, end);
  const auto m = camera.world_to_ndc(origin);
  glUseProgram(segment_program);
  glUniformMatrix3fv(glGetUniformLocation(segment_program, "world_to_ndc"), 1, GL_FALSE, m.data());
  glUniform2f(glGetUniformLocation(segment_program, "viewport_px"), float(camera.viewport_width()),
              float(camera.viewport_height()));
  glUniform1f(glGetUniformLocation(segment_program, "width_px"), style.arc_width_px);
  glUniform4f(glGetUniformLocation(segment_program, "color"), colour.r, colour.g, colour.b, colour.a);
  // A third of the view's diagonal: arcs across the whole view fade to a trace.
  glUniform1f(glGetUniformLocation(segment_program, "fade_from_px"),
              float(std::hypot(camera.viewport_width(), camera.viewport_height()) / 3));
  draw_ranges(arcs, arcs.instances, 4, GL_TRIANGLE_STRIP, 4);
  // Arrowheads only where they are legible, and without a highlight: with one, they would
  // compete with it.
  const double arc_px = typical_arc * camera.pixels_per_unit();
  if (directed && !has_highlight && !has_node_set && arc_px > kArrowArcPx) {
    detail.arrowheads = true;
    glUseProgram(arrow_program);
    glUniformMatrix3fv(glGetUniformLocation(arrow_program, "world_to_ndc"), 1, GL_FALSE, m.data());
    glUniform2f(glGetUniformLocation(arrow_program, "viewport_px"), float(camera.viewport_width()),
                float(camera.viewport_height()));
    glUniform1f(glGetUniformLocation(arrow_program, "size_px"), float(std::clamp(arc_px * 0.18, 6.0, 14.0)));
    glUniform1f(glGetUniformLocation(arrow_program, "gap_px"), radius + 1);
    glUniform4f(glGetUniformLocation(arrow_program, "color"), colour.r, colour.g, colour.b,
                std::min(1.0f, colour.a * 1.6f));
    draw_ranges(arrows, arcs.instances, 4, GL_TRIANGLES, 3);
  }
}

void Renderer::render(const Camera& camera, int framebuffer_width, int framebuffer_height, bool complete) {
  auto& r = *impl_;
  if (!r.ready) throw std::runtime_error("Renderer::render before initialize");
  const Style& s = r.style;
  r.detail = {};
  clear(framebuffer_width, framebuffer_height);
  glEnable(GL_BLEND);
  // Colour blends as usual; alpha accumulates towards opaque so exported PNGs are opaque.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

  const auto m = camera.world_to_ndc(r.origin);
  const float radius = node_radius_px(camera);
  const bool dim = r.has_highlight || r.has_node_set;
  const double ppu = camera.pixels_per_unit();
  Point view_lo, view_hi;
  view_box(camera, r.origin, view_lo, view_hi);

  // Arcs in view and at least a pixel long; the rest would only be overdraw under the nodes.
  r.detail.arc_budget = r.arc_budget;
  if (r.arc_mode != ArcMode::Hidden && r.arcs.count > 0) {
    visible_arc_ranges(r.arc_order, view_lo, view_hi, min_arc_px(camera) / ppu, r.ranges, &r.tier_ends);
    std::int64_t in_view = 0;
    std::vector<std::int64_t> arcs_after_tier;  // visible arcs in the tiers up to each
    for (std::size_t t = 0, at = 0; t < r.tier_ends.size(); ++t) {
      for (; at < r.tier_ends[t]; ++at) in_view += r.ranges[at].count;
      arcs_after_tier.push_back(in_view);
    }
    r.detail.arcs_in_view = in_view;
    Rgba arc_colour = dim ? s.arc_dimmed : s.arc;
    // Thousands of lines in view blend to a haze at any alpha; fainter, the haze keeps some
    // depth. By the finished picture's count, so every frame of one view blends alike.
    const double crowd = std::clamp(std::sqrt(20000.0 / std::max<double>(in_view, 1)), 0.35, 1.0);
    arc_colour.a *= static_cast<float>(r.arc_fade * crowd);
    if (r.arc_mode == ArcMode::Faded) arc_colour.a *= 0.3f;
    r.detail.arc_alpha = arc_colour.a;
    r.detail.arc_pixel_budget = r.arc_pixel_budget;
    double all_pixels = 0;
    if (complete || (in_view <= r.arc_budget &&
                     r.arcs_end(0, in_view, arcs_after_tier, false, view_lo, view_hi, ppu, all_pixels) == in_view)) {
      r.detail.arc_pixels = all_pixels;
      r.accumulating = false;
      r.detail.arcs_drawn = r.detail.arcs_shown = in_view;
      r.draw_arcs(camera, 0, in_view, arc_colour, radius);
    } else {
      const Impl::AccumulatedView view{camera.center().x, camera.center().y, ppu,
                                       camera.viewport_width(), camera.viewport_height(),
                                       framebuffer_width, framebuffer_height,
                                       arc_colour, s.background, r.graph_generation};
      // A new view: whole tiers, so what this frame shows is an unbiased sample.
      const bool same_view = r.accumulating && view == r.accumulated_for;
      const std::int64_t first = same_view ? r.accumulated : 0;
      double pixels = 0;
      const std::int64_t end = first >= in_view ? in_view
                                                : r.arcs_end(first, in_view, arcs_after_tier, !same_view, view_lo,
                                                             view_hi, ppu, pixels);
      r.detail.arc_pixels = pixels;
      r.accumulator.begin_drawing(framebuffer_width, framebuffer_height);
      if (first == 0) {
        glClearColor(s.background.r, s.background.g, s.background.b, 1);
        glClear(GL_COLOR_BUFFER_BIT);
      }
      r.draw_arcs(camera, first, end, arc_colour, radius);
      r.accumulator.end_drawing();
      r.accumulator.copy_to_bound(framebuffer_width, framebuffer_height);
      r.accumulating = true;
      r.accumulated_for = view;
      r.accumulated = end;
      r.detail.arcs_drawn = end - first;
      r.detail.arcs_shown = end;
      r.detail.complete = end == in_view;
    }
  } else {
    r.accumulating = false;
  }

  visible_node_ranges(r.node_order, view_lo, view_hi, (radius + 2) / ppu, r.node_level(camera, radius), r.ranges);
  for (const auto& range : r.ranges) r.detail.nodes_drawn += range.count;
  r.detail.node_budget = r.node_budget;
  const Rgba node_fill = dim ? s.node_dimmed : s.node;
  if (r.has_node_colours) {
    r.draw_coloured_nodes(m, camera, radius, dim);
  } else if (radius < kPointRadiusPx) {
    // Zoomed out: a disc would be a few pixels, a point is one vertex instead of four.
    r.detail.nodes_as_points = true;
    glEnable(GL_PROGRAM_POINT_SIZE);
    glUseProgram(r.point_program);
    glUniformMatrix3fv(glGetUniformLocation(r.point_program, "world_to_ndc"), 1, GL_FALSE, m.data());
    glUniform1f(glGetUniformLocation(r.point_program, "size_px"), 2 * radius);
    glUniform4f(glGetUniformLocation(r.point_program, "color"), node_fill.r, node_fill.g, node_fill.b, node_fill.a);
    glBindVertexArray(r.node_points_vao);
    for (const auto& range : r.ranges) {
      glDrawArrays(GL_POINTS, range.first, range.count);
      ++r.detail.draw_calls;
    }
    glDisable(GL_PROGRAM_POINT_SIZE);
  } else if (r.nodes.count > 0) {
    glUseProgram(r.disc_program);
    glUniformMatrix3fv(glGetUniformLocation(r.disc_program, "world_to_ndc"), 1, GL_FALSE, m.data());
    glUniform2f(glGetUniformLocation(r.disc_program, "viewport_px"), float(camera.viewport_width()),
                float(camera.viewport_height()));
    glUniform1f(glGetUniformLocation(r.disc_program, "radius_px"), radius);
    glUniform1f(glGetUniformLocation(r.disc_program, "border_px"), radius > 3 ? 1.0f : 0.0f);
    glUniform4f(glGetUniformLocation(r.disc_program, "fill"), node_fill.r, node_fill.g, node_fill.b, node_fill.a);
    glUniform4f(glGetUniformLocation(r.disc_program, "border"), s.node_border.r, s.node_border.g, s.node_border.b,
                s.node_border.a);
    r.draw_ranges(r.nodes, r.nodes.instances, 2, GL_TRIANGLE_STRIP, 4);
  }

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
  // The markers last, over everything the graph draws.
  const float marker_radius = marker_radius_px(camera);
  r.draw_discs(r.source_marker, m, camera, marker_radius, 2.5f, s.source_marker, s.marker_border);
  r.draw_discs(r.target_marker, m, camera, marker_radius, 2.5f, s.target_marker, s.marker_border);
  glBindVertexArray(0);
  glUseProgram(0);
}

std::vector<std::uint8_t> Renderer::render_to_rgba(const Camera& camera, int width, int height) {
  const OffscreenTarget target(width, height);
  render(camera, width, height, true);
  return target.read_rgba();
}

}  // namespace pathscope::render
