#pragma once
// An RGBA8 colour target of a fixed size, for images rendered with no window on screen (the
// explorer's PNG export, the demo's headless runs). Needs the caller's GL context current.
#include <cstdint>
#include <vector>

namespace pathscope::render {

class OffscreenTarget {
 public:
  // Bound from here until destruction, which restores the framebuffer bound before. Throws
  // std::runtime_error naming the size when it is outside the driver's limits or refused.
  OffscreenTarget(int width, int height);
  ~OffscreenTarget();
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;

  int width() const { return width_; }
  int height() const { return height_; }
  // What was drawn into it, top row first.
  std::vector<std::uint8_t> read_rgba() const;

 private:
  void release();

  int width_, height_;
  unsigned framebuffer_ = 0, colour_ = 0;
  int previous_ = 0;
};

// The bound framebuffer's pixels, top row first (GL hands them bottom row first).
std::vector<std::uint8_t> read_rgba_top_row_first(int width, int height);

}  // namespace pathscope::render
