#include "arc_accumulator.hpp"

#include <stdexcept>
#include <string>

namespace pathscope::render {

void ArcAccumulator::initialize() {
  program_ = build_program("composite.vert", "composite.frag");
  glGenVertexArrays(1, &empty_vao_);
}

void ArcAccumulator::release() {
  if (texture_) glDeleteTextures(1, &texture_);
  if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
  if (empty_vao_) glDeleteVertexArrays(1, &empty_vao_);
  if (program_) glDeleteProgram(program_);
  texture_ = framebuffer_ = empty_vao_ = program_ = 0;
  width_ = height_ = 0;
}

void ArcAccumulator::begin_drawing(int width, int height) {
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous_);
  if (width != width_ || height != height_ || !framebuffer_) {
    if (!texture_) glGenTextures(1, &texture_);
    if (!framebuffer_) glGenFramebuffers(1, &framebuffer_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    // Texel for pixel: the copy lands exactly, no filtering.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_);
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
    if (glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(previous_));
      width_ = height_ = 0;
      throw std::runtime_error("the OpenGL driver refused a " + std::to_string(width) + "x" + std::to_string(height) +
                               " texture for the arcs");
    }
    width_ = width;
    height_ = height;
  }
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, width, height);
}

void ArcAccumulator::end_drawing() { glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(previous_)); }

void ArcAccumulator::copy_to_bound(int width, int height) const {
  glViewport(0, 0, width, height);
  glDisable(GL_BLEND);
  glUseProgram(program_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glUniform1i(glGetUniformLocation(program_, "picture"), 0);
  glBindVertexArray(empty_vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindTexture(GL_TEXTURE_2D, 0);
  glEnable(GL_BLEND);
}

}  // namespace pathscope::render
