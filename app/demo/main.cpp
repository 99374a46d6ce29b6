// pathscope-demo: CPU and GPU engines race on the same graph, live, for talks and projectors.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <regex>

#include "pathscope/io/file_formats.hpp"
#include "pathscope_demo/demo_app.hpp"
#include "pathscope_ui_common/heap_policy.hpp"

int main(int argc, char** argv) {
  pathscope::keep_freed_memory_for_reuse();
  pathscope::demo::DemoOptions o;
  std::string size;
  CLI::App app{"pathscope-demo: watch CPU and GPU engines race on the same graph problem"};
  auto* race = app.add_option("--race", o.problem,
                 "Problem to race: apsp (all-pairs shortest paths), tsp (best tour through random stops), reach "
                 "(transitive closure, one node's downstream set) or correlate (correlation network of a table)");
  app.add_option("--graph", o.graph,
                 "Graph file or generator spec (random:n=..,deg=..,seed=..); correlate: a TSV/CSV table or "
                 "random-table:rows=..,cols=..,seed=..; default: a bundled sample (correlate: a random table)");
  app.add_flag("--headless", o.headless,
               "No window: run the race to the end, render one frame offscreen, write the files, exit "
               "(no X server needed: OpenGL through EGL)");
  app.add_option("--out", o.out_json, "Write the run's figures to this JSON file");
  app.add_option("--screenshot", o.screenshot, "PNG of the final frame (headless) or the S key's file");
  app.add_option("--size", size, "Frame size WIDTHxHEIGHT (default 1600x900)");
  app.add_option("--source,--from", o.source,
                 "Path start, or the node whose reachable set is shown: name or id (default: random)");
  app.add_option("--target", o.target, "Path end: node name or id (default: farthest from the start)");
  app.add_option("--seed", o.seed, "Seed of the random start node (tsp: of the stops)");
  app.add_option("--stops", o.stops, "tsp: how many random stops the tour visits (2..24)");
  app.add_option("--cpu-engine", o.cpu_engine, "apsp: the CPU lane's engine: blocked, sparse, textbook, auto");
  app.add_option("--method", o.method, "correlate: spearman or pearson")->check(CLI::IsMember({"spearman", "pearson"}));
  app.add_option("--min-abs-rho", o.min_abs_rho, "correlate: keep pairs with |rho| >= R (default 0.8)")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--bench-frames", o.bench_frames,
                 "Load the graph, draw N frames on a fixed pan and zoom path (with --headless: offscreen through "
                 "EGL), print the median and 95th-percentile frame times as JSON, exit; with --race, the race runs "
                 "meanwhile and only frames drawn while its lanes run count (frames_per_second in the JSON)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--ui-scale", o.ui_scale, "Font and widget scale (default: the monitor's content scale)");
  app.footer(pathscope::input_formats_help(pathscope::InputKind::Graph) +
             pathscope::input_formats_help(pathscope::InputKind::Table));
  CLI11_PARSE(app, argc, argv);
  o.bench_while_racing = o.bench_frames > 0 && race->count() > 0;
  if (!size.empty()) {
    std::smatch m;
    if (!std::regex_match(size, m, std::regex(R"((\d{1,5})x(\d{1,5}))"))) {
      std::fprintf(stderr, "pathscope-demo: --size wants WIDTHxHEIGHT, e.g. 1600x900, not \"%s\"\n", size.c_str());
      return 2;
    }
    o.width = std::stoi(m[1]);
    o.height = std::stoi(m[2]);
  }
  if (o.problem == "correlate" && o.graph.empty()) o.graph = "random-table:rows=2000,cols=16,seed=1";
  return pathscope::demo::run_demo(o);
}
