#pragma once
// Where text goes on the map: greedy placement that never lets two labels overlap and never
// covers a reserved area (the source and target markers). Each label tries spots around its
// node, nearest first; a label with no free spot is left out, unless it must be shown (a
// path's ends), which then only avoids the reserved areas (and is left out too when no spot
// in the view does: its node is off the view, or boxed in by markers).
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <optional>
#include <vector>

namespace pathscope::qt {

// Which node labels the view draws: every one that fits, the path's (or tour's, or chosen
// pair's) only, or none.
enum class LabelMode { All, PathOnly, None };

class LabelPlacer {
 public:
  // bounds: the visible area; labels are kept inside it. cell: the lookup grid's cell size.
  explicit LabelPlacer(QRectF bounds, double cell = 48);
  // An area no label may cover.
  void reserve(const QRectF& area);
  // box: the text's bounding box relative to its baseline origin (QFontMetricsF::boundingRect).
  // Returns the baseline origin to draw at, or nothing when the label is left out.
  std::optional<QPointF> place(QPointF node, const QRectF& box, double gap, bool must);
  bool free(const QRectF& area) const;
  // Reserves `area` when `clearance` (around it) meets no label and no reserved area: marks
  // such as tour stop rings thin out this way when crowded, in the order they are offered.
  bool reserve_if_clear(const QRectF& area, const QRectF& clearance);
  const std::vector<QRectF>& placed() const { return placed_; }
  const std::vector<QRectF>& reserved() const { return reserved_; }

 private:
  void add(const QRectF& area, std::vector<QRectF>& into);
  bool hits(const QRectF& area, const std::vector<QRectF>& in, bool reserved_only) const;

  QRectF bounds_;
  double cell_;
  int columns_, rows_;
  std::vector<QRectF> placed_, reserved_;
  // Per cell, the rectangles touching it: (index, reserved?) pairs.
  std::vector<std::vector<std::pair<int, bool>>> grid_;
};

}  // namespace pathscope::qt
