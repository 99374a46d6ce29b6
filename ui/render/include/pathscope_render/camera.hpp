#pragma once
// A 2-D camera: world units to logical pixels (y down, as mouse events come). Doubles,
// because DIMACS coordinates in the millions would lose metres in float.
#include <array>

namespace pathscope::render {

struct Point {
  double x = 0, y = 0;
};

class Camera {
 public:
  // Logical pixels; the framebuffer may be larger by the device pixel ratio.
  void set_viewport(double width, double height);
  double viewport_width() const { return width_; }
  double viewport_height() const { return height_; }

  // Shows the box [min, max] whole, with a margin on every side (fraction of the viewport).
  void fit(Point min, Point max, double margin = 0.06);
  void center_on(Point world) { center_ = world; }
  Point center() const { return center_; }
  void pan_pixels(double dx, double dy);
  // Zooms keeping the world point under the screen point where it is.
  void zoom_about(Point screen, double factor);
  double pixels_per_unit() const { return scale_; }

  Point world_to_screen(Point world) const;
  Point screen_to_world(Point screen) const;
  // Column-major 3x3 for the shaders: (world - origin) -> normalized device coordinates.
  // The renderer stores positions relative to origin so that float precision is enough.
  std::array<float, 9> world_to_ndc(Point origin) const;

 private:
  double width_ = 1, height_ = 1;
  Point center_;
  double scale_ = 1;
};

}  // namespace pathscope::render
