#pragma once
// Everything the panels show and the keys change, shared by the window loop and the headless run.
#include <atomic>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "pathscope_demo/demo_app.hpp"
#include "pathscope_demo/race.hpp"
#include "pathscope_demo/scene.hpp"
#include "pathscope_render/camera.hpp"
#include "pathscope_render/renderer.hpp"

struct ImFont;

namespace pathscope::demo {

struct DemoState {
  DemoOptions options;
  render::Renderer renderer;
  render::Camera camera;
  std::shared_ptr<const Scene> scene;
  std::unique_ptr<Race> race;
  bool result_drawn = false;

  // A dataset loading in the background (a force layout can take seconds).
  std::future<Scene> loading;
  std::atomic<double> load_progress{0};
  std::atomic<bool> load_cancel{false};
  std::string loading_spec;

  // What the panels edit.
  std::vector<std::string> samples;
  int sample_index = 0;
  std::string spec_input;
  std::string source_input, target_input;
  std::uint64_t pair_seed = 1;
  std::string problem = "apsp";       // one of race_problems()
  int stop_count = 20;
  std::vector<std::int32_t> stops;
  CorrelationQuestion correlation;
  // The correlation race's answer as drawn: its network and where each of its nodes sits.
  std::shared_ptr<const CorrelationNetwork> network;
  std::vector<float> network_positions;

  std::string message;  // the last thing worth telling: an error, "saved shot.png"
  bool message_is_error = false;
  float panel_width = 440;  // logical pixels, scaled with the UI
  ImFont* headline_font = nullptr;
  bool screenshot_requested = false;
  // Input queued by GLFW's callbacks, taken once per frame (demo_app.cpp).
  std::vector<int> pressed_keys;
  double wheel = 0;
  int screenshot_count = 0;

  void tell(std::string text, bool error = false) {
    message = std::move(text);
    message_is_error = error;
  }
};

// Takes the problem and the correlation settings from the command line's options.
void apply_race_options(DemoState& s);
// Shows a freshly loaded scene: graph into the renderer, camera fitted, a default pair chosen.
void install_scene(DemoState& s, Scene scene);
// Fits the graph (or the box lo..hi in world units) into the part of the viewport right of
// the side panel.
void fit_view(DemoState& s);
void fit_box(DemoState& s, render::Point lo, render::Point hi);
void begin_load(DemoState& s, const std::string& spec);
// Picks up a finished background load; call once per frame.
void poll_load(DemoState& s);
// Reads the source/target inputs; throws Error naming the unknown node.
PairQuestion chosen_pair(const DemoState& s);
// Reads the source input alone (the reach race's start); throws Error naming an unknown node.
std::int32_t chosen_start(const DemoState& s);
// Switches the problem; loads a dataset of the right kind (a table for correlation, a graph
// otherwise) when the one on stage is not.
void choose_problem(DemoState& s, const std::string& problem);
// Where node u of what is drawn sits: the scene's node, or the correlation network's.
render::Point drawn_position(const DemoState& s, std::int32_t u);
// New random stops for the tour problem (as many as the graph allows).
void pick_stops(DemoState& s);
void start_race(DemoState& s);
void cancel_race(DemoState& s);
// Once the race is over, draws its answer; call once per frame.
void poll_race(DemoState& s);

// The side panel, the lane bars, the result chart and the labels on the map.
void draw_panels(DemoState& s);
// The window's title: what is on stage ("pathscope demo — rome99.gr, 3,353 nodes"), what is
// loading, or "no dataset" when nothing has loaded (a failed load's reason is in the panel).
std::string stage_title(const DemoState& s);

}  // namespace pathscope::demo
