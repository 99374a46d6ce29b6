#pragma once
// An OpenGL 3.3 core context with no window system, for headless runs on machines without an
// X server (CI, the GPU machine). Frames go to an OffscreenTarget, so no surface is needed.
#include <memory>
#include <string>

namespace pathscope::demo {

class EglContext {
 public:
  // Tries EGL's device platform (every device), Mesa's surfaceless platform, then the default
  // display; the context is current on the calling thread. Null when none gives one, with
  // every attempt's failure in *why. With `verbose`, each attempt is also told on stderr.
  static std::unique_ptr<EglContext> create(std::string* why, bool verbose);
  ~EglContext();
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;

  // Dear ImGui 1.86's OpenGL 3 backend (Debian builds its loader into libimgui.a) looks GL up
  // through glXGetProcAddressARB of a dlopen'ed libGL.so.1; after ImGui_ImplOpenGL3_Init,
  // this refills its table from eglGetProcAddress so no GLX vendor library is ever involved.
  // Returns false when a function ImGui needs is missing.
  bool route_imgui_gl_loader() const;

  // "EGL device platform, device 1 of 2: NVIDIA; OpenGL 4.6.0 NVIDIA ...; NVIDIA H100 ..."
  const std::string& description() const { return description_; }

 private:
  EglContext() = default;
  void* display_ = nullptr;
  void* context_ = nullptr;
  void* surface_ = nullptr;  // a 16x16 pbuffer, only where surfaceless contexts are missing
  std::string description_;
};

}  // namespace pathscope::demo
