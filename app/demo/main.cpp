// pathscope-demo: CPU and GPU engines race on the same graph, live, for talks and projectors.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <regex>

#include "pathscope/io/file_formats.hpp"
#include "pathscope/runtime/version.hpp"
#include "pathscope_demo/demo_app.hpp"
#include "pathscope_ui_common/exit_codes.hpp"
#include "pathscope_ui_common/heap_policy.hpp"
#include "pathscope_ui_common/option_ranges.hpp"

namespace {

// The refusal names the range as the help writes it: "--stops: wants 2..24, not 30".
template <typename T>
CLI::Validator range_check(const pathscope::OptionRange<T>& range) {
  return CLI::Validator(
      [range](std::string& input) -> std::string {
        T value{};
        if (!CLI::detail::lexical_cast(input, value)) return "wants a number in " + range.text() + ", not '" + input + "'";
        if (!range.contains(value)) return "wants " + range.text() + ", not " + input;
        return {};
      },
      range.text());
}

int usage_error(const std::string& message) {
  std::fprintf(stderr, "pathscope-demo: %s (see --help)\n", message.c_str());
  return pathscope::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  using pathscope::kBenchFramesRange, pathscope::kDemoFrameSideRange, pathscope::kMinAbsRhoRange,
      pathscope::kTourStopsRange, pathscope::kUiScaleRange;
  pathscope::keep_freed_memory_for_reuse();
  pathscope::demo::DemoOptions o;
  std::string size;
  CLI::App app{"pathscope-demo: watch CPU and GPU engines race on the same graph problem"};
  app.set_version_flag("--version", std::string("pathscope-demo ") + pathscope::pathscope_version());
  auto* race = app.add_option("--race", o.problem,
                 "Problem to race: apsp (all-pairs shortest paths), tsp (best tour through random stops), reach "
                 "(transitive closure, one node's downstream set) or correlate (correlation network of a table)");
  app.add_option("--graph", o.graph,
                 "Graph file or generator spec (random:n=..,deg=..,seed=..); correlate: a TSV/CSV table or "
                 "random-table:rows=..,cols=..,seed=..; default: a bundled sample (correlate: a random table)");
  app.add_flag("--headless", o.headless,
               "No window: run the race to the end, render one frame offscreen, write the files, exit "
               "(no X server needed: OpenGL through EGL); a progress line on stderr every few seconds");
  // The reader options the formats' help below names; the CLI has the full set.
  app.add_option("--input-format", o.load.format, "Force a reader: " + pathscope::format_names(pathscope::InputKind::Graph))
      ->check(CLI::Validator(
          [](std::string& name) -> std::string {
            try {
              pathscope::file_format_named(name);
              return {};
            } catch (const std::exception& e) {
              return e.what();
            }
          },
          "NAME"));
  app.add_option("--weight-attribute", o.load.weight_attribute,
                 "JSON, GraphML, GEXF, GML: the edge attribute that holds the cost (default: weight, if present)");
  app.add_option("--min-synapses", o.load.min_synapses,
                 "Connection tables: drop pairs of fewer synapses (default: 5 for FlyWire Codex exports, else 0)")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 40));
  app.add_option("--out", o.out_json, "Write the run's figures to this JSON file");
  app.add_option("--screenshot", o.screenshot, "PNG of the final frame (headless) or the S key's file");
  app.add_option("--size", size,
                 "Frame size WIDTHxHEIGHT, each side " + kDemoFrameSideRange.text() + " (default 1600x900)");
  app.add_option("--source,--from", o.source,
                 "Path start, or the node whose reachable set is shown: name or id (default: random)");
  app.add_option("--target", o.target, "Path end: node name or id (default: farthest from the start)");
  app.add_option("--seed", o.seed, "Seed of the random start node (tsp: of the stops)");
  app.add_option("--stops", o.stops, "tsp: how many random stops the tour visits (" + kTourStopsRange.text() + ")")
      ->check(range_check(kTourStopsRange));
  app.add_option("--cpu-engine", o.cpu_engine, "apsp: the CPU lane's engine: blocked, sparse, textbook, auto");
  app.add_option("--method", o.method, "correlate: spearman or pearson")->check(CLI::IsMember({"spearman", "pearson"}));
  app.add_option("--min-abs-rho", o.min_abs_rho,
                 "correlate: keep pairs with |rho| >= R, R in " + kMinAbsRhoRange.text() + " (default 0.8)")
      ->check(range_check(kMinAbsRhoRange));
  app.add_option("--bench-frames", o.bench_frames,
                 "Load the graph, draw N frames (" + kBenchFramesRange.text() +
                     ") on a fixed pan and zoom path (with --headless: offscreen through EGL), print the median "
                     "and 95th-percentile frame times as JSON, exit; with --race, the race runs meanwhile and only "
                     "frames drawn while its lanes run count (frames_per_second in the JSON)")
      ->check(range_check(kBenchFramesRange));
  app.add_option("--ui-scale", o.ui_scale,
                 "Font and widget scale, " + kUiScaleRange.text() + " (default: the monitor's content scale)")
      ->check(range_check(kUiScaleRange));
  app.footer(pathscope::input_formats_help(pathscope::InputKind::Graph) +
             pathscope::input_formats_help(pathscope::InputKind::Table) +
             "\nExit codes: 0 done, 1 failed (file, race or output), 2 wrong command line.");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --help-all, --version: CLI11 prints them
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return usage_error(e.what());
  }
  o.bench_while_racing = o.bench_frames > 0 && race->count() > 0;
  if (!size.empty()) {
    std::smatch m;
    if (!std::regex_match(size, m, std::regex(R"((\d{1,5})x(\d{1,5}))"))) {
      return usage_error("--size wants WIDTHxHEIGHT, e.g. 1600x900, not \"" + size + "\"");
    }
    o.width = std::stoi(m[1]);
    o.height = std::stoi(m[2]);
    if (!kDemoFrameSideRange.contains(o.width) || !kDemoFrameSideRange.contains(o.height)) {
      return usage_error("--size wants each side " + kDemoFrameSideRange.text() + ", not \"" + size + "\"");
    }
  }
  if (o.problem == "correlate" && o.graph.empty()) o.graph = "random-table:rows=2000,cols=16,seed=1";
  return pathscope::demo::run_demo(o);
}
