#include "view_labels.hpp"

#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_set>

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

double ViewLabels::stop_ring_radius(const render::Camera& camera, const LabelScene& scene, float node_radius) {
  // Room per stop on screen decides the size: a handful of stops get big rings, thousands
  // in view small ones (that still circle their node's disc).
  const auto n = static_cast<std::int32_t>(scene.positions.size() / 2);
  const QRectF visible(0, 0, camera.viewport_width(), camera.viewport_height());
  std::size_t in_view = 0;
  for (const auto u : scene.stops) {
    if (u < 0 || u >= n) continue;
    const auto p = camera.world_to_screen({scene.positions[2 * u], scene.positions[2 * u + 1]});
    if (visible.contains(QPointF(p.x, p.y))) ++in_view;
  }
  const double room = std::sqrt(visible.width() * visible.height() / std::max<double>(in_view, 1));
  const double largest = std::max(7.0, node_radius * 2.0);
  return std::clamp(0.25 * room, std::min(largest, node_radius + 2.5), largest);
}

QRectF ViewLabels::name_box(std::int32_t u, const QFont& font, const QFontMetricsF& metrics) {
  // Measuring text shapes it: thousands of names a frame cost more than drawing the graph on a
  // software renderer, so each name is measured once per font.
  if (font != boxes_font_) {
    boxes_font_ = font;
    name_boxes_.assign(order_.size(), QRectF());
    name_texts_.assign(order_.size(), QStaticText());
  }
  if (u < 0 || static_cast<std::size_t>(u) >= name_boxes_.size()) return metrics.boundingRect(name(u));
  QRectF& box = name_boxes_[static_cast<std::size_t>(u)];
  if (box.isNull()) box = metrics.boundingRect(name(u));
  return box;
}

const QStaticText& ViewLabels::name_text(std::int32_t u, const QFont& font) {
  // Laid out once: drawing hundreds of names a frame as plain text shapes each every time.
  QStaticText& text = name_texts_[static_cast<std::size_t>(u)];
  if (text.text().isEmpty()) {
    text.setText(name(u));
    text.setTextFormat(Qt::PlainText);
    text.prepare(QTransform(), font);
  }
  return text;
}

void ViewLabels::set_names(QStringList names, const std::vector<std::int32_t>& arcs, std::size_t node_count) {
  names_ = std::move(names);
  name_boxes_.assign(node_count, QRectF());
  name_texts_.assign(node_count, QStaticText());
  // Names of the best-connected nodes first: they win the room when labels compete.
  std::vector<std::int32_t> degree(node_count, 0);
  for (const auto u : arcs) {
    if (u >= 0 && static_cast<std::size_t>(u) < degree.size()) ++degree[u];
  }
  order_.resize(degree.size());
  std::iota(order_.begin(), order_.end(), 0);
  std::stable_sort(order_.begin(), order_.end(), [&](std::int32_t a, std::int32_t b) { return degree[a] > degree[b]; });
}

