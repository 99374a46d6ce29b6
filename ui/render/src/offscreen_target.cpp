#include "pathscope_render/offscreen_target.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

#include "gl_program.hpp"

namespace pathscope::render {

OffscreenTarget::OffscreenTarget(int width, int height) : width_(width), height_(height) {
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  if (width <= 0 || height <= 0 || width > max_size || height > max_size) {
    throw std::runtime_error("image size " + std::to_string(width) + "x" + std::to_string(height) +
                             " is outside what this GL allows (1 to " + std::to_string(max_size) + " per side)");
  }
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous_);
  glGenFramebuffers(1, &framebuffer_);
  glGenRenderbuffers(1, &colour_);
  glBindRenderbuffer(GL_RENDERBUFFER, colour_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    release();
    throw std::runtime_error("the OpenGL driver refused a " + std::to_string(width) + "x" + std::to_string(height) +
                             " offscreen framebuffer");
  }
}

OffscreenTarget::~OffscreenTarget() { release(); }

void OffscreenTarget::release() {
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous_));
  if (colour_) glDeleteRenderbuffers(1, &colour_);
  if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
  colour_ = framebuffer_ = 0;
}

std::vector<std::uint8_t> OffscreenTarget::read_rgba() const {
  GLint bound = 0;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &bound);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  auto rows = read_rgba_top_row_first(width_, height_);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(bound));
  return rows;
}

std::vector<std::uint8_t> read_rgba_top_row_first(int width, int height) {
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  std::vector<std::uint8_t> pixels(row * static_cast<std::size_t>(height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<std::uint8_t> rows(pixels.size());
  for (int y = 0; y < height; ++y) {
    std::memcpy(rows.data() + row * static_cast<std::size_t>(y), pixels.data() + row * static_cast<std::size_t>(height - 1 - y), row);
  }
  return rows;
}

}  // namespace pathscope::render
