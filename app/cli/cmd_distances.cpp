// `distances`: one source to every node (one-to-many), on stdout or into a .npy/.tsv/.csv file.
#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "input_options.hpp"
#include "out_file.hpp"
#include "output_format.hpp"
#include "pathscope/apsp/single_source.hpp"
#include "pathscope/export/distance_export.hpp"
#include "pathscope/paths/path.hpp"
#include "text_table.hpp"

namespace pathscope::cli {
namespace {

struct DistancesCommand {
  InputOptions input;
  std::string source_key, out_path, format;
  bool json = false;

  // With --out FILE the name says what is written (.npy, .tsv, .csv) and --output-format, if
  // given, must agree; with --out - only --output-format can say it.
  std::string file_ending() const {
    if (out_path != "-") {
      if (!is_distance_file_name(out_path)) throw UsageError("--out " + out_path + ": name the file .npy, .tsv or .csv");
      const std::string ending = out_path.substr(out_path.rfind('.'));
      if (!format.empty() && format != "json" && "." + format != ending)
        throw UsageError("--output-format " + format + " but the name " + out_path + " says " + ending.substr(1));
      return ending;
    }
    if (format != "npy" && format != "tsv" && format != "csv")
      throw UsageError("--out - needs --output-format npy, tsv or csv (what to write on standard output)");
    return "." + format;
  }

  void run() {
    // With --out, --output-format names the file and --json the report beside it.
    if (json && out_path.empty() && !format.empty() && format != "json")
      throw UsageError("--json and --output-format " + format + " disagree");
    const bool as_json = json || format == "json";
    if (out_path.empty() && format == "npy") throw UsageError("--output-format npy writes a file: give --out FILE.npy, or --out - for standard output");
    const TableStyle style = as_json || !out_path.empty() ? TableStyle::Aligned : parse_table_style(format.empty() ? "table" : format);
    std::optional<OutFile> out;
    if (!out_path.empty()) {
      const std::string ending = file_ending();
      out.emplace("--out", out_path, ending, ending == ".npy");
    }
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    const auto source = g.find_node(source_key);
    if (!source) throw Error("node '" + source_key + "' is not in " + input.spec);
    std::vector<double> dist;
    try {
      dist = single_source_distances(g, *source);
    } catch (const NegativeCycle& cycle) {
      throw input.named(cycle, g);
    }
    std::int64_t reached = 0;
    for (const double d : dist) reached += std::isfinite(d) ? 1 : 0;
    const nlohmann::json source_json = {{"index", *source}, {"id", g.display_id(*source)}, {"label", g.label(*source)}};
    if (out) {
      write_distances(out->path(), g, dist);
      out->finish();
      if (as_json) {
        nlohmann::json doc = {{"graph", input.spec}, {"source", source_json}, {"nodes", g.n}, {"reached", reached},
                              {"out", out->shown()}};
        input.add_filter_json(doc, loaded);
        print_json("distances", std::move(doc));
      } else {
        fmt::print("distances from {} to {} nodes ({} reached) written to {}\n", g.label(*source), g.n, reached,
                   out->shown());
      }
      return;
    }
    if (as_json) {
      nlohmann::json values = nlohmann::json::array();
      for (const double d : dist) values.push_back(std::isfinite(d) ? nlohmann::json(d) : nlohmann::json());
      nlohmann::json doc = {{"graph", input.spec}, {"source", source_json}, {"nodes", g.n}, {"reached", reached},
                            {"distances", std::move(values)}};
      input.add_filter_json(doc, loaded);
      print_json("distances", std::move(doc));
      return;
    }
    TextTable table({"index", "id", "<name", "distance"});
    for (std::int32_t u = 0; u < g.n; ++u)
      table.add_row({std::to_string(u), std::to_string(g.display_id(u)), g.names.empty() ? "" : g.names[u],
                     std::isinf(dist[u]) ? "inf" : fmt::format("{}", dist[u])});
    fmt::print("{}", table.text(style));
  }
};

}  // namespace

void add_distances_command(CLI::App& app) {
  auto cmd = std::make_shared<DistancesCommand>();
  auto* sub = app.add_subcommand("distances", "Shortest distances from one node to every node (one search)");
  cmd->input.add_to(*sub);
  sub->add_option("SOURCE", cmd->source_key, "Source node: id or name")->required();
  sub->add_option("--out", cmd->out_path,
                  "Write the distances: .npy (float64, shape (n,), node index order, inf = unreachable), "
                  ".tsv or .csv (index, id, name, distance); '-': standard output, as --output-format says");
  add_output_format_option(*sub, cmd->format,
                           "Output on standard output: table (the default), tsv, csv or json; with --out: npy, tsv or csv "
                           "(by default from the --out name)");
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
