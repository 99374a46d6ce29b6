#include "demo_state.hpp"

#include <algorithm>
#include <cstdio>

#include "pathscope/runtime/error.hpp"
#include "pathscope_ui_common/background_priority.hpp"
#include "pathscope_ui_common/drawn_graph.hpp"

namespace pathscope::demo {
namespace {

// What the correlation race loads when it is picked with a graph on stage.
const char* const kDefaultTable = "random-table:rows=2000,cols=16,seed=1";

void show_markers(DemoState& s) {
  try {
    if (s.problem == "reach") {
      s.renderer.set_markers(chosen_start(s), -1);
    } else if (s.problem == "apsp") {
      const PairQuestion q = chosen_pair(s);
      s.renderer.set_markers(q.source, q.target);
    } else {
      s.renderer.set_markers(-1, -1);
    }
  } catch (const Error&) {
    // An unknown node on the command line is reported when the race starts.
  }
}

// The network of the strongest pairs replaces the (empty) table scene in the view: laid out
// once, here, so that no lane spends race time on it.
void show_network(DemoState& s, std::shared_ptr<const CorrelationNetwork> network) {
  const Graph& g = network->graph;
  DrawnGraph drawn = draw_graph(g, DrawnGraphOptions{}, JobContext{});
  s.network_positions = std::move(drawn.positions);
  s.network = std::move(network);
  s.renderer.set_graph(s.network_positions, s.network->arcs, false);
  s.renderer.set_node_set(s.network->hub_set);
  s.renderer.set_markers(s.network->hub, -1);
  if (s.network->hub < 0) return fit_view(s);
  // Framed on the hub's cluster: the layout pushes the many small clusters far apart, and a
  // view of all of them would shrink the one that matters to a few pixels.
  const std::vector<std::int32_t>& component = drawn.component;
  render::Point lo = drawn_position(s, s.network->hub), hi = lo;
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (component[u] != component[s.network->hub]) continue;
    const render::Point p = drawn_position(s, u);
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
  }
  const double pad = 0.08 * std::max(hi.x - lo.x, hi.y - lo.y);
  fit_box(s, {lo.x - pad, lo.y - pad}, {hi.x + pad, hi.y + pad});
}

}  // namespace

const std::vector<std::string>& race_problems() {
  static const std::vector<std::string> problems = {"apsp", "tsp", "reach", "correlate"};
  return problems;
}

void require_known_problem(const std::string& problem) {
  const auto& known = race_problems();
  if (std::find(known.begin(), known.end(), problem) != known.end()) return;
  std::string list;
  for (const auto& p : known) list += (list.empty() ? "" : ", ") + p;
  throw Error("unknown problem \"" + problem + "\" (this build races: " + list + ")");
}

void apply_race_options(DemoState& s) {
  require_known_problem(s.options.problem);
  s.problem = s.options.problem;
  s.correlation.method = s.options.method;
  s.correlation.min_abs_rho = s.options.min_abs_rho;
}

void install_scene(DemoState& s, Scene scene) {
  s.race.reset();
  s.result_drawn = false;
  s.network.reset();
  s.network_positions.clear();
  s.renderer.set_graph(scene.drawn.positions, scene.drawn.arcs, scene.graph->directed);
  if (scene.graph->n > 0) {
    const Graph& g = *scene.graph;
    const PairQuestion pair = far_pair(g, s.pair_seed);
    const std::int32_t source = s.problem == "reach" ? random_reach_start(g, s.pair_seed) : pair.source;
    s.source_input = s.options.source.empty() ? g.label(source) : s.options.source;
    s.target_input = s.options.target.empty() ? g.label(pair.target) : s.options.target;
  }
  s.options.source.clear();  // the command line's pair counts for the first dataset only
  s.options.target.clear();
  s.spec_input = scene.spec;
  s.scene = std::make_shared<const Scene>(std::move(scene));
  pick_stops(s);
  show_markers(s);
  fit_view(s);
}

void choose_problem(DemoState& s, const std::string& problem) {
  require_known_problem(problem);
  if (s.race && s.race->running()) return;
  s.problem = problem;
  s.race.reset();
  s.result_drawn = false;
  s.renderer.set_highlight({}, false);
  s.renderer.set_node_set({});
  if (!s.scene) return;
  const bool want_table = dataset_kind_for(problem) == DatasetKind::Table;
  if (want_table != static_cast<bool>(s.scene->table)) {
    if (want_table) begin_load(s, kDefaultTable);
    else if (!s.samples.empty()) begin_load(s, s.samples.front());
    else begin_load(s, "random:n=2000,deg=6,seed=1");
    return;
  }
  if (s.network) {  // a graph problem after a drawn network: the table's scene is empty again
    s.network.reset();
    s.network_positions.clear();
    s.renderer.set_graph(s.scene->drawn.positions, s.scene->drawn.arcs, s.scene->graph->directed);
  }
  const Graph& g = *s.scene->graph;
  // A start without out-arcs reaches nothing: offer one that does.
  if (problem == "reach" && g.n > 0) {
    const auto start = g.find_node(s.source_input);
    if (!start || g.out_degree(*start) == 0) s.source_input = g.label(random_reach_start(g, s.pair_seed));
  }
  show_markers(s);
}

