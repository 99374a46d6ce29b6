#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "comma_list.hpp"
#include "commands.hpp"
#include "engine_options.hpp"
#include "input_options.hpp"
#include "pathscope/checksum.hpp"
#include "pathscope/gpu.hpp"
#include "progress_printer.hpp"
#include "timing_json.hpp"

namespace pathscope::cli {
namespace {

struct EngineRow {
  std::string engine;
  std::string unavailable;  // why it did not run, if it did not
  Timing timing;            // of the median run
  std::vector<double> runs;
  std::string checksum;
  double percent_of_peak = 0;
};

// The engines run one after another on the same in-memory graph; only one result matrix is
// alive at a time, so the largest graph that fits once can be compared across all engines.
struct BenchApspCommand {
  InputOptions input;
  EngineOptions engine_options;
  std::string engines = "textbook,blocked,sparse";
  int repeat = 1, warmup = 0;
  bool json = false;

  EngineRow run_engine(const std::string& name, const Graph& g, const ApspOptions& options, double peak) const {
    EngineRow row;
    row.engine = name;
    auto engine = make_apsp_engine(name);
    row.unavailable = engine->unavailable_reason();
    if (!row.unavailable.empty()) return row;
    if (!engine->supports(options.dist)) {
      row.unavailable = std::string("does not support ") + dist_type_name(options.dist) + " distances";
      return row;
    }
    std::vector<Timing> timings;
    for (int i = 0; i < warmup + repeat; ++i) {
      ProgressPrinter progress(name);
      ApspResult result = engine->run(g, options, progress.context());
      if (i < warmup) continue;
      timings.push_back(result.timing);
      row.runs.push_back(result.timing.seconds);
      const auto checksum = checksum_hex(matrix_checksum(result));
      if (!row.checksum.empty() && row.checksum != checksum)
        throw Error(name + " gave different matrices on repeated runs: the engine is not deterministic");
      row.checksum = checksum;
    }
    std::sort(timings.begin(), timings.end(), [](const Timing& a, const Timing& b) { return a.seconds < b.seconds; });
    row.timing = timings[timings.size() / 2];
    if (peak > 0 && name.rfind("gpu-", 0) == 0) row.percent_of_peak = 100 * row.timing.updates_per_second() / peak;
    return row;
  }

  void run() const {
    if (repeat < 1 || warmup < 0) throw Error("--repeat must be at least 1 and --warmup at least 0");
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    const ApspOptions options = engine_options.to_apsp_options(g);
    const auto names = split_comma_list(engines);
    const bool any_gpu = std::any_of(names.begin(), names.end(), [](const std::string& n) { return n.rfind("gpu-", 0) == 0; });
    const GpuInfo gpu = any_gpu ? gpu_info() : GpuInfo{};
    const double peak = any_gpu && gpu.available ? gpu_minplus_peak(options.dist) : 0;

    std::vector<EngineRow> rows;
    for (const auto& name : names) rows.push_back(run_engine(name, g, options, peak));
    const EngineRow* baseline = nullptr;
    for (const auto& r : rows)
      if (r.unavailable.empty()) {
        baseline = &r;
        break;
      }
    bool checksums_equal = true;
    for (const auto& r : rows)
      if (r.unavailable.empty() && baseline && r.checksum != baseline->checksum) checksums_equal = false;

    if (json) {
      nlohmann::json results = nlohmann::json::array();
      for (const auto& r : rows) {
        nlohmann::json j = {{"engine", r.engine}};
        if (!r.unavailable.empty()) {
          j["unavailable"] = r.unavailable;
        } else {
          j.update(timing_json(r.timing));
          j.update({{"updates_per_second", r.timing.updates_per_second()}, {"checksum", r.checksum}, {"runs", r.runs},
                    {"speedup_vs_first", baseline->timing.seconds / r.timing.seconds}});
          if (r.percent_of_peak > 0) j["percent_of_peak"] = r.percent_of_peak;
        }
        results.push_back(j);
      }
      nlohmann::json out = {{"graph", input.spec}, {"n", g.n}, {"m", g.arc_count()}, {"dist", dist_type_name(options.dist)},
                            {"repeat", repeat}, {"warmup", warmup}, {"results", results}, {"checksums_equal", checksums_equal}};
      if (any_gpu) {
        out["gpu"] = gpu.available ? nlohmann::json{{"name", gpu.name}, {"minplus_peak_updates_per_second", peak}}
                                   : nlohmann::json{{"unavailable", gpu.reason}};
      }
      fmt::print("{}\n", out.dump(2));
      return;
    }
    fmt::print("bench apsp {}: n={} m={} dist={} (median of {} run{}, {} warm-up)\n", input.spec, g.n, g.arc_count(),
               dist_type_name(options.dist), repeat, repeat > 1 ? "s" : "", warmup);
    if (any_gpu)
      fmt::print("GPU: {}\n", gpu.available ? fmt::format("{}, measured min-plus peak {:.3g} updates/s", gpu.name, peak)
                                            : "unavailable: " + gpu.reason);
    fmt::print("{:<14} {:>10} {:>12} {:>9} {:>8}  {:<16} {}\n", "engine", "seconds", "updates/s",
               baseline ? "vs " + baseline->engine : "ratio", "% peak", "checksum", "device");
    for (const auto& r : rows) {
      if (!r.unavailable.empty()) {
        fmt::print("{:<14} unavailable: {}\n", r.engine, r.unavailable);
        continue;
      }
      fmt::print("{:<14} {:>10.4f} {:>12.3g} {:>8.1f}x {:>8}  {:<16} {}\n", r.timing.engine, r.timing.seconds,
                 r.timing.updates_per_second(), baseline->timing.seconds / r.timing.seconds,
                 r.percent_of_peak > 0 ? fmt::format("{:.1f}%", r.percent_of_peak) : std::string("-"), r.checksum,
                 r.timing.device);
    }
    fmt::print("checksums {}\n", checksums_equal ? "all equal" : "DIFFER");
  }
};

}  // namespace

CLI::App* add_bench_command(CLI::App& app) {
  auto* bench = app.add_subcommand("bench", "Run engines side by side on the same input and compare");
  bench->require_subcommand(1);
  auto cmd = std::make_shared<BenchApspCommand>();
  auto* sub = bench->add_subcommand("apsp", "All-pairs engines: seconds, updates/s, ratios, % of GPU peak, checksums");
  cmd->input.add_to(*sub);
  cmd->engine_options.add_to(*sub);
  sub->add_option("--engines", cmd->engines, "Comma-separated engine names")->capture_default_str();
  sub->add_option("--repeat", cmd->repeat, "Runs per engine; the median is shown")->capture_default_str();
  sub->add_option("--warmup", cmd->warmup, "Untimed runs per engine before the timed ones")->capture_default_str();
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });
  return bench;
}

}  // namespace pathscope::cli
