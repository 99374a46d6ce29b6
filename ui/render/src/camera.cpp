#include "pathscope_render/camera.hpp"

#include <algorithm>
#include <cmath>

namespace pathscope::render {

void Camera::set_viewport(double width, double height) {
  width_ = std::max(1.0, width);
  height_ = std::max(1.0, height);
}

void Camera::fit(Point min, Point max, double margin) {
  center_ = {(min.x + max.x) / 2, (min.y + max.y) / 2};
  const double span_x = std::max(max.x - min.x, 1e-9), span_y = std::max(max.y - min.y, 1e-9);
  const double usable = std::max(0.05, 1 - 2 * margin);
  scale_ = std::min(width_ * usable / span_x, height_ * usable / span_y);
  if (max.x - min.x <= 0 && max.y - min.y <= 0) scale_ = 1;  // a single point: any zoom shows it
}

void Camera::pan_pixels(double dx, double dy) {
  center_.x -= dx / scale_;
  center_.y += dy / scale_;
}

void Camera::zoom_about(Point screen, double factor) {
  const Point anchor = screen_to_world(screen);
  scale_ = std::clamp(scale_ * factor, 1e-12, 1e12);
  const Point moved = world_to_screen(anchor);
  pan_pixels(screen.x - moved.x, screen.y - moved.y);
}

Point Camera::world_to_screen(Point w) const {
  return {(w.x - center_.x) * scale_ + width_ / 2, height_ / 2 - (w.y - center_.y) * scale_};
}

Point Camera::screen_to_world(Point s) const {
  return {(s.x - width_ / 2) / scale_ + center_.x, (height_ / 2 - s.y) / scale_ + center_.y};
}

std::array<float, 9> Camera::world_to_ndc(Point origin) const {
  const double sx = 2 * scale_ / width_, sy = 2 * scale_ / height_;
  return {static_cast<float>(sx), 0, 0,
          0, static_cast<float>(sy), 0,
          static_cast<float>((origin.x - center_.x) * sx), static_cast<float>((origin.y - center_.y) * sy), 1};
}

}  // namespace pathscope::render
