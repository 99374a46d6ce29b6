#pragma once
// An OpenGL 3.3 core context with no window system, for headless runs on machines without an
// X server (CI, the GPU machine, the explorer's script mode with no display). Frames go to an
// OffscreenTarget, so no surface is needed. The renderer calls GL through libGL (glvnd), which
// dispatches to this context once it is current.
#include <memory>
#include <string>

namespace pathscope::render {

class EglContext {
 public:
  // Tries EGL's device platform (every device), Mesa's surfaceless platform, then the default
  // display; the context is current on the calling thread. Null when none gives one, with
  // every attempt's failure in *why. With a non-empty `verbose_prefix` (the program's name),
  // each attempt is also told on stderr.
  static std::unique_ptr<EglContext> create(std::string* why, const std::string& verbose_prefix = {});
  ~EglContext();
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;

  // "EGL device platform, device 1 of 2: NVIDIA; OpenGL 4.6.0 NVIDIA ...; NVIDIA H100 ..."
  const std::string& description() const { return description_; }

 private:
  EglContext() = default;
  void* display_ = nullptr;
  void* context_ = nullptr;
  void* surface_ = nullptr;  // a 16x16 pbuffer, only where surfaceless contexts are missing
  std::string description_;
};

}  // namespace pathscope::render
