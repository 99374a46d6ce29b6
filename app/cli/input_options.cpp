#include "input_options.hpp"

#include <fmt/core.h>

#include <limits>

#include "cli_output.hpp"
#include "option_checks.hpp"
#include "pathscope/filter/graph_filter.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/runtime/job.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {

namespace {
constexpr double kLargestFinite = std::numeric_limits<double>::max();

// Refused while the command line is read (exit 2), quoting the condition and the syntax.
CLI::Validator filter_condition() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          parse_attribute_condition(text);
          return {};
        } catch (const Error& e) {
          return e.what();
        }
      },
      "CONDITION");
}

std::vector<AttributeCondition> parsed_conditions(const std::vector<std::string>& texts) {
  std::vector<AttributeCondition> out;
  for (const auto& text : texts) out.push_back(parse_attribute_condition(text));
  return out;
}
}  // namespace

void InputOptions::add_to(CLI::App& command) {
  command.add_option("FILE", spec,
                     "Graph file (formats below), '-' for standard input, or a generator such as "
                     "random:n=1000,deg=8,seed=1")
      ->required();
  const std::string readers = "Force a reader: " + format_names(InputKind::Graph);
  command.add_option("--input-format", load.format, readers);
  command.add_option("--cost-rule", cost_rule,
                     "How the numbers of a graph file (strengths) become costs: weight, hops, inverse, max-minus")
      ->capture_default_str();
  command.add_option("--min-weight", load.min_weight, "Edge tables: drop connections weaker than this")
      ->check(number_in(-kLargestFinite, kLargestFinite));
  command.add_option("--min-synapses", load.min_synapses,
                     "Connection tables: drop pairs of fewer synapses (default: 5 for FlyWire Codex exports, else 0)")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 40));
  command.add_option("--source-col", load.source_column, "Edge tables: source column (header name or 0-based index)");
  command.add_option("--target-col", load.target_column, "Edge tables: target column");
  command.add_option("--weight-col", load.weight_column, "Edge tables: weight column");
  command.add_option("--weight-attribute", load.weight_attribute,
                     "JSON, GraphML, GEXF, GML: the edge attribute that holds the cost (default: weight, if present)");
  command.add_option("--node-table", load.node_table,
                     "CSV of node ids or names with optional x, y, z positions ('-' for standard input)");
  command.add_option("--max-decompressed", max_decompressed,
                     "Compressed inputs: the most bytes one may inflate to, e.g. 40GB (default: 100 times its "
                     "compressed size, at least 64 MiB; past it the file is refused as a compression bomb)")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            try {
              if (parse_bytes(text) == 0) return "must be more than 0 bytes (leave it out for the default)";
              return {};
            } catch (const Error& e) {
              return e.what();
            }
          },
          "SIZE"));
  command.add_option("--max-value-mib", max_value_mib,
                     "The longest single value a reader accepts (an XML tag or text, a JSON string), in MiB")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 20));
  command.add_flag("--undirected", load.force_undirected, "Edge tables: every row joins both ways");
  command.add_option("--no-arc", load.dense_no_arc, "Dense matrices: entries at or above this mean no arc")
      ->capture_default_str()
      ->check(number_in(-kLargestFinite, kLargestFinite));
  command.add_flag("--zero-is-arc", load.dense_zero_is_arc,
                   "Dense matrices: 0 off the diagonal is an arc of cost 0 (by default it means no arc)");
  command.add_option("--keep-nodes", keep_nodes,
                     "Load only the nodes that meet CONDITION on a node attribute (or id, name), and the arcs between "
                     "them; repeat it for more conditions, all of which must hold. Examples: 'side == left', "
                     "'cell_type ~ KC.*', 'nt_type in {ACH, GABA}', 'id >= 720575940600000000' (docs/filters.md)")
      ->allow_extra_args(false)
      ->check(filter_condition());
  command.add_option("--keep-arcs", keep_arcs,
                     "Load only the arcs that meet CONDITION on an arc attribute (or weight, synapses); repeatable. "
                     "Examples: 'synapses >= 10', 'weight < 2.5', 'neuropil == MB_CA_L', 'nt_type not in {GABA, GLUT}'")
      ->allow_extra_args(false)
      ->check(filter_condition());
  command.footer(input_formats_help(InputKind::Graph) + input_formats_help(InputKind::NodeTable));
}

LoadedGraph InputOptions::load_graph() const {
  LoadOptions options = load;
  options.cost_rule = parse_edge_cost_rule(cost_rule);
  if (!max_decompressed.empty()) options.max_decompressed_bytes = static_cast<std::int64_t>(parse_bytes(max_decompressed));
  options.max_value_bytes = max_value_mib << 20;
  options.keep.nodes = parsed_conditions(keep_nodes);
  options.keep.arcs = parsed_conditions(keep_arcs);
  const double start = now_seconds();
  LoadedGraph loaded = pathscope::load_graph(spec, options, JobContext({}, interrupt_flag()));
  const double seconds = now_seconds() - start;
  if (seconds > 1.0) note(fmt::format("loaded {} in {:.2f} s", spec, seconds));
  if (!loaded.report.filter.empty()) note(loaded.report.filter);
  return loaded;
}

void InputOptions::add_filter_json(nlohmann::json& doc, const LoadedGraph& loaded) const {
  if (!loaded.report.filter.empty()) doc["filter"] = loaded.report.filter;
}

Error InputOptions::named(const NegativeCycle& cycle, const Graph& graph) const {
  const std::string source = spec == "-" ? "standard input" : spec;
  return Error(source + ": negative cycle through node " + graph.label(cycle.node()) +
               "; shortest distances are undefined");
}

}  // namespace pathscope::cli