render::Point drawn_position(const DemoState& s, std::int32_t u) {
  const std::vector<float>& p = s.network ? s.network_positions : s.scene->drawn.positions;
  return {p[2 * static_cast<std::size_t>(u)], p[2 * static_cast<std::size_t>(u) + 1]};
}

void fit_view(DemoState& s) { fit_box(s, s.renderer.bounds_min(), s.renderer.bounds_max()); }

void fit_box(DemoState& s, render::Point lo, render::Point hi) {
  const double width = s.camera.viewport_width(), height = s.camera.viewport_height();
  const double map_width = std::max(100.0, width - s.panel_width);
  s.camera.set_viewport(map_width, height);
  s.camera.fit(lo, hi);
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
  const DatasetKind kind = dataset_kind_for(s.problem);
  s.loading = std::async(std::launch::async, [&s, spec, kind] {
    run_this_thread_in_background();
    JobContext job([&s](double f) { s.load_progress = f; }, &s.load_cancel);
    return load_scene(spec, job, kind, s.options.load);
  });
}

void poll_load(DemoState& s) {
  if (!s.loading.valid() || s.loading.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
  try {
    install_scene(s, s.loading.get());
  } catch (const Cancelled&) {
    s.tell("loading cancelled");
  } catch (const std::exception& e) {
    // Also on the terminal: a failed load leaves the stage as it was, which is easy to miss.
    std::fprintf(stderr, "pathscope-demo: %s\n", e.what());
    s.tell(e.what(), true);
  }
}

std::int32_t chosen_start(const DemoState& s) {
  const auto start = s.scene->graph->find_node(s.source_input);
  if (!start) throw Error("no node \"" + s.source_input + "\" in " + s.scene->spec);
  return *start;
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
    const bool table_problem = dataset_kind_for(s.problem) == DatasetKind::Table;
    if (table_problem && !s.scene->table) {
      throw Error("the correlation race needs a table: load a TSV/CSV file or " + std::string(kDefaultTable));
    }
    if (!table_problem && s.scene->table) throw Error("this race needs a graph; the table on stage is for correlation");
    if (!table_problem && s.scene->graph->n == 0) throw Error("the graph has no nodes to race on");
    PairQuestion q{-1, -1};
    if (s.problem == "correlate") {
      s.race = make_correlate_race(s.scene->table, s.correlation);
      if (s.network) {  // back to the empty stage until this race finds its own network
        s.network.reset();
        s.network_positions.clear();
        s.renderer.set_graph(s.scene->drawn.positions, s.scene->drawn.arcs, false);
      }
    } else if (s.problem == "reach") {
      q = {chosen_start(s), -1};
      s.race = make_reach_race(s.scene->graph, q.source);
    } else if (s.problem == "tsp") {
      if (s.stops.size() < 2) throw Error("a tour needs a graph of at least 2 nodes");
      q = {s.stops.front(), -1};
      s.race = make_tsp_race(s.scene->graph, s.stops);
    } else {
      q = chosen_pair(s);
      s.race = make_apsp_race(s.scene->graph, q, s.options.cpu_engine);
    }
    s.result_drawn = false;
    s.renderer.set_highlight({}, false);
    s.renderer.set_node_set({});
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
  const Lane* ref = s.race->reference();
  if (!ref || !ref->outcome().reachable) return;
  const LaneOutcome& o = ref->outcome();
  if (o.network) {
    show_network(s, o.network);
  } else if (o.node_set) {
    s.renderer.set_node_set(o.highlight);
    s.renderer.set_markers(s.race->question.source, -1);
    // Framed on the set and its start: a force layout flings stray nodes far out, and a set
    // in one corner of a city should fill the view.
    render::Point lo = drawn_position(s, s.race->question.source), hi = lo;
    for (const auto u : o.highlight) {
      const render::Point p = drawn_position(s, u);
      lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
      hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
    }
    // Room for the start's label, which sits beside it.
    const double pad = std::max(0.12 * std::max(hi.x - lo.x, hi.y - lo.y), 3 * s.renderer.typical_arc_length());
    fit_box(s, {lo.x - pad, lo.y - pad}, {hi.x + pad, hi.y + pad});
  } else {
    s.renderer.set_highlight(o.highlight, o.closed);
  }
}

}  // namespace pathscope::demo
