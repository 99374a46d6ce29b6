#include "graph_view.hpp"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLPaintDevice>
#include <QPainter>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <QFontMetricsF>
#include <QPainterPath>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>

#include "gl_surface.hpp"
#include "pathscope_render/frame_bench.hpp"

namespace pathscope::qt {
namespace {

// Text with a dark halo stays readable over dimmed arcs and bright path segments alike.
void draw_halo_text(QPainter& painter, QPointF at, const QString& text, const QFont& font, QColor fill,
                    bool light = false) {
  QPainterPath outline;
  outline.addText(at, font, text);
  // On the light theme the text turns dark and its halo white.
  if (light) fill = QColor(20, 22, 28);
  painter.setPen(QPen(light ? QColor(255, 255, 255, 230) : QColor(0, 0, 0, 220), 3.5, Qt::SolidLine, Qt::RoundCap,
                      Qt::RoundJoin));
  painter.setBrush(Qt::NoBrush);
  painter.drawPath(outline);
  painter.setPen(Qt::NoPen);
  painter.setBrush(fill);
  painter.drawPath(outline);
}

}  // namespace

GraphView::GraphView(QWidget* parent) : QWidget(parent) {
  setMinimumSize(320, 240);
  setMouseTracking(true);  // hover feeds the inspector
  setFocusPolicy(Qt::StrongFocus);
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
  labels_ = std::move(labels);
  // Names of the best-connected nodes first: they win the room when labels compete.
  std::vector<std::int32_t> degree(positions_.size() / 2, 0);
  for (const auto u : arcs_) {
    if (u >= 0 && static_cast<std::size_t>(u) < degree.size()) ++degree[u];
  }
  label_order_.resize(degree.size());
  std::iota(label_order_.begin(), label_order_.end(), 0);
  std::stable_sort(label_order_.begin(), label_order_.end(), [&](std::int32_t a, std::int32_t b) { return degree[a] > degree[b]; });
  path_.clear();
  stops_.clear();
  overlay_nodes_.clear();
  source_ = target_ = -1;
  marked_ = hovered_ = -1;
  graph_dirty_ = path_dirty_ = true;
  fit_to_view();
}

void GraphView::clear_graph() { set_graph({}, {}, false, {}); }

void GraphView::observe(const Selection* selection) {
  observed_ = selection;
  connect(selection, &Selection::changed, this, [this, selection] { show_selection(*selection); });
  show_selection(*selection);
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
    if (d2 <= best) {
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
    renderer_.set_graph(positions_, arcs_, directed_);
    graph_dirty_ = false;
    path_dirty_ = true;
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
  painter.setRenderHint(QPainter::Antialiasing);
  draw_labels(painter, camera_, renderer_.node_radius_px(camera_), renderer_.marker_radius_px(camera_));
  if (trace) {
    painter.end();
    surface_->finish();
    const auto& d = renderer_.last_frame();
    std::fprintf(stderr, "frame: gl %.1f ms, labels %.1f ms; arcs %lld nodes %lld points %d calls %d\n", gl_ms,
                 timer.nsecsElapsed() / 1e6 - gl_ms, static_cast<long long>(d.arcs_drawn),
                 static_cast<long long>(d.nodes_drawn), d.nodes_as_points ? 1 : 0, d.draw_calls);
  }
}

void GraphView::set_label_mode(LabelMode mode) {
  label_mode_ = mode;
  redraw();
}

void GraphView::draw_labels(QPainter& painter, const render::Camera& camera, float node_radius, float marker_radius,
                            double text_scale, bool light) const {
  const auto n = node_count();
  QFont normal = font();
  normal.setPointSizeF(normal.pointSizeF() * text_scale);
  QFont small = normal;
  small.setPointSizeF(std::max(7.0, normal.pointSizeF() * 0.85));
  QFont bold = normal;
  bold.setBold(true);
  bold.setPointSizeF(normal.pointSizeF() * 1.15);
  auto screen = [&](std::int32_t u) {
    const auto p = camera.world_to_screen({positions_[2 * u], positions_[2 * u + 1]});
    return QPointF(p.x, p.y);
  };
  auto label = [&](std::int32_t u) { return u < labels_.size() ? labels_[u] : QString::number(u); };
  const QRectF visible(0, 0, camera.viewport_width(), camera.viewport_height());
  LabelPlacer placer(visible);
  // The caption's lines, bottom left, are not covered either.
  const QStringList caption_lines = caption_.isEmpty() ? QStringList() : caption_.split('\n');
  const QFontMetricsF caption_metrics(normal);
  const double caption_top = camera.viewport_height() - 10 - caption_metrics.lineSpacing() * caption_lines.size();
  if (!caption_lines.isEmpty()) {
    double widest = 0;
    for (const auto& line : caption_lines) widest = std::max(widest, caption_metrics.horizontalAdvance(line));
    placer.reserve(QRectF(0, caption_top, widest + 24, camera.viewport_height() - caption_top));
  }
  // The markers and the stop rings stay uncovered: labels go around them.
  const double ring = std::max(7.0, node_radius * 2.0);
  for (std::int32_t u : {source_, target_}) {
    if (u < 0 || u >= n) continue;
    const double r = marker_radius + 2;
    placer.reserve(QRectF(screen(u) - QPointF(r, r), QSizeF(2 * r, 2 * r)));
  }
  const double mark_ring = std::max<double>(marker_radius, node_radius * 2.0) + 5;
  if (marked_ >= 0 && marked_ < n) {
    placer.reserve(QRectF(screen(marked_) - QPointF(mark_ring + 2, mark_ring + 2), QSizeF(2 * mark_ring + 4, 2 * mark_ring + 4)));
  }
  for (const auto u : stops_) {
    if (u >= 0 && u < n) placer.reserve(QRectF(screen(u) - QPointF(ring + 2, ring + 2), QSizeF(2 * ring + 4, 2 * ring + 4)));
  }

  struct Placed {
    QPointF at;
    QString text;
    const QFont* font;
    QColor colour;
    bool halo;
  };
  std::vector<Placed> texts;
  const double gap = std::max<double>(marker_radius, node_radius * 2.0) + 4;
  auto place = [&](std::int32_t u, const QString& text, const QFont& f, QColor colour, bool must) {
    const QRectF box = QFontMetricsF(f).boundingRect(text);
    if (const auto at = placer.place(screen(u), box, gap, must)) texts.push_back({*at, text, &f, colour, true});
  };

  if (label_mode_ != LabelMode::None) {
    if (!stops_.empty()) {
      // Stops in tour order: the number says where each falls in the tour.
      for (std::size_t i = 0; i < stops_.size(); ++i) {
        const auto u = stops_[i];
        if (u >= 0 && u < n) place(u, QString::number(i + 1) + QStringLiteral(". ") + label(u), bold, Qt::white, true);
      }
    } else if (!path_.empty()) {
      const std::size_t count = path_.size();
      const std::size_t every = count <= 24 ? 1 : (count + 15) / 16;
      auto text_of = [&](std::size_t i) {
        return path_closed_ ? QString::number(i + 1) + QStringLiteral(". ") + label(path_[i]) : label(path_[i]);
      };
      place(path_.front(), text_of(0), bold, Qt::white, true);
      if (count > 1) place(path_.back(), text_of(count - 1), bold, Qt::white, true);
      for (std::size_t i = 1; i + 1 < count; ++i) {
        if (i % every == 0) place(path_[i], text_of(i), normal, QColor(255, 226, 160), false);
      }
    } else {
      for (std::int32_t u : {source_, target_}) {
        if (u >= 0 && u < n) place(u, label(u), bold, Qt::white, true);
      }
    }
  }

  // Every node's name where it fits, best-connected first, once nodes are far enough apart on
  // screen for a name to belong to one of them; never over the path's labels or the markers.
  const double arc_px = renderer_.typical_arc_length() * camera.pixels_per_unit();
  std::vector<Placed> node_texts;
  if (label_mode_ == LabelMode::All && arc_px > 24 && n > 0) {
    const QFontMetricsF metrics(small);
    const QColor colour(190, 200, 215, path_.empty() ? 230 : 150);
    int tried = 0;
    for (const std::int32_t u : label_order_) {
      if (node_texts.size() >= 400 || tried >= 6000) break;
      const QPointF p = screen(u);
      if (!visible.contains(p)) continue;
      ++tried;
      const QString text = label(u);
      const QRectF box = metrics.boundingRect(text);
      if (const auto at = placer.place(p, box, node_radius + 3, false)) node_texts.push_back({*at, text, &small, colour, false});
    }
  }
  painter.setPen(Qt::NoPen);
  for (const auto& t : node_texts) {
    painter.setFont(*t.font);
    painter.setPen(light ? QColor(60, 66, 80) : t.colour);
    painter.drawText(t.at, t.text);
  }
  if (!stops_.empty()) {
    for (const auto u : stops_) {
      if (u < 0 || u >= n) continue;
      painter.setPen(QPen(QColor(0, 0, 0, 220), 4.0));
      painter.setBrush(Qt::NoBrush);
      painter.drawEllipse(screen(u), ring, ring);
      painter.setPen(QPen(QColor(255, 255, 255), 2.0));
      painter.drawEllipse(screen(u), ring, ring);
    }
  }
  if (marked_ >= 0 && marked_ < n) {
    // The chosen hop: a cyan ring no other element uses, over a dark one for contrast.
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(QColor(0, 0, 0, 230), 5.0));
    painter.drawEllipse(screen(marked_), mark_ring, mark_ring);
    painter.setPen(QPen(QColor(0, 220, 255), 2.5));
    painter.drawEllipse(screen(marked_), mark_ring, mark_ring);
  }
  for (const auto& t : texts) draw_halo_text(painter, t.at, t.text, *t.font, t.colour, light);
  last_texts_.clear();
  for (const auto& t : node_texts) last_texts_.push_back({t.at, t.text, false});
  for (const auto& t : texts) last_texts_.push_back({t.at, t.text, true});
  last_labels_ = placer.placed();
  last_reserved_ = placer.reserved();
  last_label_count_ = static_cast<int>(texts.size() + node_texts.size());

  if (!caption_lines.isEmpty()) {
    const double line_height = caption_metrics.lineSpacing();
    double y = camera.viewport_height() - 10 - line_height * (caption_lines.size() - 1);
    for (const auto& line : caption_lines) {
      draw_halo_text(painter, QPointF(12, y), line, normal, QColor(235, 235, 235), light);
      y += line_height;
    }
  }
}

QImage GraphView::render_image(QSize size, bool light) {
  // A context of its own, so export works whether or not the window was ever shown.
  QOpenGLContext context;
  context.setFormat(QSurfaceFormat::defaultFormat());
  if (!context.create()) throw std::runtime_error("cannot create an OpenGL context for the image");
  QOffscreenSurface surface;
  surface.setFormat(context.format());
  surface.create();
  if (!context.makeCurrent(&surface)) throw std::runtime_error("cannot use the offscreen OpenGL surface");

  render::Camera camera;
  camera.set_viewport(size.width(), size.height());
  if (has_frame_) {
    camera.fit(frame_lo_, frame_hi_);
  } else {  // what the view shows now, scaled to the image's shape
    const auto lo = camera_.screen_to_world({0, camera_.viewport_height()});
    const auto hi = camera_.screen_to_world({camera_.viewport_width(), 0});
    camera.fit(lo, hi, 0.0);
  }

  render::Renderer renderer;
  QImage image;
  try {
    renderer.initialize();
    renderer.style() = light ? render::light_style() : const_cast<render::Renderer&>(renderer_).style();
    renderer.set_graph(positions_, arcs_, directed_);
    if (!path_.empty()) {
      renderer.set_highlight(path_, path_closed_);
    } else {
      renderer.set_markers(source_, target_);
    }
    renderer.set_node_set(overlay_nodes_);
    const auto rgba = renderer.render_to_rgba(camera, size.width(), size.height());
    image = QImage(rgba.data(), size.width(), size.height(), size.width() * 4, QImage::Format_RGBA8888).copy();
    renderer.release();
  } catch (...) {
    renderer.release();
    context.doneCurrent();
    throw;
  }
  context.doneCurrent();
  image = image.convertToFormat(QImage::Format_RGB32);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  draw_labels(painter, camera, renderer.node_radius_px(camera), renderer.marker_radius_px(camera),
              std::clamp(size.height() / 800.0, 1.0, 3.0), light);
  return image;
}

void GraphView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  setFocus(Qt::MouseFocusReason);  // the press came through the GL window, which keeps no focus
  pressed_ = true;
  dragging_ = false;
  press_position_ = last_position_ = event->position();
}

