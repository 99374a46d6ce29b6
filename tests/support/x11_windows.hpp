#pragma once
// Another program's windows on the X display (Xvfb in the tests), seen as a person sees them:
// which top-level windows a process has on screen, their titles, and the close a window
// manager's close button sends (WM_DELETE_WINDOW). For tests that start the windowed programs
// themselves rather than driving their classes in-process.
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <algorithm>
#include <string>
#include <vector>

#include <sys/types.h>

namespace test_support {

struct ShownWindow {
  Window id = 0;
  std::string title;
  int width = 0, height = 0;
};

class XDisplay {
 public:
  XDisplay() : display_(XOpenDisplay(nullptr)) {
    // A window may close between listing it and reading it: Xlib's default handler would end
    // the test on that BadWindow.
    XSetErrorHandler([](Display*, XErrorEvent*) { return 0; });
  }
  ~XDisplay() {
    if (display_) XCloseDisplay(display_);
  }
  XDisplay(const XDisplay&) = delete;
  XDisplay& operator=(const XDisplay&) = delete;

  bool open() const { return display_ != nullptr; }

  // The viewable top-level windows of process `pid` (by _NET_WM_PID, which Qt and GLFW set).
  // Under Xvfb there is no window manager, so top-level windows are the root's children.
  std::vector<ShownWindow> windows_of(pid_t pid) {
    std::vector<ShownWindow> shown;
    Window root = 0, parent = 0, *children = nullptr;
    unsigned int count = 0;
    if (!XQueryTree(display_, DefaultRootWindow(display_), &root, &parent, &children, &count)) return shown;
    for (unsigned int i = 0; i < count; ++i) {
      XWindowAttributes attributes;
      if (!XGetWindowAttributes(display_, children[i], &attributes) || attributes.map_state != IsViewable) continue;
      if (owner_pid(children[i]) != pid) continue;
      shown.push_back({children[i], title(children[i]), attributes.width, attributes.height});
    }
    if (children) XFree(children);
    return shown;
  }

  // What the close button of a window manager sends: the program decides how to end.
  void request_close(Window window) {
    XEvent event{};
    event.xclient.type = ClientMessage;
    event.xclient.window = window;
    event.xclient.message_type = XInternAtom(display_, "WM_PROTOCOLS", False);
    event.xclient.format = 32;
    event.xclient.data.l[0] = static_cast<long>(XInternAtom(display_, "WM_DELETE_WINDOW", False));
    event.xclient.data.l[1] = CurrentTime;
    XSendEvent(display_, window, False, NoEventMask, &event);
    XFlush(display_);
  }

  // The window's pixels as 8-bit RGB rows, top row first; empty when it cannot be read.
  std::vector<unsigned char> rgb(const ShownWindow& window) {
    std::vector<unsigned char> pixels;
    XImage* image = XGetImage(display_, window.id, 0, 0, static_cast<unsigned>(window.width),
                              static_cast<unsigned>(window.height), AllPlanes, ZPixmap);
    if (!image) return pixels;
    pixels.reserve(static_cast<std::size_t>(window.width) * window.height * 3);
    for (int y = 0; y < window.height; ++y) {
      for (int x = 0; x < window.width; ++x) {
        const unsigned long p = XGetPixel(image, x, y);
        pixels.push_back(static_cast<unsigned char>((p & image->red_mask) >> __builtin_ctzl(image->red_mask)));
        pixels.push_back(static_cast<unsigned char>((p & image->green_mask) >> __builtin_ctzl(image->green_mask)));
        pixels.push_back(static_cast<unsigned char>((p & image->blue_mask) >> __builtin_ctzl(image->blue_mask)));
      }
    }
    XDestroyImage(image);
    return pixels;
  }

 private:
  pid_t owner_pid(Window window) {
    const auto bytes = property(window, "_NET_WM_PID", XA_CARDINAL);
    if (bytes.size() < sizeof(long)) return -1;
    long pid = 0;
    std::copy_n(bytes.data(), sizeof pid, reinterpret_cast<unsigned char*>(&pid));
    return static_cast<pid_t>(pid);
  }

  std::string title(Window window) {
    const auto utf8 = property(window, "_NET_WM_NAME", XInternAtom(display_, "UTF8_STRING", False));
    if (!utf8.empty()) return std::string(utf8.begin(), utf8.end());
    const auto plain = property(window, "WM_NAME", XA_STRING);
    return std::string(plain.begin(), plain.end());
  }

  // The property's items as Xlib hands them over (32-bit items as longs).
  std::vector<unsigned char> property(Window window, const char* name, Atom type) {
    Atom actual_type = 0;
    int format = 0;
    unsigned long items = 0, after = 0;
    unsigned char* data = nullptr;
    std::vector<unsigned char> out;
    if (XGetWindowProperty(display_, window, XInternAtom(display_, name, False), 0, 4096, False, type, &actual_type,
                           &format, &items, &after, &data) != Success || !data) {
      return out;
    }
    if (actual_type == type) {
      const std::size_t item_bytes = format == 32 ? sizeof(long) : static_cast<std::size_t>(format / 8);
      out.assign(data, data + items * item_bytes);
    }
    XFree(data);
    return out;
  }

  Display* display_;
};

}  // namespace test_support
