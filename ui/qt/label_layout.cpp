#include "label_layout.hpp"

#include <algorithm>
#include <cmath>

namespace pathscope::qt {

LabelPlacer::LabelPlacer(QRectF bounds, double cell) : bounds_(bounds), cell_(std::max(8.0, cell)) {
  columns_ = std::max(1, static_cast<int>(std::ceil(bounds_.width() / cell_)));
  rows_ = std::max(1, static_cast<int>(std::ceil(bounds_.height() / cell_)));
  grid_.resize(static_cast<std::size_t>(columns_) * rows_);
}

void LabelPlacer::add(const QRectF& area, std::vector<QRectF>& into) {
  const bool reserved = &into == &reserved_;
  const int index = static_cast<int>(into.size());
  into.push_back(area);
  const int x0 = std::clamp(static_cast<int>(std::floor((area.left() - bounds_.left()) / cell_)), 0, columns_ - 1);
  const int x1 = std::clamp(static_cast<int>(std::floor((area.right() - bounds_.left()) / cell_)), 0, columns_ - 1);
  const int y0 = std::clamp(static_cast<int>(std::floor((area.top() - bounds_.top()) / cell_)), 0, rows_ - 1);
  const int y1 = std::clamp(static_cast<int>(std::floor((area.bottom() - bounds_.top()) / cell_)), 0, rows_ - 1);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) grid_[static_cast<std::size_t>(y) * columns_ + x].emplace_back(index, reserved);
  }
}

void LabelPlacer::reserve(const QRectF& area) { add(area, reserved_); }

bool LabelPlacer::hits(const QRectF& area, const std::vector<QRectF>&, bool reserved_only) const {
  const int x0 = std::clamp(static_cast<int>(std::floor((area.left() - bounds_.left()) / cell_)), 0, columns_ - 1);
  const int x1 = std::clamp(static_cast<int>(std::floor((area.right() - bounds_.left()) / cell_)), 0, columns_ - 1);
  const int y0 = std::clamp(static_cast<int>(std::floor((area.top() - bounds_.top()) / cell_)), 0, rows_ - 1);
  const int y1 = std::clamp(static_cast<int>(std::floor((area.bottom() - bounds_.top()) / cell_)), 0, rows_ - 1);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      for (const auto& [index, reserved] : grid_[static_cast<std::size_t>(y) * columns_ + x]) {
        if (reserved_only && !reserved) continue;
        const QRectF& other = reserved ? reserved_[index] : placed_[index];
        if (other.intersects(area)) return true;
      }
    }
  }
  return false;
}

bool LabelPlacer::free(const QRectF& area) const { return !hits(area, placed_, false); }

bool LabelPlacer::reserve_if_clear(const QRectF& area, const QRectF& clearance) {
  if (!bounds_.intersects(area) || !free(clearance)) return false;
  reserve(area);
  return true;
}

std::optional<QPointF> LabelPlacer::place(QPointF node, const QRectF& box, double gap, bool must) {
  // Right, left, above, below, then the corners; each ring farther out for labels that must show.
  const double w = box.width(), h = box.height();
  const double base = -box.top();  // baseline below the box's top
  const int rings = must ? 3 : 1;
  std::optional<QPointF> fallback;
  for (int ring = 1; ring <= rings; ++ring) {
    const double g = gap * ring;
    const QPointF tops[] = {{g, -h / 2},       {-g - w, -h / 2},      {-w / 2, -g - h}, {-w / 2, g},
                            {g * 0.7, -g * 0.7 - h}, {-g * 0.7 - w, -g * 0.7 - h}, {g * 0.7, g * 0.7},
                            {-g * 0.7 - w, g * 0.7}};
    for (const QPointF& top_left : tops) {
      const QRectF area(node + top_left, QSizeF(w, h));
      const QRectF padded = area.adjusted(-2, -1, 2, 1);
      if (!bounds_.contains(area)) continue;
      if (free(padded)) {
        add(padded, placed_);
        return node + top_left + QPointF(-box.left(), base);
      }
      if (must && !fallback && !hits(padded, reserved_, true)) fallback = node + top_left;
    }
  }
  if (!must) return std::nullopt;
  // Every near spot is taken or off the view: farther rings, where another label may be
  // overlapped but a reserved area never is.
  for (int ring = rings + 1; !fallback && ring <= 8; ++ring) {
    const double g = gap * ring;
    const QPointF tops[] = {{g, -h / 2}, {-g - w, -h / 2}, {-w / 2, -g - h}, {-w / 2, g}};
    for (const QPointF& top_left : tops) {
      const QRectF area(node + top_left, QSizeF(w, h));
      if (bounds_.contains(area) && !hits(area.adjusted(-2, -1, 2, 1), reserved_, true)) {
        fallback = node + top_left;
        break;
      }
    }
  }
  // None at all (the node is off the view, or boxed in by markers): the label is left out
  // rather than laid over a marker or the caption.
  if (!fallback) return std::nullopt;
  add(QRectF(*fallback, QSizeF(w, h)).adjusted(-2, -1, 2, 1), placed_);
  return *fallback + QPointF(-box.left(), base);
}

}  // namespace pathscope::qt
