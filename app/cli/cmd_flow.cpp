// `flow`: information-flow layers from a set of seed nodes (information_flow.hpp): each node's
// mean layer and its spread over many runs of the probabilistic traversal, printed per type and
// written as a CSV, a JSON document, or the graph with the layers as node attributes.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "comma_list.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "group_summary_report.hpp"
#include "input_options.hpp"
#include "node_value_output.hpp"
#include "option_checks.hpp"
#include "out_file.hpp"
#include "output_format.hpp"
#include "pathscope/centrality/group_summary.hpp"
#include "pathscope/flow/flow_seeds.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope/runtime/json_output.hpp"
#include "progress_printer.hpp"
#include "resource_options.hpp"

namespace pathscope::cli {
namespace {

void check_flow_engine_name(const std::string& name) {
  const auto names = flow_engine_names();
  if (std::find(names.begin(), names.end(), name) != names.end()) return;
  std::string known;
  for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
  throw UsageError("--engine " + name + ": unknown flow engine (use " + known + ")");
}

// --seeds: @FILE (one id or name a line, flow_seeds.hpp), or comma-separated keys, each a cell
// type (all its nodes) or else a node id or name. Ascending, each once, so the same nodes named
// in any order or way give the same run.
std::vector<std::int32_t> seeds_named(const Graph& g, const std::string& spec) {
  std::vector<std::int32_t> seeds;
  if (!spec.empty() && spec[0] == '@') {
    seeds = read_seed_file(spec.substr(1), g);
  } else {
    for (const auto& key : split_comma_list(spec, "--seeds")) {
      std::vector<std::int32_t> found;
      try {
        found = seeds_of_type(g, key);
      } catch (const Error&) {
        found = seeds_from_keys(g, {key});  // not a type: a node, or the error that names the key
      }
      seeds.insert(seeds.end(), found.begin(), found.end());
    }
  }
  std::sort(seeds.begin(), seeds.end());
  seeds.erase(std::unique(seeds.begin(), seeds.end()), seeds.end());
  return seeds;
}

struct FlowCommand {
  InputOptions input;
  ResourceFlags resources;
  std::string seeds;
  FlowOptions parameters;
  std::string engine_name = "auto";
  CLI::Option* by_type_option = nullptr;
  std::string by_type;
  std::int32_t top = 10;
  std::string out_path, format;
  bool json = false;

  static std::vector<NodeValueColumn> columns_of(const FlowResult& result) {
    std::vector<double> reached(result.times_reached.begin(), result.times_reached.end());
    return {{"flow_layer", result.mean_layer}, {"flow_layer_sd", result.layer_deviation}, {"flow_reached", std::move(reached)}};
  }

  nlohmann::json document(const Graph& g, const LoadReport& report, const FlowOptions& options, const FlowResult& result,
                          const std::vector<NodeValueColumn>& columns, const std::string& group_column) const {
    const Timing& t = result.timing;
    nlohmann::json seed_list = nlohmann::json::array();
    for (const auto s : options.seeds) seed_list.push_back({{"index", s}, {"id", g.display_id(s)}, {"name", g.label(s)}});
    const auto reached = std::count_if(result.times_reached.begin(), result.times_reached.end(), [](auto k) { return k > 0; });
    nlohmann::json doc = {{"graph", graph_summary_json(input.spec, g, report)},
                          {"engine", t.engine},
                          {"device", t.device},
                          {"seconds", t.seconds},
                          {"updates_per_second", t.updates_per_second()},
                          {"seeds", seed_list},
                          {"seed_spec", seeds},
                          {"repetitions", result.repetitions},
                          {"saturation_share", options.saturation_share},
                          {"min_share", options.min_share},
                          {"max_steps", options.max_steps},
                          {"seed", options.seed},
                          {"nodes_reached", reached}};
    if (!group_column.empty())
      doc["by_type"] = {{"column", group_column},
                        {"measures", {{"flow_layer", group_summaries_json(g, summarize_by_group(g, columns[0].values, group_column, top))}}}};
    doc["nodes"] = node_values_json(g, columns, group_column);
    doc.update(json_document("pathscope-cli", schema_name("flow")));
    return doc;
  }

  void print_summary(const Graph& g, const LoadReport& report, const FlowOptions& options, const FlowResult& result,
                     const std::vector<NodeValueColumn>& columns, const std::string& group_column) const {
    const Timing& t = result.timing;
    const auto reached = std::count_if(result.times_reached.begin(), result.times_reached.end(), [](auto k) { return k > 0; });
    fmt::print("flow {}: n={} m={} engine={} ({}), {:.4f} s\n", input.spec, g.n, g.arc_count(), t.engine, t.device, t.seconds);
    if (!report.filter.empty()) fmt::print("  {}\n", report.filter);
    fmt::print("  {} from {}, {} repetitions (saturation share {}, seed {}): {} of {} nodes reached\n",
               options.seeds.size() == 1 ? "1 seed" : fmt::format("{} seeds", options.seeds.size()), seeds,
               result.repetitions, options.saturation_share, options.seed, reached, g.n);
    // The nodes reached latest: the far end of the flow.
    std::vector<RankedNode> last = top_nodes(columns[0].values, top);
    fmt::print("{}", top_nodes_text(g, "flow_layer (latest reached)", last));
    if (!group_column.empty())
      fmt::print("{}", group_summaries_text(g, "flow_layer", group_column, summarize_by_group(g, columns[0].values, group_column, top)));
  }