void GraphView::mouseMoveEvent(QMouseEvent* event) {
  if (!pressed_) {
    const std::int32_t u = node_at(event->position());
    if (u != hovered_) {
      hovered_ = u;
      Q_EMIT node_hovered(u);
    }
    return;
  }
  const QPointF p = event->position();
  if (!dragging_ && (p - press_position_).manhattanLength() > 4) dragging_ = true;
  if (dragging_) {
    camera_.pan_pixels(p.x() - last_position_.x(), p.y() - last_position_.y());
    has_frame_ = false;
    last_position_ = p;
    redraw();
  }
}

void GraphView::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton || !pressed_) return;
  pressed_ = false;
  if (dragging_) return;
  const std::int32_t u = node_at(event->position());
  if (u < 0) return;
  if (event->modifiers() & Qt::ShiftModifier) {
    Q_EMIT node_shift_clicked(u);
  } else {
    Q_EMIT node_clicked(u);
  }
}

void GraphView::leaveEvent(QEvent* event) {
  if (hovered_ >= 0) {
    hovered_ = -1;
    Q_EMIT node_hovered(-1);
  }
  QWidget::leaveEvent(event);
}

void GraphView::mark_node(std::int32_t node) {
  marked_ = node >= 0 && node < node_count() ? node : -1;
  redraw();
}

void GraphView::wheelEvent(QWheelEvent* event) {
  const double factor = std::pow(1.0015, event->angleDelta().y());
  camera_.zoom_about({event->position().x(), event->position().y()}, factor);
  has_frame_ = false;
  redraw();
}

}  // namespace pathscope::qt
