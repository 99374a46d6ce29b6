#pragma once
// An OpenGL context current on this thread while an image is rendered offscreen: Qt's where the
// platform gives one, else EGL's with no window system (Qt's offscreen platform, which the
// explorer uses when scripted with no display, has no OpenGL without an X server). The renderer
// draws into its own framebuffer, so either works.
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <memory>

#include "pathscope_render/egl_context.hpp"

namespace pathscope::qt {

class ExportGlContext {
 public:
  // Throws Error saying why neither could be made current.
  ExportGlContext();
  ~ExportGlContext();
  ExportGlContext(const ExportGlContext&) = delete;
  ExportGlContext& operator=(const ExportGlContext&) = delete;

 private:
  std::unique_ptr<QOpenGLContext> qt_context_;
  std::unique_ptr<QOffscreenSurface> qt_surface_;
  std::unique_ptr<render::EglContext> egl_;
};

}  // namespace pathscope::qt
