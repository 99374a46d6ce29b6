// `metrics`: centrality of every node (betweenness, closeness, harmonic, PageRank, degrees and
// strengths), printed as the top nodes per measure and, with --by-type, per type; written as a
// CSV, a JSON document, or the graph with the values as node attributes (--out).
#include <fmt/core.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "centrality_flags.hpp"
#include "cli_output.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "group_summary_report.hpp"
#include "input_options.hpp"
#include "node_value_output.hpp"
#include "option_checks.hpp"
#include "out_file.hpp"
#include "output_format.hpp"
#include "pathscope/centrality/group_summary.hpp"
#include "pathscope/runtime/json_output.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {
namespace {

struct MetricsCommand {
  InputOptions input;
  CentralityFlags flags;
  std::string engine_name = "auto";
  CLI::Option* by_type_option = nullptr;
  std::string by_type;  // the grouping column; empty: the graph's type column
  std::int32_t top = 10;
  std::string out_path, format;
  bool json = false;

  nlohmann::json document(const std::string& spec, const Graph& g, const LoadReport& report, const CentralityOptions& options,
                          const CentralityResult& result, const std::vector<NodeValueColumn>& columns,
                          const std::string& group_column) const {
    const Timing& t = result.timing;
    nlohmann::json measures = nlohmann::json::array();
    for (const auto& c : columns) measures.push_back(c.name);
    nlohmann::json doc = {{"graph", graph_summary_json(spec, g, report)},
                          {"engine", t.engine},
                          {"device", t.device},
                          {"seconds", t.seconds},
                          {"updates_per_second", t.updates_per_second()},
                          {"measures", measures},
                          {"hops", options.hops},
                          {"normalized", options.normalized},
                          {"samples", options.samples},
                          {"sources_used", result.sources_used}};
    if (options.samples > 0)
      doc["betweenness_bound"] = {{"error", result.betweenness_error_bound}, {"delta", result.betweenness_bound_delta},
                                  {"seed", options.seed}};
    for (const auto m : options.measures)
      if (m == CentralityMeasure::PageRank)
        doc["pagerank"] = {{"alpha", options.pagerank_alpha}, {"iterations", result.pagerank_iterations}};
    nlohmann::json top_json = nlohmann::json::object();
    for (const auto& c : columns) top_json[c.name] = ranked_nodes_json(g, top_nodes(c.values, top));
    doc["top"] = std::move(top_json);
    if (!group_column.empty()) {
      nlohmann::json groups = nlohmann::json::object();
      for (const auto& c : columns) groups[c.name] = group_summaries_json(g, summarize_by_group(g, c.values, group_column, top));
      doc["by_type"] = {{"column", group_column}, {"measures", std::move(groups)}};
    }
    doc["nodes"] = node_values_json(g, columns, group_column);
    doc.update(json_document("pathscope-cli", schema_name("metrics")));
    return doc;
  }

  void print_summary(const Graph& g, const LoadReport& report, const CentralityOptions& options, const CentralityResult& result,
                     const std::vector<NodeValueColumn>& columns, const std::string& group_column) const {
    const Timing& t = result.timing;
    fmt::print("metrics {}: n={} m={} engine={} ({}), {:.4f} s\n", input.spec, g.n, g.arc_count(), t.engine, t.device, t.seconds);
    if (!report.filter.empty()) fmt::print("  {}\n", report.filter);
    if (options.samples > 0)
      fmt::print("  betweenness from {} sampled sources (seed {}): within {:.3g} of the exact values with probability {:.3g}\n",
                 result.sources_used, options.seed, result.betweenness_error_bound, 1 - result.betweenness_bound_delta);
    for (const auto& c : columns) {
      fmt::print("{}", top_nodes_text(g, c.name, top_nodes(c.values, top)));
      if (!group_column.empty())
        fmt::print("{}", group_summaries_text(g, c.name, group_column, summarize_by_group(g, c.values, group_column, top)));
    }
  }

