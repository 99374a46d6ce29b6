// `bench centrality`: the centrality engines side by side on one graph: seconds, arc scans per
// second, ratio to the first engine, for GPU engines the share of the device's memory bandwidth
// the scans imply, and how far each engine's values are from the first engine's.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench_table.hpp"
#include "centrality_flags.hpp"
#include "cli_output.hpp"
#include "comma_list.hpp"
#include "commands.hpp"
#include "input_options.hpp"
#include "pathscope/apsp/gpu.hpp"

namespace pathscope::cli {
namespace {

// Values that differ by more than this share of the measure's largest value are not equal:
// engines sum path counts and dependencies in different orders, so bits differ, not digits.
constexpr double kEqualWithin = 1e-9;

// The largest difference between two results over every measure, each relative to the largest
// value of that measure in `base` (values near zero would otherwise blow up the ratio); NaN
// meets NaN. Infinity when a value is NaN on one side only.
double max_relative_difference(const CentralityResult& base, const CentralityResult& other,
                               const std::vector<CentralityMeasure>& measures) {
  double worst = 0;
  for (const auto m : measures) {
    const auto& a = base.values(m);
    const auto& b = other.values(m);
    if (a.size() != b.size()) return INFINITY;
    double scale = 0;
    for (const double v : a)
      if (!std::isnan(v)) scale = std::max(scale, std::fabs(v));
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (std::isnan(a[i]) || std::isnan(b[i])) {
        if (std::isnan(a[i]) != std::isnan(b[i])) return INFINITY;
        continue;
      }
      const double d = std::fabs(a[i] - b[i]);
      worst = std::max(worst, scale > 0 ? d / scale : d);
    }
  }
  return worst;
}

// Published HBM bandwidth of the data-centre GPUs this project is measured on, by name (the
// device reports no bandwidth of its own); 0 for others, whose share is then not shown.
double nominal_memory_bandwidth(const std::string& device_name) {
  if (device_name.find("H200") != std::string::npos) return 4.8e12;
  if (device_name.find("H100") != std::string::npos)
    return device_name.find("PCIe") != std::string::npos ? 2.0e12 : 3.35e12;
  if (device_name.find("A100") != std::string::npos) return 2.0e12;
  return 0;
}

// Bytes an arc scan touches at least: the head (4), its distance or level (4) and its path
// count or dependency (8), plus the cost (8) when searches are weighted (docs/performance.md).
double bytes_per_arc_scan(bool hops) { return hops ? 16 : 24; }

struct BenchCentralityCommand {
  InputOptions input;
  CentralityFlags flags;
  std::string engines = "cpu,gpu";
  BenchRepeat repeat;
  bool json = false;

