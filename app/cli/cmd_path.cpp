// `path`: one shortest path, hop by hop, or the paths of a file of pairs in one process.
#include <fmt/core.h>

#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "commands.hpp"
#include "engine_options.hpp"
#include "exit_codes.hpp"
#include "input_options.hpp"
#include "output_format.hpp"
#include "pathscope/export/hop_values.hpp"
#include "pathscope/export/path_export.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/io/node_pairs.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/runtime/json_output.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "pathscope/runtime/sha256.hpp"
#include "progress_printer.hpp"
#include "text_table.hpp"
#include "pathscope/runtime/count_text.hpp"

namespace pathscope::cli {
namespace {

std::int32_t resolve_node(const Graph& g, const std::string& key, const std::string& spec) {
  if (auto u = g.find_node(key)) return *u;
  throw Error("node '" + key + "' is not in " + spec + " (give a node id" + (g.names.empty() ? "" : " or a name") + ")");
}

std::string number(double value) { return std::isinf(value) ? "inf" : fmt::format("{}", value); }

std::string ids_of(const Graph& g, const Path& p) {
  std::string text;
  for (const auto u : p.nodes) text += (text.empty() ? "" : " ") + std::to_string(g.display_id(u));
  return text;
}

struct PathCommand {
  InputOptions input;
  EngineOptions engine_options;
  std::string source_key, target_key, pairs_file;
  std::string engine_name;  // empty: single-source searches
  std::string format = "table";
  bool json = false;

  // With --engine, the all-pairs matrix is computed once (as the explorer does) unless it does
  // not fit the memory budget, in which case single-source searches answer.
  std::optional<ApspResult> all_pairs(const Graph& g, std::string& method) const {
    method = g.unit_weights ? "single-source (BFS)" : g.has_negative_weights() ? "single-source (Bellman-Ford)" : "single-source (Dijkstra)";
    if (engine_name.empty()) return std::nullopt;
    ApspOptions options = engine_options.to_apsp_options(g);
    const auto budget = effective_memory_budget(options);
    const auto need = apsp_result_bytes(g.n, options.dist, false);
    if (need > budget) {
      note(fmt::format("the all-pairs matrix needs {} (budget {}): answering with a single-source search",
                       format_bytes(need), format_bytes(budget)));
      return std::nullopt;
    }
    auto engine = make_apsp_engine(engine_name);
    ProgressPrinter progress(engine_name);
    ApspResult result = engine->run(g, options, progress.context());
    method = "all-pairs (" + result.timing.engine + "), path rebuilt from distances";
    return result;
  }

  PathExportInfo export_info(const std::string& method) const {
    PathExportInfo info;
    info.tool = "pathscope-cli";
    info.graph_file = input.spec;
    info.engine = method;
    // A regular file is named by its digest, as the explorer's export does; standard input and
    // generators have none.
    if (input.spec != "-" && input.spec.find(':') == std::string::npos) {
      try {
        info.graph_sha256 = sha256_file_hex(input.spec);
      } catch (const Error&) {
      }
    }
    return info;
  }

  void run() {
    if (json) format = "json";
    const bool as_json = format == "json";
    const TableStyle style = as_json ? TableStyle::Aligned : parse_table_style(format);
    if (pairs_file.empty() && (source_key.empty() || target_key.empty()))
      throw UsageError("path needs SRC and DST, or --pairs FILE");
    if (!pairs_file.empty() && !source_key.empty())
      throw UsageError("give either SRC DST or --pairs FILE, not both");
    if (pairs_file == "-" && input.spec == "-")
      throw UsageError("standard input can hold the graph or the pairs, not both");
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    try {
      if (pairs_file.empty()) one_pair(g, as_json, style);
      else many_pairs(g, as_json, style);
    } catch (const NegativeCycle& cycle) {
      throw input.named(cycle, g);
    }
  }

  void one_pair(const Graph& g, bool as_json, TableStyle style) const {
    const auto s = resolve_node(g, source_key, input.spec);
    const auto t = resolve_node(g, target_key, input.spec);
    std::string method;
    const auto matrix = all_pairs(g, method);
    const Path p = matrix ? path_from_apsp(g, *matrix, s, t) : path_single_source(g, s, t);
    if (as_json) {
      print_json("path", path_document(g, p, export_info(method)));
    } else if (!p.reachable && style == TableStyle::Aligned) {
      fmt::print("no path from {} to {} in {}\n", g.label(s), g.label(t), input.spec);
    } else {
      if (style == TableStyle::Aligned)
        fmt::print("{} -> {}: distance {}, {} ({})\n", g.label(s), g.label(t), number(p.distance),
                   count_text(static_cast<long long>(p.nodes.size()) - 1, "hop"), method);
      // A connectome's hops also say which cell type each neuron is and how many synapses the
      // arc into it has, as the explorer's path panel does; a road's cost is already there.
      const AttributeColumn* types = type_column(g);
      const bool synapses = g.has_arc_strengths();
      std::vector<std::string> headers = style == TableStyle::Aligned
                                             ? std::vector<std::string>{"step", "id", "<name"}
                                             : std::vector<std::string>{"step", "index", "id", "name"};
      if (types) headers.push_back((style == TableStyle::Aligned ? "<" : "") + types->name);
      if (synapses) headers.push_back(hop_value_name(g));
      headers.insert(headers.end(), {style == TableStyle::Aligned ? "arc cost" : "arc_cost", "cumulative"});
      TextTable table(headers);
      double cumulative = 0;
      for (std::size_t i = 0; i < p.nodes.size(); ++i) {
        const auto u = p.nodes[i];
        const double arc = i == 0 ? 0.0 : p.arc_costs[i - 1];
        cumulative += arc;
        std::vector<std::string> row{std::to_string(i)};
        if (style != TableStyle::Aligned) row.push_back(std::to_string(u));
        row.insert(row.end(), {std::to_string(g.display_id(u)), g.names.empty() ? "" : g.names[u]});
        if (types) row.push_back(types->has(static_cast<std::size_t>(u)) ? types->to_text(static_cast<std::size_t>(u)) : "");
        if (synapses) {
          const double value = i == 0 ? NAN : hop_value(g, p.nodes[i - 1], u, arc);
          row.push_back(std::isnan(value) ? "" : number(value));
        }
        row.insert(row.end(), {i == 0 ? "" : number(arc), number(cumulative)});
        table.add_row(std::move(row));
      }
      fmt::print("{}", table.text(style));
    }
    if (!p.reachable) throw NoPathExit();
  }

