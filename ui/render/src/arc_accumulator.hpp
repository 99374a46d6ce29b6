#pragma once
// Arcs drawn over several frames: a colour texture the size of the framebuffer that keeps the
// arcs already drawn for one unchanged view, so each frame adds a budget's worth and copies
// the whole onto the screen. Needs the caller's GL context current for every call.
#include "gl_program.hpp"

namespace pathscope::render {

class ArcAccumulator {
 public:
  void initialize();  // compiles the copy program; throws std::runtime_error with the GL log
  void release();
  // Binds the texture as the draw target, (re)made at this size; the framebuffer bound before
  // is remembered for end_drawing. Throws std::runtime_error when the driver refuses it.
  void begin_drawing(int width, int height);
  void end_drawing();
  // Copies the texture over the whole bound framebuffer, blending off.
  void copy_to_bound(int width, int height) const;

 private:
  GLuint program_ = 0, empty_vao_ = 0;
  GLuint framebuffer_ = 0, texture_ = 0;
  int width_ = 0, height_ = 0;
  GLint previous_ = 0;
};

}  // namespace pathscope::render
