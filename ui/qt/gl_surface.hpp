#pragma once
// The native window the graph view draws into, embedded in its widget by a window container.
// Each frame goes straight to the window's own buffer and is swapped: a QOpenGLWidget draws
// into a framebuffer object that Qt then composes with the whole top-level window on every
// frame, which under a software renderer (Mesa llvmpipe) cost more than drawing the graph.
// Mouse, wheel, hover and drop events are handed to the owning widget unchanged (the window
// fills it, so positions agree), and the window never takes the keyboard focus, so shortcuts
// and the widget focus chain stay the widgets'.
#include <QImage>
#include <QWindow>
#include <functional>
#include <memory>

class QOffscreenSurface;
class QOpenGLContext;
class QWidget;

namespace pathscope::qt {

class GlSurface : public QWindow {
 public:
  // init: once, the first time a context is current (compile shaders, make buffers); throws
  // std::exception when GL cannot. paint: draws a frame into the bound framebuffer of the
  // given size in device pixels, with the context current.
  GlSurface(QWidget* owner, std::function<void()> init, std::function<void(int, int)> paint);
  ~GlSurface() override;

  // The context current on this window when it is exposed, else on an offscreen surface (a
  // hidden or never shown view still draws for exports and tests). False when GL is missing;
  // failure() then says why.
  bool make_current();
  void done_current();
  QString failure() const { return failure_; }
  // Draws a frame now: on screen and swapped when the window is exposed (true), else nothing.
  bool render_now();
  // Draws a frame of this many device pixels offscreen and returns it (labels included).
  QImage grab(QSize device_pixels);
  // Finishes the GL work queued so far (frame timing).
  void finish();

 protected:
  bool event(QEvent* event) override;
  void exposeEvent(QExposeEvent* event) override;

 private:
  bool ensure_context();
  QWidget* owner_;
  std::function<void()> init_;
  std::function<void(int, int)> paint_;
  std::unique_ptr<QOpenGLContext> context_;
  std::unique_ptr<QOffscreenSurface> offscreen_;
  bool initialized_ = false;
  QString failure_;
};

}  // namespace pathscope::qt