void ViewLabels::draw(QPainter& painter, const render::Camera& camera, const LabelScene& scene, const LabelLook& look) {
  const auto n = static_cast<std::int32_t>(scene.positions.size() / 2);
  const float node_radius = look.node_radius, marker_radius = look.marker_radius;
  const bool light = look.light;
  const auto& stops = scene.stops;
  const auto& path = scene.path;
  QFont normal = look.font;
  normal.setPointSizeF(normal.pointSizeF() * look.text_scale);
  QFont small = normal;
  small.setPointSizeF(std::max(7.0, normal.pointSizeF() * 0.85));
  QFont bold = normal;
  bold.setBold(true);
  bold.setPointSizeF(normal.pointSizeF() * 1.15);
  auto screen = [&](std::int32_t u) {
    const auto p = camera.world_to_screen({scene.positions[2 * u], scene.positions[2 * u + 1]});
    return QPointF(p.x, p.y);
  };
  const QRectF visible(0, 0, camera.viewport_width(), camera.viewport_height());
  LabelPlacer placer(visible);
  // The caption's lines, bottom left, are not covered either.
  const QStringList caption_lines = scene.caption.isEmpty() ? QStringList() : scene.caption.split('\n');
  const QFontMetricsF caption_metrics(normal);
  const double caption_top = camera.viewport_height() - 10 - caption_metrics.lineSpacing() * caption_lines.size();
  if (!caption_lines.isEmpty()) {
    double widest = 0;
    for (const auto& line : caption_lines) widest = std::max(widest, caption_metrics.horizontalAdvance(line));
    placer.reserve(QRectF(0, caption_top, widest + 24, camera.viewport_height() - caption_top));
  }
  // The markers and the stop rings stay uncovered: labels go around them.
  for (std::int32_t u : {scene.source, scene.target}) {
    if (u < 0 || u >= n) continue;
    const double r = marker_radius + 2;
    placer.reserve(QRectF(screen(u) - QPointF(r, r), QSizeF(2 * r, 2 * r)));
  }
  const double mark_ring = std::max<double>(marker_radius, node_radius * 2.0) + 5;
  if (scene.marked >= 0 && scene.marked < n) {
    placer.reserve(QRectF(screen(scene.marked) - QPointF(mark_ring + 2, mark_ring + 2), QSizeF(2 * mark_ring + 4, 2 * mark_ring + 4)));
  }
  // Stop rings, in tour order, only where one has room: a tour of thousands of stops keeps
  // its line readable, and zooming in brings the rest back. None when labels are off.
  std::vector<std::int32_t> ringed;  // indices into stops
  const double stop_ring = stop_ring_radius(camera, scene, node_radius);
  if (mode_ != LabelMode::None) {
    const double box = stop_ring + 2, clear = 1.8 * stop_ring + 2;
    for (std::size_t i = 0; i < stops.size(); ++i) {
      const auto u = stops[i];
      if (u < 0 || u >= n) continue;
      const QPointF p = screen(u);
      const QRectF ring_box(p - QPointF(box, box), QSizeF(2 * box, 2 * box));
      if (i == 0 && visible.intersects(ring_box)) {  // the tour's start is always ringed
        placer.reserve(ring_box);
        ringed.push_back(0);
      } else if (i > 0 && placer.reserve_if_clear(QRectF(p - QPointF(box, box), QSizeF(2 * box, 2 * box)),
                                  QRectF(p - QPointF(clear, clear), QSizeF(2 * clear, 2 * clear)))) {
        ringed.push_back(static_cast<std::int32_t>(i));
      }
    }
  }

  struct Placed {
    QPointF at;
    QString text;
    const QFont* font;
    QColor colour;
    bool halo;
    std::int32_t node = -1;  // a node name's node: its laid-out text is cached
  };
  std::vector<Placed> texts;
  // Nodes named once: a path's node never gets a second, grey name from the all-nodes pass.
  std::unordered_set<std::int32_t> named;
  const double gap = std::max<double>(marker_radius, node_radius * 2.0) + 4;
  auto place = [&](std::int32_t u, const QString& text, const QFont& f, QColor colour, bool must) {
    if (named.count(u) || name(u).isEmpty()) return;
    const QRectF box = QFontMetricsF(f).boundingRect(text);
    if (const auto at = placer.place(screen(u), box, gap, must)) {
      texts.push_back({*at, text, &f, colour, true});
      named.insert(u);
    }
  };

  if (mode_ != LabelMode::None) {
    if (!stops.empty()) {
      // Ringed stops in tour order: the number says where each falls in the tour. Only the
      // first must show; the others where they fit, so thousands never bury the tour.
      for (const auto i : ringed) {
        const auto u = stops[i];
        place(u, QString::number(i + 1) + QStringLiteral(". ") + name(u), i == 0 ? bold : normal,
              i == 0 ? QColor(Qt::white) : QColor(255, 226, 160), i == 0);
      }
    } else if (!path.empty()) {
      const std::size_t count = path.size();
      const std::size_t every = count <= 24 ? 1 : (count + 15) / 16;
      auto text_of = [&](std::size_t i) {
        return scene.path_closed ? QString::number(i + 1) + QStringLiteral(". ") + name(path[i]) : name(path[i]);
      };
      place(path.front(), text_of(0), bold, Qt::white, true);
      if (count > 1) place(path.back(), text_of(count - 1), bold, Qt::white, true);
      for (std::size_t i = 1; i + 1 < count; ++i) {
        if (i % every == 0) place(path[i], text_of(i), normal, QColor(255, 226, 160), false);
      }
    } else {
      for (std::int32_t u : {scene.source, scene.target}) {
        if (u >= 0 && u < n) place(u, name(u), bold, Qt::white, true);
      }
    }
  }

  // Every node's name where it fits, best-connected first, once nodes are far enough apart on
  // screen for a name to belong to one of them; never over the path's labels or the markers.
  const double arc_px = scene.typical_arc_length * camera.pixels_per_unit();
  std::vector<Placed> node_texts;
  if (mode_ == LabelMode::All && arc_px > 24 && n > 0) {
    const QFontMetricsF metrics(small);
    const QColor colour(190, 200, 215, path.empty() ? 230 : 150);
    int tried = 0;
    for (const std::int32_t u : order_) {
      if (node_texts.size() >= 150 || tried >= 1500) break;
      const QPointF p = screen(u);
      if (!visible.contains(p) || named.count(u)) continue;
      ++tried;
      const QString text = name(u);
      if (text.isEmpty()) continue;
      const QRectF box = name_box(u, small, metrics);
      if (const auto at = placer.place(p, box, node_radius + 3, false)) node_texts.push_back({*at, text, &small, colour, false, u});
    }
  }
  painter.setPen(Qt::NoPen);
  if (!node_texts.empty()) {
    painter.setFont(small);
    const double ascent = QFontMetricsF(small).ascent();
    for (const auto& t : node_texts) {
      painter.setPen(light ? QColor(60, 66, 80) : t.colour);
      painter.drawStaticText(t.at - QPointF(0, ascent), name_text(t.node, small));
    }
  }
  // Thin rings when small: a thick pen would fill them in.
  const double outline = stop_ring < 5 ? 3.0 : 4.0, line = stop_ring < 5 ? 1.5 : 2.0;
  for (const auto i : ringed) {
    painter.setPen(QPen(QColor(0, 0, 0, 220), outline));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(screen(stops[i]), stop_ring, stop_ring);
    painter.setPen(QPen(QColor(255, 255, 255), line));
    painter.drawEllipse(screen(stops[i]), stop_ring, stop_ring);
  }
  last_rings_ = static_cast<int>(ringed.size());
  if (scene.marked >= 0 && scene.marked < n) {
    // The chosen hop: a cyan ring no other element uses, over a dark one for contrast.
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(QColor(0, 0, 0, 230), 5.0));
    painter.drawEllipse(screen(scene.marked), mark_ring, mark_ring);
    painter.setPen(QPen(QColor(0, 220, 255), 2.5));
    painter.drawEllipse(screen(scene.marked), mark_ring, mark_ring);
  }
  for (const auto& t : texts) draw_halo_text(painter, t.at, t.text, *t.font, t.colour, light);
  last_texts_.clear();
  for (const auto& t : node_texts) last_texts_.push_back({t.at, t.text, false});
  for (const auto& t : texts) last_texts_.push_back({t.at, t.text, true});
  last_boxes_ = placer.placed();
  last_reserved_ = placer.reserved();
  last_count_ = static_cast<int>(texts.size() + node_texts.size());

  if (!caption_lines.isEmpty()) {
    const double line_height = caption_metrics.lineSpacing();
    double y = camera.viewport_height() - 10 - line_height * (caption_lines.size() - 1);
    for (const auto& line : caption_lines) {
      draw_halo_text(painter, QPointF(12, y), line, normal, QColor(235, 235, 235), light);
      y += line_height;
    }
  }
}

}  // namespace pathscope::qt
