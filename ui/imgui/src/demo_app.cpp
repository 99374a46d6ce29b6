#include "pathscope_demo/demo_app.hpp"

#include <GL/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <memory>

#include "demo_state.hpp"
#include "imgui_egl_loader.hpp"
#include "race_progress.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope_demo/capture.hpp"
#include "pathscope_demo/race_report.hpp"
#include "pathscope_render/egl_context.hpp"
#include "pathscope_render/frame_bench.hpp"
#include "pathscope_render/offscreen_target.hpp"
#include "pathscope_ui_common/option_ranges.hpp"
#include "pathscope_ui_common/sample_files.hpp"

namespace pathscope::demo {
namespace {

// How often a headless race says how far it got: often enough that a log never looks hung.
constexpr double kHeadlessProgressSeconds = 2.0;

// A font that stays sharp when scaled for a projector; ImGui's own bitmap font otherwise.
const char* const kFontCandidates[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                       "/usr/share/fonts/TTF/DejaVuSans.ttf",
                                       "/usr/share/fonts/dejavu/DejaVuSans.ttf"};

void load_fonts(DemoState& s, float scale) {
  ImGuiIO& io = ImGui::GetIO();
  const char* font_file = nullptr;
  for (const char* candidate : kFontCandidates) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec)) font_file = candidate;
    if (font_file) break;
  }
  if (font_file) {
    io.Fonts->AddFontFromFileTTF(font_file, std::round(16 * scale));
    s.headline_font = io.Fonts->AddFontFromFileTTF(font_file, std::round(30 * scale));
  } else {
    ImFontConfig config;
    config.SizePixels = std::round(13 * scale);
    io.Fonts->AddFontDefault(&config);
  }
}

void apply_style(float scale) {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0;
  style.FrameRounding = 4;
  style.GrabRounding = 4;
  style.WindowPadding = ImVec2(16, 14);
  style.ItemSpacing = ImVec2(8, 6);
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.10f, 0.11f, 0.14f, 1);
  style.ScaleAllSizes(scale);
}

// Owns the OpenGL context and ImGui, torn down in reverse order. A window is GLFW's; a headless
// run gets an EGL context with no window system (no X server needed), and only if EGL has none
// to give, a hidden GLFW window. Headless frames go to an offscreen target either way, and ImGui
// runs there without a platform backend: draw_frame sets its display size and clock.
// Input arrives through GLFW's callbacks and waits in DemoState's queue until the frame's
// handlers take it: a key tapped and released within one long frame is still seen once, and
// the wheel is never cleared by ImGui's end of frame before the view reads it.
void queue_key(GLFWwindow* window, int key, int, int action, int) {
  if (action != GLFW_PRESS) return;
  if (auto* s = static_cast<DemoState*>(glfwGetWindowUserPointer(window))) s->pressed_keys.push_back(key);
}

void queue_scroll(GLFWwindow* window, double, double dy) {
  if (auto* s = static_cast<DemoState*>(glfwGetWindowUserPointer(window))) s->wheel += dy;
}

class GraphicsContext {
 public:
  explicit GraphicsContext(const DemoOptions& o) {
    if (o.headless) {
      std::string why;
      const char* verbose = std::getenv("PATHSCOPE_DEMO_GL_VERBOSE");
      egl_ = render::EglContext::create(
          &why, verbose && *verbose && std::string(verbose) != "0" ? "pathscope-demo" : "");
      if (!egl_) {
        std::fprintf(stderr, "pathscope-demo: EGL gave no OpenGL 3.3 context (%s); falling back to a hidden GLFW "
                     "window, which needs an X display\n", why.c_str());
      }
    }
    if (!egl_) open_glfw_window(o);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout is fixed; no imgui.ini litter in the cwd
    if (!o.headless) {
      // Ours first: the ImGui backend keeps them and calls them after its own.
      glfwSetKeyCallback(window, queue_key);
      glfwSetScrollCallback(window, queue_scroll);
      glfw_backend_ = ImGui_ImplGlfw_InitForOpenGL(window, true);
    }
    opengl_backend_ = ImGui_ImplOpenGL3_Init("#version 330 core");
    if (opengl_backend_ && egl_ && !route_imgui_gl_loader_through_egl()) {
      release();
      throw Error("Dear ImGui's OpenGL 3 backend cannot find its functions through eglGetProcAddress");
    }
    if (!opengl_backend_) {
      release();
      throw Error("Dear ImGui's OpenGL 3 backend did not start (it loads libGL.so.1)");
    }
  }
  ~GraphicsContext() { release(); }
  GraphicsContext(const GraphicsContext&) = delete;
  GraphicsContext& operator=(const GraphicsContext&) = delete;

