#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench_table.hpp"
#include "cli_output.hpp"
#include "comma_list.hpp"
#include "commands.hpp"
#include "engine_options.hpp"
#include "exit_codes.hpp"
#include "input_options.hpp"
#include "launch_job.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/runtime/error.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {
namespace {

bool is_gpu_engine(const std::string& name) { return name.rfind("gpu-", 0) == 0; }
// Engines whose updates are min-plus updates, comparable with the device's min-plus peak;
// gpu-sparse counts arc scans.
bool counts_minplus_updates(const std::string& name) { return name == "gpu-naive" || name == "gpu-blocked"; }

// The engines run one after another on the same in-memory graph; only one result matrix is
// alive at a time, so the largest graph that fits once can be compared across all engines.
struct BenchApspCommand {
  InputOptions input;
  EngineOptions engine_options;
  std::string engines = "textbook,blocked,sparse";
  BenchRepeat repeat;
  bool json = false;

  BenchRow run_engine(const std::string& name, const Graph& g, const ApspOptions& options, double peak) const {
    auto engine = make_apsp_engine(name);
    BenchRow row;
    row.name = name;
    row.unavailable = engine->unavailable_reason();
    if (row.ran() && !engine->supports(options.dist))
      row.unavailable = std::string("does not support ") + dist_type_name(options.dist) + " distances";
    if (!row.ran()) return row;
    row = measure(name, repeat, [&](const JobContext& job) {
      const ApspResult result = engine->run(g, options, job);
      return BenchRun{result.timing, checksum_hex(matrix_checksum(result))};
    });
    row.label = row.timing.engine;
    const double percent_of_peak = peak > 0 && counts_minplus_updates(name) ? 100 * row.rate / peak : 0;
    // gpu-blocked's cost model (gpu_width.hpp), for the width the row ran at.
    const double predicted = row.timing.predicted_seconds;
    row.cells = {percent_of_peak > 0 ? fmt::format("{:.1f}%", percent_of_peak) : "-",
                 predicted > 0 ? fmt::format("{:.4g}", predicted) : "-"};
    if (percent_of_peak > 0) row.fields["percent_of_peak"] = percent_of_peak;
    if (predicted > 0) row.fields["predicted_seconds"] = predicted;
    return row;
  }

  void run() const {
    repeat.check();
    // In a job of processes every process runs each engine in turn, as one rank of it.
    const auto job = join_launch_job();
    auto names = split_comma_list(engines, "--engines");
    if (job) {
      for (auto& name : names) name = job_engine(name, *job);
      if (engine_options.resources.gpu_sweep() != std::vector<GpuSet>{GpuSet{}})
        throw UsageError("--gpus: in a job of processes each process runs one rank on a GPU of its own; leave out --gpus");
    }
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    ApspOptions options = engine_options.to_apsp_options(g);
    options.job = job.get();
    const bool any_gpu = std::any_of(names.begin(), names.end(), is_gpu_engine);
    const GpuInfo gpu = any_gpu ? gpu_info() : GpuInfo{};
    // A job's rate is that of all its GPUs: its peak is theirs together.
    const double peak = any_gpu && gpu.available ? gpu_minplus_peak(options.dist) * (job ? job->world_size() : 1) : 0;

    BenchLayout layout;
    layout.columns = {{"% peak", 8}, {"predicted s", 11}};
    BenchTable table(layout);
    for (const auto& name : names) {
      if (!is_gpu_engine(name)) {
        table.add(run_engine(name, g, options, peak));
        continue;
      }
      for (const GpuSet& gpus : engine_options.resources.gpu_sweep()) {
        ApspOptions on = options;
        on.gpus = gpus;
        BenchRow row = run_engine(name, g, on, peak);
        if (!gpus.is_default()) row.name = row.label = name + " --gpus " + gpu_set_text(gpus);
        table.add(std::move(row));
      }
    }
    if (job && job->rank() != 0) return;  // rank 0 speaks for the job
    if (json) {
      nlohmann::json out = {{"graph", input.spec}, {"n", g.n}, {"m", g.arc_count()}, {"dist", dist_type_name(options.dist)},
                            {"repeat", repeat.repeat}, {"warmup", repeat.warmup}, {"results", table.json_rows()},
                            {"checksums_equal", table.all_agree()}};
      if (job) out["processes"] = job->world_size();
      if (any_gpu) {
        out["gpu"] = gpu.available ? nlohmann::json{{"name", gpu.name}, {"minplus_peak_updates_per_second", peak}}
                                   : nlohmann::json{{"unavailable", gpu.reason}};
      }
      print_json("bench-apsp", std::move(out));
      return;
    }
    fmt::print("bench apsp {}: n={} m={} dist={} (median of {} run{}, {} warm-up)\n", input.spec, g.n, g.arc_count(),
               dist_type_name(options.dist), repeat.repeat, repeat.repeat > 1 ? "s" : "", repeat.warmup);
    if (any_gpu)
      fmt::print("GPU: {}\n", gpu.available ? fmt::format("{}, measured min-plus peak {:.3g} updates/s", gpu.name, peak)
                                            : "unavailable: " + gpu.reason);
    if (job)
      fmt::print("a job of {} processes ({}), one rank and GPU each; the peak is theirs together\n", job->world_size(),
                 launcher_name(job->placement().launcher));
    table.print();
  }
};

// Reading alone, file by file: every reader must take time in proportion to its input, and
// bytes/s side by side over files of one format at several sizes shows whether it does.
struct BenchLoadCommand {
  std::vector<std::string> files;
  LoadOptions options;
  int repeat = 1;
  bool json = false;