  void run() {
    const CentralityOptions asked = flags.options();  // measure names checked before any file is read
    check_centrality_engine_name(engine_name, "--engine");
    const bool grouped = by_type_option && by_type_option->count() > 0;
    // --output-format without --out: the output goes to standard output.
    const std::string out_value = out_path.empty() && !format.empty() ? "-" : out_path;
    const NodeValueOutput output = choose_node_value_output(out_value, format);
    OutFile out("--out", out_value, output.ending, /*binary=*/false);
    LoadedGraph loaded = input.load_graph();
    Graph& g = loaded.graph;
    // A missing column is found before the engine runs, not after.
    const std::string group_column = grouped ? grouping_column_name(g, by_type) : std::string();
    auto engine = make_centrality_engine(engine_name);
    if (const auto why = engine->unavailable_reason(); !why.empty()) throw Error(engine_name + " is unavailable: " + why);
    CentralityResult result;
    {
      ProgressPrinter progress("centrality (" + engine_name + ")");
      result = engine->run(g, asked, progress.context());
    }
    std::vector<NodeValueColumn> columns;
    for (const auto m : asked.measures) columns.push_back({std::string(centrality_measure_name(m)), result.values(m)});
    const bool document_wanted = json || (!out_value.empty() && output.format == NodeValueFormat::Json);
    nlohmann::json doc;
    if (document_wanted) doc = document(input.spec, g, loaded.report, asked, result, columns, group_column);
    if (!out_value.empty()) {
      switch (output.format) {
        case NodeValueFormat::Csv: write_text_file(out.path(), node_values_csv(g, columns, group_column)); break;
        case NodeValueFormat::Json: write_text_file(out.path(), json_text(doc)); break;
        case NodeValueFormat::Graph:
          add_centrality_columns(g, result);
          write_graph_with_values(g, output.graph_format, out.path(), input.spec);
          break;
      }
      out.finish();
    }
    if (json) {
      // The values went to --out: the report names the file instead of repeating them.
      if (!out_value.empty()) {
        doc.erase("nodes");
        doc["out"] = {{"file", out.shown()}, {"format", output.name()}};
      }
      print_json("metrics", std::move(doc));
      return;
    }
    if (out.to_standard_output()) return;  // the values are the answer
    print_summary(g, loaded.report, asked, result, columns, group_column);
    if (!out_value.empty()) fmt::print("values written to {} ({})\n", out.shown(), output.name());
  }
};

}  // namespace

void add_metrics_command(CLI::App& app) {
  auto cmd = std::make_shared<MetricsCommand>();
  auto* sub = app.add_subcommand(
      "metrics", "Centrality of every node: betweenness, closeness, harmonic, PageRank, degrees and strengths (networkx's "
                 "definitions), the top nodes and per-type summaries; CSV, JSON or a graph for Gephi");
  cmd->input.add_to(*sub);
  cmd->flags.add_to(*sub);
  sub->add_option("--engine", cmd->engine_name, "cpu, gpu or auto")->capture_default_str();
  cmd->by_type_option =
      sub->add_option("--by-type", cmd->by_type,
                      "Also summarize per type: count, mean, median, range and top nodes per value of COLUMN (default: "
                      "the type column, cell_type, type, ...); write --by-type=COLUMN before FILE")
          ->expected(0, 1)
          ->type_name("[COLUMN]");
  sub->add_option("--top", cmd->top, "How many top nodes to list per measure and per type")
      ->capture_default_str()
      ->check(whole_number_in(0, 1e6));
  sub->add_option("--out", cmd->out_path,
                  "Write every node's values ('-': standard output): CSV (id, name, type, a column per measure), the "
                  "JSON document, or the graph with the values as node attributes (GraphML, GEXF, node-link, GML)");
  add_output_format_option(*sub, cmd->format,
                           node_value_format_list() + "; by default from the --out name (.csv, .json, .graphml, .gexf, "
                           ".gml), CSV for '-'; without --out the output goes to standard output");
  sub->add_flag("--json", cmd->json, "Print the JSON document (without the per-node values when --out has them)");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
