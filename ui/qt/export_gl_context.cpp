#include "export_gl_context.hpp"

#include "pathscope/runtime/error.hpp"

namespace pathscope::qt {

ExportGlContext::ExportGlContext() {
  auto context = std::make_unique<QOpenGLContext>();
  context->setFormat(QSurfaceFormat::defaultFormat());
  if (context->create()) {
    auto surface = std::make_unique<QOffscreenSurface>();
    surface->setFormat(context->format());
    surface->create();
    if (context->makeCurrent(surface.get())) {
      qt_context_ = std::move(context);
      qt_surface_ = std::move(surface);
      return;
    }
  }
  std::string why;
  egl_ = render::EglContext::create(&why);
  if (!egl_) throw Error("cannot create an OpenGL context for the image (Qt's platform has none; EGL: " + why + ")");
}

ExportGlContext::~ExportGlContext() {
  if (qt_context_) qt_context_->doneCurrent();
}

}  // namespace pathscope::qt
