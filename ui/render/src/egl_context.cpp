#include "pathscope_render/egl_context.hpp"

#define EGL_NO_X11
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

namespace pathscope::render {
namespace {

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t length = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += length) {
    const bool starts = p == list || p[-1] == ' ';
    const bool ends = p[length] == '\0' || p[length] == ' ';
    if (starts && ends) return true;
  }
  return false;
}

std::string egl_error_name(EGLint code) {
  switch (code) {
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
    default: {
      char hex[16];
      std::snprintf(hex, sizeof hex, "0x%x", static_cast<unsigned>(code));
      return hex;
    }
  }
}

struct Made {
  EGLContext context = EGL_NO_CONTEXT;
  EGLSurface surface = EGL_NO_SURFACE;
};

// A GL 3.3 core context on an initialised display, current on this thread; throws nothing,
// returns an empty Made and says why in *failure.
Made make_current_context(EGLDisplay display, std::string* failure) {
  if (!eglBindAPI(EGL_OPENGL_API)) {
    *failure = "no desktop OpenGL (eglBindAPI: " + egl_error_name(eglGetError()) + ")";
    return {};
  }
  // Pbuffer-capable configs first: a driver without surfaceless contexts needs one.
  const EGLint pbuffer_configs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                    EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE};
  const EGLint any_configs[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint count = 0;
  bool pbuffer_ok = eglChooseConfig(display, pbuffer_configs, &config, 1, &count) && count > 0;
  if (!pbuffer_ok && !(eglChooseConfig(display, any_configs, &config, 1, &count) && count > 0)) {
    *failure = "no OpenGL-renderable config";
    return {};
  }
  const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                       EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                       EGL_NONE};
  Made made;
  made.context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
  if (made.context == EGL_NO_CONTEXT) {
    *failure = "no OpenGL 3.3 core context (" + egl_error_name(eglGetError()) + ")";
    return {};
  }
  if (has_extension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context") &&
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, made.context)) {
    return made;
  }
  const EGLint pbuffer_size[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
  if (pbuffer_ok) made.surface = eglCreatePbufferSurface(display, config, pbuffer_size);
  if (made.surface != EGL_NO_SURFACE && eglMakeCurrent(display, made.surface, made.surface, made.context)) {
    return made;
  }
  *failure = "cannot make the context current (" + egl_error_name(eglGetError()) + ")";
  if (made.surface != EGL_NO_SURFACE) eglDestroySurface(display, made.surface);
  eglDestroyContext(display, made.context);
  return {};
}

template <typename F>
F egl_function(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

std::string gl_string(unsigned name) {
  using GetString = const unsigned char* (*)(unsigned);
  const auto get = egl_function<GetString>("glGetString");
  const unsigned char* text = get ? get(name) : nullptr;
  return text ? reinterpret_cast<const char*>(text) : "?";
}

struct Candidate {
  std::string label;
  std::function<EGLDisplay()> open;
};

std::vector<Candidate> candidates() {
  std::vector<Candidate> list;
  // Client extensions need EGL 1.5 or EGL_EXT_client_extensions; a null answer just means none.
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!client) eglGetError();
  const auto platform_display = egl_function<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
  const auto query_devices = egl_function<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
  if (platform_display && query_devices && has_extension(client, "EGL_EXT_device_enumeration") &&
      has_extension(client, "EGL_EXT_platform_device")) {
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (query_devices(16, devices, &count)) {
      for (EGLint i = 0; i < count; ++i) {
        EGLDeviceEXT device = devices[i];
        list.push_back({"EGL device platform, device " + std::to_string(i + 1) + " of " + std::to_string(count),
                        [=] { return platform_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr); }});
      }
    }
  }
  if (platform_display && has_extension(client, "EGL_MESA_platform_surfaceless")) {
    list.push_back({"Mesa surfaceless platform",
                    [=] { return platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr); }});
  }
  list.push_back({"EGL default display", [] { return eglGetDisplay(EGL_DEFAULT_DISPLAY); }});
  return list;
}

}  // namespace

std::unique_ptr<EglContext> EglContext::create(std::string* why, const std::string& verbose_prefix) {
  const bool verbose = !verbose_prefix.empty();
  why->clear();
  for (const Candidate& candidate : candidates()) {
    std::string failure;
    EGLDisplay display = candidate.open();
    EGLint major = 0, minor = 0;
    if (display == EGL_NO_DISPLAY) {
      failure = "no display (" + egl_error_name(eglGetError()) + ")";
    } else if (!eglInitialize(display, &major, &minor)) {
      failure = "eglInitialize: " + egl_error_name(eglGetError());
    } else {
      const Made made = make_current_context(display, &failure);
      if (made.context != EGL_NO_CONTEXT) {
        std::unique_ptr<EglContext> egl(new EglContext);
        egl->display_ = display;
        egl->context_ = made.context;
        egl->surface_ = made.surface;
        const char* vendor = eglQueryString(display, EGL_VENDOR);
        egl->description_ = candidate.label + ": EGL " + std::to_string(major) + "." + std::to_string(minor) + " " +
                            (vendor ? vendor : "?") + "; OpenGL " + gl_string(0x1F02 /* GL_VERSION */) + "; " +
                            gl_string(0x1F01 /* GL_RENDERER */);
        if (verbose) std::fprintf(stderr, "%s: EGL: using %s\n", verbose_prefix.c_str(), egl->description_.c_str());
        return egl;
      }
      // Release what this display set up before the next candidate is tried.
      eglTerminate(display);
    }
    if (verbose) std::fprintf(stderr, "%s: EGL: %s: %s\n", verbose_prefix.c_str(), candidate.label.c_str(), failure.c_str());
    *why += (why->empty() ? "" : "; ") + candidate.label + ": " + failure;
  }
  return nullptr;
}

EglContext::~EglContext() {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (surface_) eglDestroySurface(display_, surface_);
  eglDestroyContext(display_, context_);
  eglTerminate(display_);
  eglReleaseThread();
}

}  // namespace pathscope::render
