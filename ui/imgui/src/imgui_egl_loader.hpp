#pragma once
// Dear ImGui 1.86's OpenGL 3 backend (Debian builds its loader into libimgui.a) looks GL up
// through glXGetProcAddressARB of a dlopen'ed libGL.so.1; headless, under an EGL context, no
// GLX vendor library may be involved.
namespace pathscope::demo {

// After ImGui_ImplOpenGL3_Init, refills the backend's table from eglGetProcAddress (the EGL
// context current). Returns false when a function ImGui needs is missing.
bool route_imgui_gl_loader_through_egl();

}  // namespace pathscope::demo
