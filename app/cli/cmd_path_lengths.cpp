// `path-lengths`: the type-to-type matrix of shortest and median path lengths (FlyWire Codex's
// path-length question), from a saved all-pairs table or by breadth-first searches.
#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "input_options.hpp"
#include "node_lookup.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/paths/group_path_lengths.hpp"
#include "pathscope/paths/node_groups.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/json_output.hpp"
#include "progress_printer.hpp"
#include "resource_options.hpp"

namespace pathscope::cli {
namespace {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string value_text(double v) { return std::isinf(v) ? std::string("no path") : fmt::format("{}", v); }

std::string to_csv(const GroupPathLengths& r) {
  std::string out = "source,target,pairs,reachable_pairs,min_" + r.unit + ",median_" + r.unit + "\n";
  for (std::size_t s = 0; s < r.sources.size(); ++s)
    for (std::size_t t = 0; t < r.targets.size(); ++t) {
      const auto& c = r.at(s, t);
      out += csv_field(r.sources[s]) + "," + csv_field(r.targets[t]) + "," + std::to_string(c.pairs) + "," +
             std::to_string(c.reachable) + "," + value_text(c.min) + "," + value_text(c.median) + "\n";
    }
  return out;
}

nlohmann::json to_json(const GroupPathLengths& r, const std::string& graph, const std::string& group_by) {
  const auto matrix = [&](auto value) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t s = 0; s < r.sources.size(); ++s) {
      nlohmann::json row = nlohmann::json::array();
      for (std::size_t t = 0; t < r.targets.size(); ++t) {
        const double v = value(r.at(s, t));
        row.push_back(std::isinf(v) ? nlohmann::json(nullptr) : nlohmann::json(v));
      }
      rows.push_back(row);
    }
    return rows;
  };
  return {{"graph", graph},
          {"group_by", group_by},
          {"unit", r.unit},
          {"method", r.method},
          {"seconds", r.timing.seconds},
          {"device", r.timing.device},
          {"sources", r.sources},
          {"targets", r.targets},
          {"min", matrix([](const GroupPairLengths& c) { return c.min; })},
          {"median", matrix([](const GroupPairLengths& c) { return c.median; })},
          {"pairs", matrix([](const GroupPairLengths& c) { return static_cast<double>(c.pairs); })},
          {"reachable_pairs", matrix([](const GroupPairLengths& c) { return static_cast<double>(c.reachable); })},
          {"no_path", "null in min and median: no member of the source group reaches any of the target group"}};
}

struct PathLengthsCommand {
  InputOptions input;
  ResourceFlags flags;
  std::string table_path, from, to, group_by, out_path;
  bool json = false;
  const CLI::Option* cost_rule_option = nullptr;

  void run() const {
    // The searches count hops; a cost rule asked for by name would be ignored without a word.
    if (table_path.empty() && cost_rule_option && cost_rule_option->count() > 0 &&
        parse_edge_cost_rule(input.cost_rule) != EdgeCostRule::Hops) {
      throw UsageError("path-lengths without --table counts hops (one breadth-first search per source), so --cost-rule " +
                       input.cost_rule + " would not be used: save a table of those costs (apsp " + input.spec +
                       " --cost-rule " + input.cost_rule + " --out D.npy) and pass --table D.npy, or drop --cost-rule");
    }
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    // By default the attribute that names cell types: cell_type (Codex), type (neuPrint), ...
    const std::string by = group_by.empty() ? type_column(g) : group_by;
    if (by.empty()) throw Error(input.spec + " has no cell types (no cell_type, type or primary_type attribute): choose --group-by");
    const auto sources = groups_by_attribute(g, by, list_option(from));
    const auto targets = groups_by_attribute(g, by, list_option(to));
    const EngineResources resources = flags.resources();
    ProgressPrinter progress("path lengths");
    GroupPathLengths result;
    if (!table_path.empty()) {
      const SavedTable table(table_path);
      table.check_matches(g, input.spec);
      if (const std::string unchecked = table.unchecked_warning(input.spec); !unchecked.empty())
        fmt::print(stderr, "warning: {}\n", unchecked);
      result = group_path_lengths(table, sources, targets, resources, progress.context());
    } else {
      result = group_path_lengths(g, sources, targets, resources, progress.context());
    }
    note(fmt::format("{} x {} groups by {} in {:.3f} s ({}, {})", sources.size(), targets.size(), by,
                     result.timing.seconds, result.method, result.timing.device));
    const bool json_file = file_extension(out_path) == ".json";
    std::string text;
    if (json || json_file) {
      nlohmann::json doc = to_json(result, input.spec, by);
      doc.update(json_document("pathscope-cli", schema_name("path-lengths")));
      text = json_text(std::move(doc));
    } else {
      text = to_csv(result);
    }
    if (out_path.empty() || out_path == "-") {
      write_standard_output(text);
      return;
    }
    AtomicFile out(out_path);
    out.write(text);
    out.commit();
  }
};

}  // namespace

void add_path_lengths_command(CLI::App& app) {
  auto cmd = std::make_shared<PathLengthsCommand>();
  auto* sub = app.add_subcommand(
      "path-lengths", "Type-to-type matrix of the shortest and median path lengths (\"no path\" where none)");
  cmd->input.add_to(*sub);
  cmd->cost_rule_option = sub->get_option("--cost-rule");
  sub->add_option("--table", cmd->table_path,
                  "A saved all-pairs table of this graph (apsp --out D.npy or D.zarr), memory-mapped; without it, one "
                  "breadth-first search per source node (hops)");
  sub->add_option("--from", cmd->from, "Source groups: values of --group-by (a,b,c or @FILE), all, or top:K")->required();
  sub->add_option("--to", cmd->to, "Target groups, the same way")->required();
  sub->add_option("--group-by", cmd->group_by,
                  "Node attribute that groups nodes (super_class, side, ...), or node; default: the cell types "
                  "(cell_type, type or primary_type)");
  sub->add_option("--out", cmd->out_path, "Write the answer here: .json for JSON, else CSV ('-': standard output, as without --out)");
  sub->add_flag("--json", cmd->json, "JSON instead of CSV");
  cmd->flags.add_to(*sub, "the medians of weighted tables");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
