#include "imgui_egl_loader.hpp"

#define EGL_NO_X11
#include <EGL/egl.h>
// Only for imgl3wInit2 and its table; GL itself is never called through this header here.
#include <backends/imgui_impl_opengl3_loader.h>

namespace pathscope::demo {

bool route_imgui_gl_loader_through_egl() {
  imgl3wInit2([](const char* name) { return reinterpret_cast<GL3WglProc>(eglGetProcAddress(name)); });
  for (GL3WglProc function : imgl3wProcs.ptr) {
    if (!function) return false;
  }
  return true;
}

}  // namespace pathscope::demo
