#include "demo_state.hpp"

#include "pathscope/error.hpp"

namespace pathscope::demo {

void install_scene(DemoState& s, Scene scene) {
  s.race.reset();
  s.result_drawn = false;
  s.renderer.set_graph(scene.positions, scene.draw_arcs, scene.graph->directed);
  const PairQuestion pair = far_pair(*scene.graph, s.pair_seed);
  s.source_input = s.options.source.empty() ? scene.graph->label(pair.source) : s.options.source;
  s.target_input = s.options.target.empty() ? scene.graph->label(pair.target) : s.options.target;
  s.options.source.clear();  // the command line's pair counts for the first dataset only
  s.options.target.clear();
  s.spec_input = scene.spec;
  s.scene = std::make_shared<const Scene>(std::move(scene));
  pick_stops(s);
  try {
    const PairQuestion q = chosen_pair(s);
    s.renderer.set_markers(q.source, q.target);
  } catch (const Error&) {
    // An unknown node on the command line is reported when the race starts.
  }
  fit_view(s);
}

void fit_view(DemoState& s) {
  const double width = s.camera.viewport_width(), height = s.camera.viewport_height();
  const double map_width = std::max(100.0, width - s.panel_width);
  s.camera.set_viewport(map_width, height);
  s.camera.fit(s.renderer.bounds_min(), s.renderer.bounds_max());
  s.camera.set_viewport(width, height);
  s.camera.pan_pixels((width - map_width) / 2, 0);
}

void begin_load(DemoState& s, const std::string& spec) {
  if (s.loading.valid()) return;
  if (s.race) s.race->cancel();
  s.load_progress = 0;
  s.load_cancel = false;
  s.loading_spec = spec;
  s.tell("");
  s.loading = std::async(std::launch::async, [&s, spec] {
    JobContext job([&s](double f) { s.load_progress = f; }, &s.load_cancel);
    return load_scene(spec, job);
  });
}

void poll_load(DemoState& s) {
  if (!s.loading.valid() || s.loading.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
  try {
    install_scene(s, s.loading.get());
  } catch (const Cancelled&) {
    s.tell("loading cancelled");
  } catch (const std::exception& e) {
    s.tell(e.what(), true);
  }
}

PairQuestion chosen_pair(const DemoState& s) {
  const Graph& g = *s.scene->graph;
  PairQuestion q;
  const auto source = g.find_node(s.source_input), target = g.find_node(s.target_input);
  if (!source) throw Error("no node \"" + s.source_input + "\" in " + s.scene->spec);
  if (!target) throw Error("no node \"" + s.target_input + "\" in " + s.scene->spec);
  q.source = *source;
  q.target = *target;
  return q;
}

void pick_stops(DemoState& s) {
  const Graph& g = *s.scene->graph;
  s.stops = g.n >= 2 ? random_stops(g, std::min(s.stop_count, g.n), s.pair_seed) : std::vector<std::int32_t>{};
}

void start_race(DemoState& s) {
  if (!s.scene || s.loading.valid() || (s.race && s.race->running())) return;
  try {
    if (s.tour_problem && s.stops.size() < 2) throw Error("a tour needs a graph of at least 2 nodes");
    const PairQuestion q = s.tour_problem ? PairQuestion{s.stops.front(), -1} : chosen_pair(s);
    s.race = s.tour_problem ? make_tsp_race(s.scene->graph, s.stops)
                            : make_apsp_race(s.scene->graph, q, s.options.cpu_engine);
    s.result_drawn = false;
    s.renderer.set_highlight({}, false);
    s.renderer.set_markers(q.source, q.target);
    s.tell("");
    s.race->start();
  } catch (const std::exception& e) {
    s.tell(e.what(), true);
  }
}

void cancel_race(DemoState& s) {
  if (s.race) s.race->cancel();
  s.load_cancel = true;
}

void poll_race(DemoState& s) {
  if (!s.race || s.result_drawn || !s.race->finished()) return;
  s.result_drawn = true;
  if (const Lane* ref = s.race->reference(); ref && ref->outcome().reachable) {
    s.renderer.set_highlight(ref->outcome().highlight, ref->outcome().closed);
  }
}

}  // namespace pathscope::demo
