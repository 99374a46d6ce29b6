#include "gl_surface.hpp"

#include <QCoreApplication>
#include <QExposeEvent>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions>
#include <QWidget>
#include <exception>

namespace pathscope::qt {

GlSurface::GlSurface(QWidget* owner, std::function<void()> init, std::function<void(int, int)> paint)
    : owner_(owner), init_(std::move(init)), paint_(std::move(paint)) {
  setSurfaceType(QSurface::OpenGLSurface);
  setFormat(QSurfaceFormat::defaultFormat());
  setFlag(Qt::WindowDoesNotAcceptFocus);
}

GlSurface::~GlSurface() = default;

bool GlSurface::ensure_context() {
  if (context_) return context_->isValid();
  context_ = std::make_unique<QOpenGLContext>();
  context_->setFormat(format());
  context_->setShareContext(QOpenGLContext::globalShareContext());
  if (!context_->create()) {
    failure_ = QStringLiteral("cannot create an OpenGL 3.3 context for the view");
    return false;
  }
  return true;
}

bool GlSurface::make_current() {
  if (!ensure_context()) return false;
  bool current = false;
  if (isExposed()) current = context_->makeCurrent(this);
  if (!current) {
    if (!offscreen_) {
      offscreen_ = std::make_unique<QOffscreenSurface>();
      offscreen_->setFormat(context_->format());
      offscreen_->create();
    }
    current = context_->makeCurrent(offscreen_.get());
  }
  if (!current) {
    failure_ = QStringLiteral("cannot make the view's OpenGL context current");
    return false;
  }
  if (!initialized_) {
    initialized_ = true;  // once, whether it works or not: a failed start is reported once
    try {
      init_();
    } catch (const std::exception& e) {
      failure_ = QString::fromStdString(e.what());
      context_->doneCurrent();
      context_.reset();
      return false;
    }
  }
  return true;
}

void GlSurface::done_current() {
  if (context_) context_->doneCurrent();
}

bool GlSurface::render_now() {
  if (!isExposed() || !make_current() || context_->surface() != this) return false;
  const qreal ratio = devicePixelRatio();
  context_->functions()->glBindFramebuffer(GL_FRAMEBUFFER, context_->defaultFramebufferObject());
  paint_(qRound(width() * ratio), qRound(height() * ratio));
  context_->swapBuffers(this);
  return true;
}

QImage GlSurface::grab(QSize device_pixels) {
  if (device_pixels.isEmpty() || !make_current()) return {};
  QOpenGLFramebufferObject target(device_pixels, QOpenGLFramebufferObject::CombinedDepthStencil);
  target.bind();
  paint_(device_pixels.width(), device_pixels.height());
  target.release();
  QImage image = target.toImage();
  image.setDevicePixelRatio(devicePixelRatio());
  return image;
}

void GlSurface::finish() {
  if (context_ && QOpenGLContext::currentContext() == context_.get()) context_->functions()->glFinish();
}

void GlSurface::exposeEvent(QExposeEvent*) {
  if (isExposed()) render_now();
}

bool GlSurface::event(QEvent* event) {
  switch (event->type()) {
    case QEvent::UpdateRequest:
      render_now();
      return true;
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseMove:
    case QEvent::Wheel:
    case QEvent::Enter:
    case QEvent::Leave:
      // The window covers the widget exactly: the same positions mean the same place.
      QCoreApplication::sendEvent(owner_, event);
      return true;
    case QEvent::DragEnter:
    case QEvent::DragMove:
    case QEvent::DragLeave:
    case QEvent::Drop:
      // Files dropped on the map open as if dropped on the window.
      QCoreApplication::sendEvent(owner_->window(), event);
      return true;
    default:
      return QWindow::event(event);
  }
}

}  // namespace pathscope::qt