  GLFWwindow* window = nullptr;  // null on the EGL path

 private:
  void open_glfw_window(const DemoOptions& o) {
    glfwSetErrorCallback([](int, const char* text) { std::fprintf(stderr, "pathscope-demo: GLFW: %s\n", text); });
    if (!glfwInit()) throw Error("cannot start GLFW: is there an X display?");
    glfw_started_ = true;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    if (o.headless) glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    // Headless frames go to an offscreen target, so the hidden window can stay tiny.
    window = glfwCreateWindow(o.headless ? 64 : o.width, o.headless ? 64 : o.height, "pathscope demo", nullptr, nullptr);
    if (!window) {
      glfwTerminate();
      glfw_started_ = false;
      throw Error("cannot open an OpenGL 3.3 core window");
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);
  }

  void release() {
    if (opengl_backend_) ImGui_ImplOpenGL3_Shutdown();
    if (glfw_backend_) ImGui_ImplGlfw_Shutdown();
    opengl_backend_ = glfw_backend_ = false;
    if (ImGui::GetCurrentContext()) ImGui::DestroyContext();
    egl_.reset();
    if (window) glfwDestroyWindow(window);
    window = nullptr;
    if (glfw_started_) glfwTerminate();
    glfw_started_ = false;
  }

  std::unique_ptr<render::EglContext> egl_;
  bool glfw_started_ = false, glfw_backend_ = false, opengl_backend_ = false;
};

float content_scale(GLFWwindow* window, const DemoOptions& o) {
  if (o.ui_scale > 0) return static_cast<float>(o.ui_scale);
  float x = 1, y = 1;
  if (window) glfwGetWindowContentScale(window, &x, &y);
  return std::max(1.0f, std::max(x, y));
}

// One frame: the graph, then the panels on top, into whatever framebuffer is bound.
void draw_frame(DemoState& s, int framebuffer_width, int framebuffer_height, double logical_width,
                double logical_height, bool offscreen) {
  ImGui_ImplOpenGL3_NewFrame();
  if (offscreen) {
    // No platform backend offscreen: ImGui lays out for the target, at a nominal 60 frames/s.
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(logical_width), static_cast<float>(logical_height));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.DeltaTime = 1.0f / 60;
  } else {
    ImGui_ImplGlfw_NewFrame();
  }
  ImGui::NewFrame();
  draw_panels(s);
  ImGui::Render();
  s.camera.set_viewport(logical_width, logical_height);
  // Until a dataset is on stage (the first load runs beside the window, and may fail), the
  // panels show its progress or its error over an empty stage.
  if (s.scene) {
    s.renderer.render(s.camera, framebuffer_width, framebuffer_height);
  } else {
    s.renderer.clear(framebuffer_width, framebuffer_height);
  }
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

std::string default_screenshot_name(int count) {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  return "pathscope-demo-" + std::string(stamp) + "-" + std::to_string(count) + ".png";
}

void save_screenshot(DemoState& s, int width, int height) {
  const std::string path = s.options.screenshot.empty() ? default_screenshot_name(++s.screenshot_count)
                                                        : s.options.screenshot;
  try {
    write_png(path, read_framebuffer_rgba(width, height), width, height);
    if (s.race && s.race->finished() && !s.options.out_json.empty()) write_race_report(s.options.out_json, *s.scene, *s.race);
    s.tell("saved " + path);
  } catch (const std::exception& e) {
    s.tell(e.what(), true);
  }
}

void handle_keys(DemoState& s) {
  std::vector<int> keys;
  keys.swap(s.pressed_keys);
  // Typing into a field is the field's; the keys were for it.
  if (ImGui::GetIO().WantTextInput) return;
  for (const int key : keys) {
    if (key == GLFW_KEY_SPACE) (s.race && s.race->running()) ? cancel_race(s) : start_race(s);
    if (key == GLFW_KEY_ESCAPE) cancel_race(s);
    if (key == GLFW_KEY_S) s.screenshot_requested = true;
    if (key == GLFW_KEY_F && s.scene) fit_view(s);
  }
}

