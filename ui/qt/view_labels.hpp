#pragma once
// The view's labels: node names where they fit (best-connected first), the path's, tour's or
// pair's names, numbered stop rings, the ring on the chosen hop and the caption, all drawn with
// QPainter over a frame, on screen or into an exported image. What the last frame placed is
// kept for the SVG export and the tests.
#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QRectF>
#include <QStaticText>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <vector>

#include "label_layout.hpp"
#include "pathscope_render/camera.hpp"

namespace pathscope::qt {

// What one frame's labels name and keep clear of, as the view shows it.
struct LabelScene {
  const std::vector<float>& positions;  // n * 2 world coordinates
  const std::vector<std::int32_t>& path;
  bool path_closed = false;
  std::int32_t source = -1, target = -1, marked = -1;
  const std::vector<std::int32_t>& stops;
  const QString& caption;
  double typical_arc_length = 0;  // world units: node names show once arcs are long on screen
};

// How the labels look on this frame: sizes from the renderer, text larger on big images.
struct LabelLook {
  QFont font;
  float node_radius = 0, marker_radius = 0;
  double text_scale = 1;
  bool light = false;
};

class ViewLabels {
 public:
  // One name per node; arcs as (tail, head) pairs, whose degrees decide which names win room.
  void set_names(QStringList names, const std::vector<std::int32_t>& arcs, std::size_t node_count);
  void set_mode(LabelMode mode) { mode_ = mode; }
  LabelMode mode() const { return mode_; }

  void draw(QPainter& painter, const render::Camera& camera, const LabelScene& scene, const LabelLook& look);

  struct Text {
    QPointF at;  // baseline origin
    QString text;
    bool bold;
  };
  // The last frame's label boxes and the areas they had to keep clear (markers, stop rings),
  // in view coordinates, its texts, and how many labels it drew.
  const std::vector<QRectF>& last_boxes() const { return last_boxes_; }
  const std::vector<QRectF>& last_reserved() const { return last_reserved_; }
  const std::vector<Text>& last_texts() const { return last_texts_; }
  int last_count() const { return last_count_; }
  // How many tour stops the last frame ringed (rings thin out where they would crowd).
  int last_ring_count() const { return last_rings_; }
  // The stop rings' radius in pixels at this view: smaller the more stops share it.
  static double stop_ring_radius(const render::Camera& camera, const LabelScene& scene, float node_radius);

 private:
  // The text set_names gave (the view choices' label: a name, an id or an attribute value);
  // empty for a node the filter hides, which gets no label.
  QString name(std::int32_t u) const { return u < names_.size() ? names_[u] : QString::number(u); }
  // Node u's name's bounding box in this font, measured once (see name_boxes_).
  QRectF name_box(std::int32_t u, const QFont& font, const QFontMetricsF& metrics);
  // Node u's name laid out in that font (the one name_box was last asked with).
  const QStaticText& name_text(std::int32_t u, const QFont& font);

  QStringList names_;
  std::vector<std::int32_t> order_;  // best-connected first
  std::vector<QRectF> name_boxes_;   // per node, in boxes_font_; null: not measured yet
  std::vector<QStaticText> name_texts_;  // per node, likewise
  QFont boxes_font_;
  LabelMode mode_ = LabelMode::All;
  std::vector<QRectF> last_boxes_, last_reserved_;
  std::vector<Text> last_texts_;
  int last_count_ = 0;
  int last_rings_ = 0;
};

}  // namespace pathscope::qt