  void run() const {
    if (repeat < 1 || repeat > kMaxBenchRuns)
      throw Error("--repeat must be from 1 to " + std::to_string(kMaxBenchRuns));
    nlohmann::json rows = nlohmann::json::array();
    if (!json) fmt::print("{:<40} {:>10} {:>10} {:>12} {:>12} {:>14}\n", "file", "seconds", "CPU s", "MB/s", "nodes", "arcs");
    for (const auto& file : files)
      if (file == "-") throw UsageError("bench load reads each file again and again: give file names, not '-'");
    for (const auto& file : files) {
      std::error_code ec;
      const auto bytes = std::filesystem::file_size(file, ec);
      if (ec) throw Error(file + ": cannot read its size: " + ec.message());
      double best = 0, best_cpu = 0;
      LoadedGraph loaded;
      for (int i = 0; i < repeat; ++i) {
        loaded = LoadedGraph{};  // the last run's graph is freed outside the timed part
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        loaded = load_graph(file, options, JobContext({}, interrupt_flag()));
        // CPU time of the whole process (all threads): on a shared machine it counts what
        // reading cost, not the time other programs held the cores.
        const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        best = i == 0 ? seconds : std::min(best, seconds);
        best_cpu = i == 0 ? cpu : std::min(best_cpu, cpu);
      }
      const double rate = best > 0 ? static_cast<double>(bytes) / best : 0;
      if (json) {
        rows.push_back({{"file", file}, {"format", loaded.report.format}, {"bytes", bytes}, {"seconds", best}, {"cpu_seconds", best_cpu},
                        {"bytes_per_second", rate}, {"nodes", loaded.graph.n}, {"arcs", static_cast<std::int64_t>(loaded.graph.heads.size())}});
      } else {
        fmt::print("{:<40} {:>10.4f} {:>10.4f} {:>12.1f} {:>12} {:>14}\n", file, best, best_cpu, rate / 1e6, loaded.graph.n,
                   static_cast<std::int64_t>(loaded.graph.heads.size()));
      }
    }
    if (json) print_json("bench-load", {{"results", std::move(rows)}});
  }
};

}  // namespace

CLI::App* add_bench_command(CLI::App& app) {
  auto* bench = app.add_subcommand("bench", "Run engines side by side on the same input and compare");
  bench->require_subcommand(1);
  auto cmd = std::make_shared<BenchApspCommand>();
  auto* sub = bench->add_subcommand("apsp", "All-pairs engines: seconds, updates/s, ratios, % of GPU peak, gpu-blocked's predicted seconds, checksums");
  cmd->input.add_to(*sub);
  cmd->engine_options.add_to(*sub, /*gpu_sweep=*/true);
  sub->add_option("--engines", cmd->engines, "Comma-separated engine names; the first is the baseline")->capture_default_str();
  cmd->repeat.add_to(*sub);
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });

  auto load = std::make_shared<BenchLoadCommand>();
  auto* load_sub = bench->add_subcommand("load", "Reading alone: seconds and CPU seconds (the least of --repeat runs), bytes/s, nodes and arcs per file");
  load_sub->add_option("files", load->files, "Graph files")->required();
  load_sub->add_option("--input-format", load->options.format, "Force a reader: " + format_names(InputKind::Graph));
  load_sub->add_option("--repeat", load->repeat, "Runs per file; the fastest is shown")->capture_default_str();
  load_sub->add_flag("--json", load->json, "Print JSON");
  load_sub->callback([load] { load->run(); });
  return bench;
}

}  // namespace pathscope::cli