  void run() {
    check_flow_engine_name(engine_name);
    const bool grouped = by_type_option && by_type_option->count() > 0;
    const std::string out_value = out_path.empty() && !format.empty() ? "-" : out_path;
    const NodeValueOutput output = choose_node_value_output(out_value, format);
    OutFile out("--out", out_value, output.ending, /*binary=*/false);
    LoadedGraph loaded = input.load_graph();
    Graph& g = loaded.graph;
    const std::string group_column = grouped ? grouping_column_name(g, by_type) : std::string();
    FlowOptions options = resources.applied_to(parameters);
    options.seeds = seeds_named(g, seeds);
    auto engine = make_flow_engine(engine_name);
    if (const auto why = engine->unavailable_reason(); !why.empty()) throw Error(engine_name + " is unavailable: " + why);
    FlowResult result;
    {
      ProgressPrinter progress("flow (" + engine_name + ")");
      result = engine->run(g, options, progress.context());
    }
    const std::vector<NodeValueColumn> columns = columns_of(result);
    const bool document_wanted = json || (!out_value.empty() && output.format == NodeValueFormat::Json);
    nlohmann::json doc;
    if (document_wanted) doc = document(g, loaded.report, options, result, columns, group_column);
    if (!out_value.empty()) {
      switch (output.format) {
        case NodeValueFormat::Csv: write_text_file(out.path(), node_values_csv(g, columns, group_column)); break;
        case NodeValueFormat::Json: write_text_file(out.path(), json_text(doc)); break;
        case NodeValueFormat::Graph:
          add_flow_columns(g, result);
          write_graph_with_values(g, output.graph_format, out.path(), input.spec);
          break;
      }
      out.finish();
    }
    if (json) {
      if (!out_value.empty()) {
        doc.erase("nodes");
        doc["out"] = {{"file", out.shown()}, {"format", output.name()}};
      }
      print_json("flow", std::move(doc));
      return;
    }
    if (out.to_standard_output()) return;
    print_summary(g, loaded.report, options, result, columns, group_column);
    if (!out_value.empty()) fmt::print("layers written to {} ({})\n", out.shown(), output.name());
  }
};

}  // namespace

void add_flow_command(CLI::App& app) {
  auto cmd = std::make_shared<FlowCommand>();
  auto* sub = app.add_subcommand(
      "flow", "Information-flow layers from seed nodes: each node's mean traversal layer and spread over many "
              "probabilistic runs (Schlegel et al. 2021), per type; CSV, JSON or a graph for Gephi");
  cmd->input.add_to(*sub);
  sub->add_option("--seeds", cmd->seeds,
                  "Seed nodes (layer 1): comma-separated cell types (every node of the type), node ids or names, or "
                  "@FILE with one id or name a line")
      ->required();
  sub->add_option("--repetitions", cmd->parameters.repetitions, "Runs of the traversal")
      ->capture_default_str()
      ->check(whole_number_in(1, 1e8, "runs"));
  sub->add_option("--saturation-share", cmd->parameters.saturation_share,
                  "An arc whose share of its target's input is at least this is always crossed; below, with "
                  "chance share / this")
      ->capture_default_str()
      ->check(number_above(0, 1));
  sub->add_option("--min-share", cmd->parameters.min_share, "Arcs whose share is at most this are never crossed")
      ->capture_default_str()
      ->check(number_in(0, std::nextafter(1.0, 0.0), "below 1"));
  sub->add_option("--max-steps", cmd->parameters.max_steps, "Stop each run after this many layers (0: until no node is added)")
      ->capture_default_str()
      ->check(whole_number_in(0, 2147483647, "layers"));
  sub->add_option("--seed", cmd->parameters.seed, "Seed of the random draws: the same seed gives the same layers")
      ->capture_default_str()
      ->check(whole_number_in(0, 0x1p64, "a 64-bit seed"));
  sub->add_option("--engine", cmd->engine_name, "cpu, gpu or auto")->capture_default_str();
  cmd->resources.add_to(*sub, "the per-node layers of the runs in flight");
  cmd->by_type_option =
      sub->add_option("--by-type", cmd->by_type,
                      "Also summarize the mean layer per type (count, mean, median, range, latest nodes) by COLUMN "
                      "(default: the type column); write --by-type=COLUMN before FILE")
          ->expected(0, 1)
          ->type_name("[COLUMN]");
  sub->add_option("--top", cmd->top, "How many nodes to list (the latest reached) overall and per type")
      ->capture_default_str()
      ->check(whole_number_in(0, 1e6));
  sub->add_option("--out", cmd->out_path,
                  "Write every node's flow_layer, flow_layer_sd and flow_reached ('-': standard output): CSV, the JSON "
                  "document, or the graph with them as node attributes (GraphML, GEXF, node-link, GML)");
  add_output_format_option(*sub, cmd->format,
                           node_value_format_list() + "; by default from the --out name, CSV for '-'; without --out "
                           "the output goes to standard output");
  sub->add_flag("--json", cmd->json, "Print the JSON document (without the per-node values when --out has them)");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
