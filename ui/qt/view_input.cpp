#include "view_input.hpp"

#include <QMouseEvent>
#include <QWheelEvent>
#include <cmath>

#include "graph_view.hpp"

namespace pathscope::qt {

void ViewInput::press(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  view_.setFocus(Qt::MouseFocusReason);  // the press came through the GL window, which keeps no focus
  pressed_ = true;
  dragging_ = false;
  press_position_ = last_position_ = event->position();
}

void ViewInput::move(QMouseEvent* event) {
  if (!pressed_) {
    const std::int32_t u = view_.node_at(event->position());
    if (u != hovered_) {
      hovered_ = u;
      Q_EMIT view_.node_hovered(u);
    }
    return;
  }
  const QPointF p = event->position();
  if (!dragging_ && (p - press_position_).manhattanLength() > 4) dragging_ = true;
  if (dragging_) {
    view_.camera_.pan_pixels(p.x() - last_position_.x(), p.y() - last_position_.y());
    last_position_ = p;
    view_.moved_by_hand();
  }
}

void ViewInput::release(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton || !pressed_) return;
  pressed_ = false;
  if (dragging_) return;
  const std::int32_t u = view_.node_at(event->position());
  if (u < 0) return;
  if (event->modifiers() & Qt::ShiftModifier) {
    Q_EMIT view_.node_shift_clicked(u);
  } else {
    Q_EMIT view_.node_clicked(u);
  }
}

void ViewInput::leave() {
  if (hovered_ < 0) return;
  hovered_ = -1;
  Q_EMIT view_.node_hovered(-1);
}

void ViewInput::wheel(QWheelEvent* event) {
  const double factor = std::pow(1.0015, event->angleDelta().y());
  view_.camera_.zoom_about({event->position().x(), event->position().y()}, factor);
  view_.moved_by_hand();
}

}  // namespace pathscope::qt