  void run() const {
    repeat.check();
    const CentralityOptions options = flags.options();
    const auto names = split_comma_list(engines, "--engines");
    for (const auto& name : names) check_centrality_engine_name(name, "--engines");
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    const bool any_gpu = std::find(names.begin(), names.end(), "gpu") != names.end();
    const GpuInfo gpu = any_gpu ? gpu_info() : GpuInfo{};
    const double bandwidth = gpu.available ? nominal_memory_bandwidth(gpu.name) : 0;

    BenchLayout layout;
    layout.rate_header = "arc scans/s";
    layout.rate_key = "arc_scans_per_second";
    layout.columns = {{"% HBM", 7}, {"max rel diff", 12}};
    layout.answer_header.clear();
    layout.answer_key.clear();
    layout.equal_key = "equal_to_first";
    layout.answers_noun = "values";
    BenchTable table(layout);
    std::vector<CentralityResult> results;  // one per row that ran, for the comparison
    std::vector<double> differences;
    for (const auto& name : names) {
      auto engine = make_centrality_engine(name);
      if (auto why = engine->unavailable_reason(); !why.empty()) {
        table.add(BenchRow::not_run(name, why));
        results.emplace_back();
        differences.push_back(NAN);
        continue;
      }
      CentralityResult last;
      BenchRow row = measure(name, repeat, [&](const JobContext& job) {
        last = engine->run(g, options, job);
        // Repeated GPU runs may differ in the last bits: equality is judged by difference below.
        return BenchRun{last.timing, ""};
      });
      row.label = row.timing.engine;
      const CentralityResult* first = nullptr;
      for (std::size_t i = 0; i < results.size() && !first; ++i)
        if (table.rows()[i].ran()) first = &results[i];
      const double difference = first ? max_relative_difference(*first, last, options.measures) : 0;
      const bool on_gpu = row.timing.engine.find("gpu") != std::string::npos || name == "gpu";
      const double share = on_gpu && bandwidth > 0 ? 100 * row.rate * bytes_per_arc_scan(options.hops) / bandwidth : 0;
      row.cells = {share > 0 ? fmt::format("{:.1f}%", share) : "-", fmt::format("{:.2g}", difference)};
      row.fields["max_relative_difference"] = difference;
      if (share > 0) row.fields["percent_of_memory_bandwidth"] = share;
      if (options.samples > 0) row.fields["betweenness_error_bound"] = last.betweenness_error_bound;
      table.add(std::move(row));
      results.push_back(std::move(last));
      differences.push_back(difference);
    }
    table.set_agreement([&](std::size_t i) { return differences[i] <= kEqualWithin; });
    nlohmann::json measures = nlohmann::json::array();
    for (const auto m : options.measures) measures.push_back(centrality_measure_name(m));
    if (json) {
      nlohmann::json out = {{"graph", input.spec}, {"n", g.n}, {"m", g.arc_count()}, {"measures", measures},
                            {"hops", options.hops}, {"samples", options.samples}, {"repeat", repeat.repeat},
                            {"warmup", repeat.warmup}, {"results", table.json_rows()},
                            {"values_equal", table.all_agree()}, {"equal_within", kEqualWithin}};
      if (any_gpu)
        out["gpu"] = gpu.available ? nlohmann::json{{"name", gpu.name}, {"memory_bytes_per_second", bandwidth},
                                                    {"bytes_per_arc_scan", bytes_per_arc_scan(options.hops)}}
                                   : nlohmann::json{{"unavailable", gpu.reason}};
      print_json("bench-centrality", std::move(out));
      return;
    }
    std::string list;
    for (const auto& m : measures) list += (list.empty() ? "" : ",") + m.get<std::string>();
    fmt::print("bench centrality {}: n={} m={} measures={}{}{} (median of {} run{}, {} warm-up)\n", input.spec, g.n,
               g.arc_count(), list, options.hops ? " hops" : "",
               options.samples > 0 ? fmt::format(" samples={}", options.samples) : "", repeat.repeat,
               repeat.repeat > 1 ? "s" : "", repeat.warmup);
    if (any_gpu)
      fmt::print("GPU: {}\n", !gpu.available ? "unavailable: " + gpu.reason
                              : bandwidth > 0 ? fmt::format("{}, {:.3g} TB/s HBM (published), {:.0f} bytes per arc scan",
                                                            gpu.name, bandwidth / 1e12, bytes_per_arc_scan(options.hops))
                                              : gpu.name + " (no published bandwidth known: no % HBM)");
    table.print();
    fmt::print("(values equal: largest difference at most {:.0e} of each measure's largest value)\n", kEqualWithin);
  }
};

}  // namespace

void add_bench_centrality_command(CLI::App& bench) {
  auto cmd = std::make_shared<BenchCentralityCommand>();
  auto* sub = bench.add_subcommand(
      "centrality", "Centrality engines: seconds, arc scans/s, ratios, % of GPU memory bandwidth, values compared");
  cmd->input.add_to(*sub);
  cmd->flags.add_to(*sub);
  sub->add_option("--engines", cmd->engines, "Comma-separated engine names (cpu, gpu, auto); the first is the baseline")
      ->capture_default_str();
  cmd->repeat.add_to(*sub);
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
