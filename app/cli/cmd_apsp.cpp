#include <fmt/core.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "commands.hpp"
#include "engine_options.hpp"
#include "input_options.hpp"
#include "out_file.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/distance_choice.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {
namespace {

struct ApspCommand {
  InputOptions input;
  EngineOptions engine_options;
  std::string engine_name = "auto";
  std::string out_path, next_out_path;
  bool json = false;

  void run() const {
    OutFile out("--out", out_path, ".npy", /*binary=*/true);
    OutFile next_out("--next-out", next_out_path, ".npy", /*binary=*/true);
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    auto engine = make_apsp_engine(engine_name);
    if (const auto why = engine->unavailable_reason(); !why.empty()) throw Error(engine_name + " is unavailable: " + why);
    ApspOptions options = engine_options.to_apsp_options(g);
    options.next_hop = !next_out_path.empty();
    // The output exists, at its full size, before the run: a full disk or a folder that cannot
    // be written is said at once, and engines that can (gpu-blocked) put each row straight
    // into the file as it leaves the device, hashing it on the way (docs/gpu.md).
    std::unique_ptr<NpyMatrixWriter> npy;
    if (!out_path.empty()) npy = std::make_unique<NpyMatrixWriter>(out.path(), g, options.dist);
    // Float distances of whole costs are scanned for rounding below, which needs the matrix.
    const bool scan_floats = options.dist == DistType::Float32 && g.integer_weights;
    if (!scan_floats) options.sink = npy.get();
    ApspResult result;
    {
      ProgressPrinter progress(engine_name);
      try {
        result = engine->run(g, options, progress.context());
      } catch (const NegativeCycle& cycle) {
        throw input.named(cycle, g);
      }
    }
    // Asked-for float on whole costs: the matrix is written, but not silently rounded (a refusal
    // would throw away a finished run that may be all the person wanted).
    if (const std::string rounded = float_rounding_warning(g, result); !rounded.empty())
      fmt::print(stderr, "warning: {}\n", rounded);
    std::string checksum;
    if (npy) {
      if (!result.rows_in_sink) put_result_rows(result, *npy);
      checksum = checksum_hex(npy->checksum());
      npy->commit();
      out.finish();
    } else {
      checksum = checksum_hex(matrix_checksum(result));
    }
    if (!next_out_path.empty()) {
      ApspResult next_matrix;
      next_matrix.n = result.n;
      next_matrix.dist = DistType::Int32;
      next_matrix.d32 = std::move(result.next);
      write_npy(next_out.path(), next_matrix);
      next_out.finish();
    }
    const Timing& t = result.timing;
    if (json) {
      nlohmann::json doc = {{"graph", input.spec}, {"n", g.n}, {"m", g.arc_count()}, {"engine", t.engine},
                            {"device", t.device}, {"dist", dist_type_name(result.dist)}, {"seconds", t.seconds},
                            {"compute_seconds", t.compute_seconds}, {"transfer_seconds", t.transfer_seconds},
                            {"updates_per_second", t.updates_per_second()}, {"checksum", checksum}};
      if (!out_path.empty()) doc["out"] = out.shown();
      if (!next_out_path.empty()) doc["next_out"] = next_out.shown();
      input.add_filter_json(doc, loaded);
      print_json("apsp", std::move(doc));
      return;
    }
    fmt::print("{}: n={} m={} engine={} ({}) dist={}\n", input.spec, g.n, g.arc_count(), t.engine, t.device,
               dist_type_name(result.dist));
    fmt::print("  {:.4f} s, {:.3g} updates/s, checksum {}\n", t.seconds, t.updates_per_second(), checksum);
    if (!out_path.empty()) fmt::print("  distances written to {}\n", out.shown());
    if (!next_out_path.empty()) fmt::print("  next hops written to {}\n", next_out.shown());
  }
};

}  // namespace

void add_apsp_command(CLI::App& app) {
  auto cmd = std::make_shared<ApspCommand>();
  auto* sub = app.add_subcommand("apsp", "All-pairs shortest distances, optionally written as a NumPy .npy matrix");
  cmd->input.add_to(*sub);
  cmd->engine_options.add_to(*sub);
  sub->add_option("--engine", cmd->engine_name, "textbook, blocked, sparse, auto, gpu-naive, gpu-blocked")->capture_default_str();
  sub->add_option("--out", cmd->out_path, "Write the distance matrix (.npy; unreachable = int32 or int64 max, +inf or 65535; '-': standard output)");
  sub->add_option("--next-out", cmd->next_out_path, "Also compute and write the next-hop matrix (.npy int32, -1 = none; '-': standard output)");
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