  void many_pairs(const Graph& g, bool as_json, TableStyle style) const {
    const auto pairs = read_node_pairs_file(pairs_file, g);
    std::string method;
    const auto matrix = all_pairs(g, method);
    std::vector<Path> paths(pairs.size());
    if (matrix) {
      for (std::size_t i = 0; i < pairs.size(); ++i) paths[i] = path_from_apsp(g, *matrix, pairs[i].source, pairs[i].target);
    } else {
      // One search per distinct source answers all of its pairs.
      std::map<std::int32_t, std::vector<std::size_t>> by_source;
      for (std::size_t i = 0; i < pairs.size(); ++i) by_source[pairs[i].source].push_back(i);
      ProgressPrinter progress("paths");
      const JobContext job = progress.context();
      std::size_t done = 0;
      for (const auto& [s, rows] : by_source) {
        job.check_cancel();
        std::vector<std::int32_t> targets;
        for (const auto i : rows) targets.push_back(pairs[i].target);
        auto found = paths_from_source(g, s, targets);
        for (std::size_t k = 0; k < rows.size(); ++k) paths[rows[k]] = std::move(found[k]);
        job.report(static_cast<double>(++done) / static_cast<double>(by_source.size()));
      }
    }
    std::size_t unreachable = 0;
    for (const auto& p : paths) unreachable += p.reachable ? 0 : 1;
    if (as_json) {
      const PathExportInfo info = export_info(method);
      nlohmann::json list = nlohmann::json::array();
      for (std::size_t i = 0; i < paths.size(); ++i) {
        auto path = path_object(g, paths[i], info);
        path["line"] = pairs[i].line;
        list.push_back(std::move(path));
      }
      nlohmann::json doc = json_document("pathscope-cli", "pathscope/path-pairs/2");
      doc.update({{"graph", path_graph_json(g, info)},
                  {"path_schema", kPathSchema},
                  {"pairs_file", pairs_file == "-" ? "standard input" : pairs_file},
                  {"pairs", paths.size()},
                  {"unreachable", unreachable},
                  {"engine", method},
                  {"paths", std::move(list)}});
      print_json("path-pairs", std::move(doc));
    } else {
      TextTable table({"line", "source", "target", "distance", "hops", "<path"});
      for (std::size_t i = 0; i < paths.size(); ++i) {
        const Path& p = paths[i];
        table.add_row({std::to_string(pairs[i].line), std::to_string(g.display_id(pairs[i].source)),
                       std::to_string(g.display_id(pairs[i].target)), p.reachable ? number(p.distance) : "",
                       p.reachable ? std::to_string(p.nodes.size() - 1) : "", p.reachable ? ids_of(g, p) : ""});
      }
      if (style == TableStyle::Aligned)
        fmt::print("{} from {}, {} without a path ({}); path = ids, source first\n",
                   count_text(static_cast<long long>(paths.size()), "pair"),
                   pairs_file == "-" ? "standard input" : pairs_file, unreachable, method);
      fmt::print("{}", table.text(style));
    }
    if (unreachable > 0) throw NoPathExit();
  }
};

}  // namespace

void add_path_command(CLI::App& app) {
  auto cmd = std::make_shared<PathCommand>();
  auto* sub = app.add_subcommand("path", "One shortest path, hop by hop; or one per line of a file of pairs (--pairs)");
  cmd->input.add_to(*sub);
  sub->add_option("SRC", cmd->source_key, "Source node: id or name");
  sub->add_option("DST", cmd->target_key, "Target node: id or name");
  sub->add_option("--pairs", cmd->pairs_file,
                  "File of pairs, one 'SRC DST' a line (tab, comma or blank between; '#' comments; '-' for standard "
                  "input), answered in one process: one search per distinct source");
  cmd->engine_options.add_to(*sub);
  sub->add_option("--engine", cmd->engine_name,
                  "Compute all pairs with this engine first and rebuild the path from the matrix "
                  "(falls back to a single-source search when the matrix does not fit the budget)");
  add_output_format_option(*sub, cmd->format, "Output: table (aligned, for people), tsv, csv or json")->capture_default_str();
  sub->add_flag("--json", cmd->json, std::string("Print JSON (the path schema the explorer's export uses: ") + kPathSchema + ")");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
