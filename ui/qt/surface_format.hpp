#pragma once
// The GL context every pathscope window asks for; set before QApplication exists.
#include <QSurfaceFormat>

namespace pathscope::qt {

// OpenGL 3.3 core for the renderer, plus the stencil buffer QPainter's GL engine needs to
// fill the label outlines drawn over the view (without one, paths silently do not appear).
inline QSurfaceFormat explorer_surface_format() {
  QSurfaceFormat format;
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setDepthBufferSize(24);
  format.setStencilBufferSize(8);
  return format;
}

}  // namespace pathscope::qt
