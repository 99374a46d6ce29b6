#include "graph_view.hpp"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QOpenGLPaintDevice>
#include <QPainter>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gl_surface.hpp"
#include "view_image_export.hpp"
#include "pathscope_render/frame_bench.hpp"

namespace pathscope::qt {

GraphView::GraphView(QWidget* parent) : QWidget(parent), input_(*this) {
  setMinimumSize(320, 240);
  setMouseTracking(true);  // hover feeds the inspector
  setFocusPolicy(Qt::StrongFocus);
  // For measuring and for fast GPUs: the arcs a frame may draw (see docs/rendering.md).
  const long long budget = qEnvironmentVariableIntValue("PATHSCOPE_ARC_BUDGET");
  const long long pixels = qEnvironmentVariableIntValue("PATHSCOPE_ARC_PIXEL_BUDGET");
  if (budget > 0 || pixels > 0) {
    renderer_.set_arc_budget(budget > 0 ? budget : render::Renderer::kDefaultArcBudget,
                             pixels > 0 ? static_cast<double>(pixels) : render::Renderer::kDefaultArcPixelBudget);
  }
  surface_ = new GlSurface(
      this, [this] { initialize_gl(); }, [this](int w, int h) { paint_frame(w, h); });
  QWidget* container = QWidget::createWindowContainer(surface_, this);
  container->setFocusPolicy(Qt::NoFocus);
  container->setMouseTracking(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(container);
}

GraphView::~GraphView() {
  if (gl_ok_ && surface_->make_current()) {
    renderer_.release();
    paint_device_.reset();
    surface_->done_current();
  }
}

bool GraphView::makeCurrent() { return surface_->make_current() && gl_ok_; }

void GraphView::doneCurrent() { surface_->done_current(); }

QWindow* GraphView::gl_window() const { return surface_; }

void GraphView::redraw() { surface_->requestUpdate(); }

QImage GraphView::grabFramebuffer() {
  const qreal ratio = devicePixelRatioF();
  QImage image = surface_->grab(QSize(static_cast<int>(std::lround(width() * ratio)), static_cast<int>(std::lround(height() * ratio))));
  surface_->done_current();
  return image;
}

void GraphView::set_graph(std::vector<float> positions, std::vector<std::int32_t> arcs, bool directed,
                          QStringList labels) {
  positions_ = std::move(positions);
  arcs_ = std::move(arcs);
  directed_ = directed;
  labels_.set_names(std::move(labels), arcs_, positions_.size() / 2);
  path_.clear();
  stops_.clear();
  overlay_nodes_.clear();
  source_ = target_ = -1;
  marked_ = -1;
  node_colours_.clear();
  shown_.clear();
  shown_arcs_.clear();
  input_.forget_hover();
  graph_dirty_ = path_dirty_ = true;
  fit_to_view();
}

void GraphView::clear_graph() { set_graph({}, {}, false, {}); }

void GraphView::set_node_colours(std::vector<render::Rgba> colours) {
  if (colours == node_colours_) return;
  node_colours_ = std::move(colours);
  appearance_dirty_ = true;
  redraw();
}

void GraphView::set_shown_nodes(std::vector<std::uint8_t> shown) {
  // Sorting the arcs again costs a moment on a whole brain: only when the nodes shown change.
  if (shown == shown_) return;
  shown_ = std::move(shown);
  // The arcs drawn change with the nodes shown.
  shown_arcs_.clear();
  if (!shown_.empty()) {
    for (std::size_t a = 0; a + 1 < arcs_.size(); a += 2) {
      if (node_shown(arcs_[a]) && node_shown(arcs_[a + 1])) shown_arcs_.insert(shown_arcs_.end(), {arcs_[a], arcs_[a + 1]});
    }
  }
  graph_dirty_ = true;
  redraw();
}

std::vector<render::Rgba> GraphView::drawn_colours(const render::Style& style) const {
  std::vector<render::Rgba> colours = node_colours_;
  if (colours.size() != static_cast<std::size_t>(node_count())) colours.clear();
  if (!shown_.empty()) {
    if (colours.empty()) colours.assign(static_cast<std::size_t>(node_count()), style.node);
    for (std::int32_t u = 0; u < node_count(); ++u)
      if (!node_shown(u)) colours[u].a = 0;
  }
  return colours;
}

void GraphView::set_labels(QStringList labels) {
  labels_.set_names(std::move(labels), arcs_, positions_.size() / 2);
  redraw();
}

void GraphView::observe(const Selection* selection) {
  observed_ = selection;
  connect(selection, &Selection::changed, this, [this, selection] { show_selection(*selection); });
  connect(selection, &Selection::view_changed, this, [this, selection] { show_view_choices(selection->view()); });
  show_selection(*selection);
  show_view_choices(selection->view());
}

void GraphView::show_selection(const Selection& s) {
  if (const auto* tour = s.tour()) {
    set_overlay_nodes(found_);
    set_path(tour->walk.nodes, true);
    set_stops(tour->stops);
  } else if (const auto* reach = s.reach()) {
    set_stops({});
    set_markers(reach->start, -1);
    set_overlay_nodes(reach->nodes);
  } else {
    set_overlay_nodes(found_);
    set_stops(s.stops());
    if (s.has_pair() && s.path().reachable) {
      set_path(s.path().nodes);
    } else {
      set_markers(s.source(), s.target());
    }
  }
}

void GraphView::show_view_choices(const ViewChoices& choices) {
  const auto mode = choices.arcs == ViewChoices::Arcs::Hidden  ? render::ArcMode::Hidden
                    : choices.arcs == ViewChoices::Arcs::Faded ? render::ArcMode::Faded
                                                               : render::ArcMode::Shown;
  if (mode == renderer_.arc_mode()) return;
  renderer_.set_arc_mode(mode);
  redraw();
}

void GraphView::set_found_nodes(std::vector<std::int32_t> nodes) {
  found_ = std::move(nodes);
  // A reach set shown keeps the highlight; it gives way to the found nodes when it goes. The
  // path and markers are left alone (a new graph's selection is reset after this is cleared).
  if (!observed_ || !observed_->reach()) set_overlay_nodes(found_);
}

void GraphView::set_path(const std::vector<std::int32_t>& nodes, bool closed) {
  path_ = nodes;
  path_closed_ = closed;
  if (!nodes.empty()) {
    source_ = nodes.front();
    target_ = closed ? -1 : nodes.back();
  }
  path_dirty_ = true;
  redraw();
}

void GraphView::set_markers(std::int32_t source, std::int32_t target) {
  path_.clear();
  source_ = source;
  target_ = target;
  path_dirty_ = true;
  redraw();
}

void GraphView::set_stops(const std::vector<std::int32_t>& stops) {
  stops_ = stops;
  redraw();
}

void GraphView::set_overlay_nodes(const std::vector<std::int32_t>& nodes) {
  overlay_nodes_ = nodes;
  path_dirty_ = true;
  redraw();
}

void GraphView::set_caption(const QString& caption) {
  caption_ = caption;
  redraw();
}

QPointF GraphView::node_screen_position(std::int32_t u) const {
  if (u < 0 || u >= node_count()) return {};
  const auto p = camera_.world_to_screen({positions_[2 * u], positions_[2 * u + 1]});
  return {p.x, p.y};
}

std::int32_t GraphView::node_at(QPointF point) const {
  // A linear scan: even 114,599 nodes take well under a millisecond, once per click.
  const render::Point world = camera_.screen_to_world({point.x(), point.y()});
  const double reach_px = renderer_.node_radius_px(camera_) + 4;
  const double reach = reach_px / camera_.pixels_per_unit();
  double best = reach * reach;
  std::int32_t found = -1;
  for (std::int32_t u = 0; u < node_count(); ++u) {
    const double dx = positions_[2 * u] - world.x, dy = positions_[2 * u + 1] - world.y;
    const double d2 = dx * dx + dy * dy;
    if (d2 <= best && node_shown(u)) {
      best = d2;
      found = u;
    }
  }
  return found;
}

void GraphView::center_on(std::int32_t u) {
  if (u < 0 || u >= node_count()) return;
  camera_.center_on({positions_[2 * u], positions_[2 * u + 1]});
  has_frame_ = false;
  redraw();
}

void GraphView::frame_box(render::Point lo, render::Point hi) {
  frame_lo_ = lo;
  frame_hi_ = hi;
  has_frame_ = true;
  camera_.set_viewport(width(), height());
  camera_.fit(lo, hi);
  redraw();
}

void GraphView::fit_to_view() {
  if (positions_.empty()) {
    frame_box({0, 0}, {1, 1});
  } else {
    render::Point lo{positions_[0], positions_[1]}, hi = lo;
    for (std::size_t i = 0; i < positions_.size(); i += 2) {
      lo = {std::min<double>(lo.x, positions_[i]), std::min<double>(lo.y, positions_[i + 1])};
      hi = {std::max<double>(hi.x, positions_[i]), std::max<double>(hi.y, positions_[i + 1])};
    }
    frame_box(lo, hi);
  }
}

void GraphView::fit_to_path() {
  if (path_.size() < 2) return fit_to_view();
  render::Point lo{positions_[2 * path_[0]], positions_[2 * path_[0] + 1]}, hi = lo;
  for (auto u : path_) {
    lo = {std::min<double>(lo.x, positions_[2 * u]), std::min<double>(lo.y, positions_[2 * u + 1])};
    hi = {std::max<double>(hi.x, positions_[2 * u]), std::max<double>(hi.y, positions_[2 * u + 1])};
  }
  // Some surroundings make the path's place in the network readable.
  const double pad = 0.25 * std::max(hi.x - lo.x, hi.y - lo.y);
  frame_box({lo.x - pad, lo.y - pad}, {hi.x + pad, hi.y + pad});
}

std::vector<double> GraphView::run_frame_bench(int frames) {
  std::vector<double> ms;
  if (!gl_ok_ || positions_.empty()) return ms;
  render::Point lo{positions_[0], positions_[1]}, hi = lo;
  for (std::size_t i = 0; i < positions_.size(); i += 2) {
    lo = {std::min<double>(lo.x, positions_[i]), std::min<double>(lo.y, positions_[i + 1])};
    hi = {std::max<double>(hi.x, positions_[i]), std::max<double>(hi.y, positions_[i + 1])};
  }
  has_frame_ = false;
  bench_arcs_drawn_max_ = 0;
  QCoreApplication::processEvents();
  ms.reserve(static_cast<std::size_t>(frames));
  for (int i = 0; i < frames; ++i) {
    camera_.set_viewport(width(), height());
    render::bench_camera(camera_, lo, hi, i, frames);
    QElapsedTimer timer;
    timer.start();
    // On screen and swapped, as a pan or zoom draws; offscreen when the window is not exposed.
    if (!surface_->render_now()) surface_->grab(QSize(static_cast<int>(std::lround(width() * devicePixelRatioF())),
                                                     static_cast<int>(std::lround(height() * devicePixelRatioF()))));
    surface_->finish();
    ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    bench_arcs_drawn_max_ = std::max(bench_arcs_drawn_max_, renderer_.last_frame().arcs_drawn);
  }
  return ms;
}

render::Rgb8 GraphView::highlight_colour() const {
  return render::to_rgb8(const_cast<render::Renderer&>(renderer_).style().path);
}

void GraphView::initialize_gl() {
  try {
    renderer_.initialize();
    gl_ok_ = true;
    graph_dirty_ = path_dirty_ = true;
  } catch (const std::exception& e) {
    gl_ok_ = false;
    Q_EMIT gl_failed(QString::fromStdString(e.what()));
  }
}

void GraphView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  // Keep the centre and zoom; only the visible extent changes.
  camera_.set_viewport(width(), height());
  if (has_frame_) camera_.fit(frame_lo_, frame_hi_);
  redraw();
}

void GraphView::upload_if_needed() {
  if (graph_dirty_) {
    renderer_.set_graph(positions_, drawn_arcs(), directed_);
    graph_dirty_ = false;
    path_dirty_ = appearance_dirty_ = true;
  }
  if (appearance_dirty_) {
    renderer_.set_node_colours(drawn_colours(renderer_.style()));
    appearance_dirty_ = false;
  }
  if (path_dirty_) {
    if (!path_.empty()) {
      renderer_.set_highlight(path_, path_closed_);
    } else {
      renderer_.set_highlight({}, false);
      renderer_.set_markers(source_, target_);
    }
    renderer_.set_node_set(overlay_nodes_);
    path_dirty_ = false;
  }
}

void GraphView::paint_frame(int framebuffer_width, int framebuffer_height) {
  if (!gl_ok_) return;
  ++frames_painted_;
  upload_if_needed();
  camera_.set_viewport(width(), height());
  // The renderer's GL calls sit inside native painting so QPainter re-syncs its own GL state
  // (program, buffers, blending) before drawing the labels on top.
  static const bool trace = qEnvironmentVariableIsSet("PATHSCOPE_FRAME_TRACE");
  QElapsedTimer timer;
  timer.start();
  if (!paint_device_) paint_device_ = std::make_unique<QOpenGLPaintDevice>();
  paint_device_->setSize(QSize(framebuffer_width, framebuffer_height));
  paint_device_->setDevicePixelRatio(devicePixelRatioF());
  QPainter painter(paint_device_.get());
  painter.beginNativePainting();
  renderer_.render(camera_, framebuffer_width, framebuffer_height);
  if (trace) surface_->finish();
  const double gl_ms = timer.nsecsElapsed() / 1e6;
  painter.endNativePainting();
  // A still view over the budget finishes its arcs in the next frames, one budget each, with
  // the event loop running in between.
  if (!renderer_.last_frame().complete) redraw();
  painter.setRenderHint(QPainter::Antialiasing);
  draw_labels(painter, camera_, {font(), renderer_.node_radius_px(camera_), renderer_.marker_radius_px(camera_)});
  if (trace) {
    painter.end();
    surface_->finish();
    const auto& d = renderer_.last_frame();
    std::fprintf(stderr, "frame: gl %.1f ms, labels %.1f ms; arcs %lld of %lld in view, %.0f px, nodes %lld points %d calls %d\n",
                 gl_ms, timer.nsecsElapsed() / 1e6 - gl_ms, static_cast<long long>(d.arcs_drawn),
                 static_cast<long long>(d.arcs_in_view), d.arc_pixels,
                 static_cast<long long>(d.nodes_drawn), d.nodes_as_points ? 1 : 0, d.draw_calls);
  }
  Q_EMIT frame_painted();
}

LabelScene GraphView::label_scene() const {
  return {positions_, path_, path_closed_, source_, target_, marked_, stops_, caption_, renderer_.typical_arc_length()};
}

void GraphView::draw_labels(QPainter& painter, const render::Camera& camera, const LabelLook& look) const {
  labels_.draw(painter, camera, label_scene(), look);
}

void GraphView::set_label_mode(LabelMode mode) {
  labels_.set_mode(mode);
  redraw();
}

QImage GraphView::render_image(QSize size, bool light) { return ViewImageExport::png(*this, size, light); }

QByteArray GraphView::render_svg(bool light) const { return ViewImageExport::svg(*this, light); }

void GraphView::mousePressEvent(QMouseEvent* event) { input_.press(event); }

void GraphView::mouseMoveEvent(QMouseEvent* event) { input_.move(event); }

void GraphView::mouseReleaseEvent(QMouseEvent* event) { input_.release(event); }

void GraphView::leaveEvent(QEvent* event) {
  input_.leave();
  QWidget::leaveEvent(event);
}

void GraphView::wheelEvent(QWheelEvent* event) { input_.wheel(event); }

void GraphView::moved_by_hand() {
  has_frame_ = false;
  redraw();
}

void GraphView::mark_node(std::int32_t node) {
  marked_ = node >= 0 && node < node_count() ? node : -1;
  redraw();
}

void GraphView::set_camera(render::Point centre, double pixels_per_unit) {
  camera_.set_viewport(width(), height());
  camera_.zoom_about({width() / 2.0, height() / 2.0}, pixels_per_unit / camera_.pixels_per_unit());
  camera_.center_on(centre);
  moved_by_hand();
}

}  // namespace pathscope::qt
