#include "pathscope_demo/capture.hpp"

#include <GL/gl.h>
#include <GL/glext.h>
#include <stb_image_write.h>

#include <cstring>
#include <filesystem>
#include <unistd.h>

#include "pathscope/error.hpp"

namespace pathscope::demo {

std::vector<std::uint8_t> read_framebuffer_rgba(int width, int height) {
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  std::vector<std::uint8_t> pixels(row * static_cast<std::size_t>(height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<std::uint8_t> flipped(pixels.size());
  for (int y = 0; y < height; ++y) {
    std::memcpy(flipped.data() + row * y, pixels.data() + row * (height - 1 - y), row);
  }
  // The ImGui panels blend alpha into the target; a PNG viewer would show that as holes.
  for (std::size_t i = 3; i < flipped.size(); i += 4) flipped[i] = 255;
  return flipped;
}

void write_png(const std::string& path, const std::vector<std::uint8_t>& rgba, int width, int height) {
  // stb writes by file name only, so the atomic rename is done here rather than via AtomicFile.
  const std::string temp = path + ".tmp-" + std::to_string(::getpid());
  if (!stbi_write_png(temp.c_str(), width, height, 4, rgba.data(), width * 4)) {
    std::filesystem::remove(temp);
    throw Error(path + ": cannot write the PNG");
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::filesystem::remove(temp);
    throw Error(path + ": cannot write the PNG: " + ec.message());
  }
}

OffscreenTarget::OffscreenTarget(int width, int height) {
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous_);
  glGenFramebuffers(1, &framebuffer_);
  glGenRenderbuffers(1, &colour_);
  glBindRenderbuffer(GL_RENDERBUFFER, colour_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    release();
    throw Error("the OpenGL driver refused a " + std::to_string(width) + "x" + std::to_string(height) +
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

}  // namespace pathscope::demo