// Drag pans, the wheel zooms about the cursor, as in the explorer; the panel keeps its own
// clicks and scrolling.
void handle_mouse(DemoState& s, GLFWwindow* window) {
  const double wheel = s.wheel;
  s.wheel = 0;
  const ImGuiIO& io = ImGui::GetIO();
  if (!s.scene) return;
  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);
  const bool over_panel = x < s.panel_width;
  if (!over_panel && !io.WantCaptureMouse && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0)) {
    s.camera.pan_pixels(io.MouseDelta.x, io.MouseDelta.y);
  }
  if (!over_panel && wheel != 0) s.camera.zoom_about({x, y}, std::pow(1.2, wheel));
}

int run_window(DemoState& s, GLFWwindow* window) {
  glfwSetWindowUserPointer(window, &s);
  if (!s.options.graph.empty()) begin_load(s, s.options.graph);
  else if (!s.samples.empty()) begin_load(s, s.samples.front());
  std::string shown_title;
  while (!glfwWindowShouldClose(window)) {
    // Nothing to see while minimised: sleep until the window comes back.
    if (glfwGetWindowAttrib(window, GLFW_ICONIFIED)) {
      glfwWaitEvents();
      continue;
    }
    // A still view with more arcs than a frame's budget finishes them over the next frames.
    const bool busy = s.loading.valid() || (s.race && s.race->running()) || !s.renderer.last_frame().complete;
    if (busy) glfwPollEvents();
    else glfwWaitEventsTimeout(0.25);
    int fb_width = 0, fb_height = 0, width = 0, height = 0;
    glfwGetFramebufferSize(window, &fb_width, &fb_height);
    glfwGetWindowSize(window, &width, &height);
    if (fb_width <= 0 || fb_height <= 0) continue;
    s.camera.set_viewport(width, height);  // a freshly loaded graph is fitted to this size
    poll_load(s);
    poll_race(s);
    if (std::string title = stage_title(s); title != shown_title) {
      glfwSetWindowTitle(window, title.c_str());
      shown_title = std::move(title);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    draw_frame(s, fb_width, fb_height, width, height, false);
    handle_keys(s);
    handle_mouse(s, window);
    if (s.screenshot_requested) {
      s.screenshot_requested = false;
      save_screenshot(s, fb_width, fb_height);
    }
    glfwSwapBuffers(window);
  }
  if (s.race) s.race->cancel();
  s.load_cancel = true;
  if (s.loading.valid()) s.loading.wait();
  glfwSetWindowUserPointer(window, nullptr);
  return 0;
}

// The frame-time benchmark: the graph on stage, the panels drawn as usual, each frame finished
// (glFinish) before the next; the times go to stdout as one JSON line. With --race the race
// runs meanwhile and the frames drawn while its lanes run are timed.
int run_bench(DemoState& s, GLFWwindow* window) {
  std::string spec = s.options.graph;
  if (spec.empty() && !s.samples.empty()) spec = s.samples.front();
  if (spec.empty()) throw Error("no --graph given and no bundled samples found");
  int width = s.options.width, height = s.options.height, fb_width = width, fb_height = height;
  std::unique_ptr<render::OffscreenTarget> target;
  if (window) {
    glfwGetWindowSize(window, &width, &height);
    glfwGetFramebufferSize(window, &fb_width, &fb_height);
    glfwSwapInterval(0);  // the frame's own time, not the monitor's refresh
  } else {
    target = std::make_unique<render::OffscreenTarget>(width, height);
  }
  s.camera.set_viewport(width, height);
  const bool racing = s.options.bench_while_racing;
  install_scene(s, load_scene(spec, JobContext{}, racing ? dataset_kind_for(s.problem) : DatasetKind::Graph,
                              s.options.load));
  const render::Point lo = s.renderer.bounds_min(), hi = s.renderer.bounds_max();
  if (racing) {
    start_race(s);
    if (!s.race) throw Error(s.message);
  }
  std::vector<double> ms;
  const auto first = std::chrono::steady_clock::now();
  auto last = first;
  for (int frame = 0; frame < s.options.bench_frames; ++frame) {
    // While racing, only frames drawn while a lane still runs count: the lanes' threads are
    // what the window must not wait for.
    if (racing && !s.race->running()) break;
    render::bench_camera(s.camera, lo, hi, frame, s.options.bench_frames);
    const auto start = std::chrono::steady_clock::now();
    if (window) {
      glfwPollEvents();
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    poll_race(s);
    draw_frame(s, fb_width, fb_height, width, height, !window);
    if (window) glfwSwapBuffers(window);
    glFinish();
    last = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(last - start).count());
  }
  std::string race_fields;
  if (racing) {
    // Frames per second over the whole stretch (input, panels and all), not just the draws.
    const double seconds = std::chrono::duration<double>(last - first).count();
    const bool still_running = s.race->running();
    s.race->cancel();
    s.race->wait();
    char text[256];
    std::snprintf(text, sizeof text, "\"race\": \"%s\", \"frames_per_second\": %.2f, \"race_outlasted_frames\": %s",
                  s.problem.c_str(), seconds > 0 ? static_cast<double>(ms.size()) / seconds : 0.0,
                  still_running ? "true" : "false");
    race_fields = text;
  }
  const Scene& scene = *s.scene;
  const long long nodes = scene.table ? static_cast<long long>(scene.table->rows) : scene.graph->n;
  const long long arcs = scene.table ? 0 : static_cast<long long>(scene.graph->arc_count());
  std::printf("%s\n", render::frame_times_json(window ? "demo" : "demo-headless", spec, nodes, arcs, width, height,
                                                render::summarize_frame_times(ms), render::current_gl_renderer(),
                                                race_fields)
                          .c_str());
  std::fflush(stdout);
  return 0;
}

int run_headless(DemoState& s) {
  const int width = s.options.width, height = s.options.height;
  const render::OffscreenTarget target(width, height);
  std::string spec = s.options.graph;
  if (spec.empty() && !s.samples.empty()) spec = s.samples.front();
  if (spec.empty()) throw Error("no --graph given and no bundled samples found");
  s.camera.set_viewport(width, height);
  install_scene(s, load_scene(spec, JobContext{}, dataset_kind_for(s.problem), s.options.load));
  start_race(s);
  if (!s.race) throw Error(s.message);
  wait_telling_progress(*s.race, std::filesystem::path(spec).filename().string(), kHeadlessProgressSeconds);
  poll_race(s);
  // ImGui sizes windows from the previous frame's contents: a few frames settle the layout.
  for (int frame = 0; frame < 3; ++frame) draw_frame(s, width, height, width, height, true);
  glFinish();
  if (!s.options.screenshot.empty()) write_png(s.options.screenshot, read_framebuffer_rgba(width, height), width, height);
  if (!s.options.out_json.empty()) write_race_report(s.options.out_json, *s.scene, *s.race);
  int status = 0;
  for (const auto& lane : s.race->lanes) {
    if (lane->state() == LaneState::Failed) {
      std::fprintf(stderr, "pathscope-demo: %s lane (%s) failed: %s\n", lane->title().c_str(), lane->engine().c_str(),
                   lane->error().c_str());
      status = 1;
    }
  }
  if (!s.race->reference()) {
    std::fprintf(stderr, "pathscope-demo: no lane finished the race\n");
    status = 1;
  }
  if (!s.race->lanes_agree()) {
    std::fprintf(stderr, "pathscope-demo: the lanes' answers differ\n");
    status = 1;
  }
  return status;
}

}  // namespace

int run_demo(const DemoOptions& options) {
  try {
    require_known_problem(options.problem);
    if (!kDemoFrameSideRange.contains(options.width) || !kDemoFrameSideRange.contains(options.height)) {
      throw Error("--size wants each side " + kDemoFrameSideRange.text());
    }
    GraphicsContext window(options);
    DemoState s;
    s.options = options;
    apply_race_options(s);
    s.stop_count = options.stops;
    s.pair_seed = options.seed;
    s.samples = bundled_samples();
    const float scale = content_scale(window.window, options);
    load_fonts(s, scale);
    apply_style(scale);
    s.panel_width = std::round(440 * scale);
    s.renderer.initialize();
    int status = options.bench_frames > 0 ? run_bench(s, options.headless ? nullptr : window.window)
                 : options.headless       ? run_headless(s)
                                          : run_window(s, window.window);
    s.race.reset();
    s.renderer.release();
    return status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pathscope-demo: %s\n", e.what());
    return 1;
  }
}

}  // namespace pathscope::demo
