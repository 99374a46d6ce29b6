// `export-codex`: a graph (the connectome generator's, usually) written in FlyWire Codex's
// download layout, for scripts/bench/write-codex-export.sh.
#include <fmt/core.h>

#include <memory>

#include "commands.hpp"
#include "input_options.hpp"
#include "pathscope/export/codex_export.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope::cli {
namespace {

struct ExportCodexCommand {
  InputOptions input;
  std::string folder;
  std::uint64_t seed = 1;

  void run() const {
    const auto loaded = input.load_graph();
    const double start = now_seconds();
    write_codex_export(loaded.graph, folder, seed);
    fmt::print("{}: {} neurons, {} connections written in the Codex layout to {} in {:.2f} s\n", input.spec,
               loaded.graph.n, loaded.graph.arc_count(), folder, now_seconds() - start);
  }
};

}  // namespace

void add_export_codex_command(CLI::App& app) {
  auto cmd = std::make_shared<ExportCodexCommand>();
  auto* sub = app.add_subcommand("export-codex",
                                 "Write a connectome in FlyWire Codex's layout (connections.csv split over neuropils, "
                                 "classification.csv, consolidated_cell_types.csv, names.csv, coordinates.csv)");
  cmd->input.add_to(*sub);
  sub->add_option("FOLDER", cmd->folder, "Folder to write the .csv files into")->required();
  sub->add_option("--seed", cmd->seed, "Decides how each pair's synapses are split over neuropils")->capture_default_str();
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
