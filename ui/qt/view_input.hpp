#pragma once
// The view's mouse: drag to pan, wheel to zoom about the cursor, click (or shift-click) a node,
// hover for the inspector. The GL window forwards its input to the view's handlers, which hand
// it here; what a gesture means for the camera and for the signals lives in this one place.
#include <QPointF>
#include <cstdint>

class QMouseEvent;
class QWheelEvent;

namespace pathscope::qt {

class GraphView;

class ViewInput {
 public:
  explicit ViewInput(GraphView& view) : view_(view) {}
  void press(QMouseEvent* event);
  void move(QMouseEvent* event);
  void release(QMouseEvent* event);
  void leave();
  void wheel(QWheelEvent* event);
  // A new graph: the node under the mouse is no longer known (nothing is announced).
  void forget_hover() { hovered_ = -1; }

 private:
  GraphView& view_;
  QPointF press_position_, last_position_;
  bool pressed_ = false;
  bool dragging_ = false;
  std::int32_t hovered_ = -1;
};

}  // namespace pathscope::qt
