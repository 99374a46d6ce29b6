#pragma once
// Pixels out of OpenGL and into PNG files: the window's frame for the S key, and an
// offscreen framebuffer for headless runs where no window is ever shown.
#include <cstdint>
#include <string>
#include <vector>

namespace pathscope::demo {

// The bound framebuffer's pixels, top row first (GL hands them bottom row first).
std::vector<std::uint8_t> read_framebuffer_rgba(int width, int height);

// Written to a temporary name and renamed. Throws Error naming the file.
void write_png(const std::string& path, const std::vector<std::uint8_t>& rgba, int width, int height);

// An RGBA8 colour target of a fixed size; bound while it lives, the previous one restored after.
class OffscreenTarget {
 public:
  OffscreenTarget(int width, int height);  // throws Error when the driver refuses it
  ~OffscreenTarget();
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;

 private:
  void release();

  unsigned framebuffer_ = 0, colour_ = 0;
  int previous_ = 0;
};

}  // namespace pathscope::demo
