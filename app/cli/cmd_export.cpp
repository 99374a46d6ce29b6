// `export`: the graph, or the part a result picks out (a path, k shortest paths, a tour, a
// reach set), written for Gephi, Cytoscape, networkx and igraph (graph_export.hpp).
#include <fmt/core.h>

#include <memory>
#include <optional>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "input_options.hpp"
#include "out_file.hpp"
#include "output_format.hpp"
#include "option_checks.hpp"
#include "pathscope/export/graph_export.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "pathscope/reach/reach.hpp"
#include "pathscope/tsp/tsp.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {
namespace {

struct ExportCommand {
  InputOptions input;
  std::string out_path, format;
  std::vector<std::string> path, paths, all_paths, tour;
  std::int32_t k = 3;
  std::int64_t cap = 1000;
  std::string reach;
  std::int32_t max_hops = kUnlimitedHops;
  bool upstream = false, subgraph = false, json = false;
  std::string weight_attribute;  // empty: the attribute the cost was read from, else "weight"
  std::string gexf_version = "1.2draft";

  GraphExportFormat chosen_format() const {
    const bool to_standard_output = out_path == "-";
    const auto by_name = to_standard_output ? std::nullopt : graph_export_format_of_file(out_path);
    if (format.empty()) {
      if (to_standard_output)
        throw UsageError("--out - needs --output-format (" + graph_export_format_list() + "): no name says the format");
      if (!by_name)
        throw UsageError("cannot tell the format from the name " + out_path + ": use --output-format (" +
                         graph_export_format_list() + ") or a .graphml, .gexf, .json, .csv, .gml or .net name");
      return *by_name;
    }
    const auto asked = parse_graph_export_format(format);
    if (!asked) throw UsageError("unknown export format '" + format + "' (use " + graph_export_format_list() + ")");
    if (by_name && *by_name != *asked)
      throw UsageError("--output-format " + format + " but the name " + out_path + " says " +
                       graph_export_format_name(*by_name) + ": write the format the name promises, or rename the file");
    if (to_standard_output && graph_export_files(*asked, "x").size() > 1)
      throw UsageError(std::string("--out -: ") + graph_export_format_name(*asked) +
                       " writes several files, which standard output cannot hold; name a file");
    return *asked;
  }

  // The ending a file of `chosen` is named with, so the writer reads the format from the name.
  static std::string file_ending(GraphExportFormat chosen) {
    for (const char* ending : {".graphml", ".gexf", ".json", ".csv", ".gml", ".net"})
      if (graph_export_format_of_file(std::string("x") + ending) == chosen) return ending;
    return {};
  }

  std::int32_t node(const Graph& g, const std::string& key) const {
    if (auto u = g.find_node(key)) return *u;
    throw Error("node '" + key + "' is not in " + input.spec);
  }

  GraphHighlight result(const Graph& g) const {
    if (!path.empty()) {
      try {
        const Path p = path_single_source(g, node(g, path[0]), node(g, path[1]));
        if (!p.reachable) note(fmt::format("no path from {} to {}: only its two ends are marked", path[0], path[1]));
        return highlight_path(p);
      } catch (const NegativeCycle& cycle) {
        throw input.named(cycle, g);
      }
    }
    try {
      return path_set_result(g);
    } catch (const NegativeCycle& cycle) {
      throw input.named(cycle, g);
    }
  }

  // Every result but --path; a negative cycle is named by result() for all of them.
  GraphHighlight path_set_result(const Graph& g) const {
    if (!paths.empty()) {
      const auto found = k_shortest_paths(g, node(g, paths[0]), node(g, paths[1]), k);
      if (found.empty()) note(fmt::format("no path from {} to {}: nothing is marked", paths[0], paths[1]));
      return highlight_paths(found);
    }
    if (!all_paths.empty()) {
      const auto set = all_shortest_paths(g, node(g, all_paths[0]), node(g, all_paths[1]), cap);
      if (!set.reachable) note(fmt::format("no path from {} to {}: nothing is marked", all_paths[0], all_paths[1]));
      else if (set.paths.size() < set.total.value || set.total.saturated)
        note(fmt::format("{} shortest paths; the first {} are marked (--max-paths)", set.total.text(), set.paths.size()));
      return highlight_paths(set.paths);
    }
    if (!reach.empty()) {
      const Reachability reachability(g);
      return highlight_reach(reachability.query(node(g, reach), upstream ? ReachDirection::Upstream : ReachDirection::Downstream,
                                                max_hops));
    }
    if (!tour.empty()) {
      std::vector<std::int32_t> stops;
      if (tour.size() == 1 && tour[0] == "all") {
        for (std::int32_t u = 0; u < g.n; ++u) stops.push_back(u);
      } else {
        for (const auto& key : tour) stops.push_back(node(g, key));
      }
      TspInstance instance;
      {
        ProgressPrinter progress("shortest paths between stops");
        instance = tsp_instance_from_graph(g, stops, input.spec, progress.context());
      }
      TspResult solved;
      {
        ProgressPrinter progress("tour");
        solved = make_tsp_engine("auto")->run(instance, TspOptions{}, progress.context());
      }
      return highlight_tour(expand_tour(g, instance, solved.tour), instance.graph_nodes[solved.tour.front()]);
    }
    return {};
  }

  void run() const {
    const int chosen = !path.empty() + !paths.empty() + !all_paths.empty() + !reach.empty() + !tour.empty();
    if (chosen > 1) throw UsageError("choose one result to mark: --path, --paths, --all-paths, --reach or --tour");
    if (subgraph && chosen == 0)
      throw UsageError("--subgraph needs a result (--path, --paths, --all-paths, --reach or --tour)");
    if (max_hops != kUnlimitedHops && reach.empty()) throw UsageError("--max-hops goes with --reach");
    if (upstream && reach.empty()) throw UsageError("--reverse goes with --reach");
    const GraphExportFormat out_format = chosen_format();
    OutFile out("--out", out_path, file_ending(out_format), /*binary=*/false);
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    const GraphHighlight highlight = result(g);
    GraphExportOptions options;
    options.subgraph_only = subgraph;
    options.weight_attribute = !weight_attribute.empty()            ? weight_attribute
                               : !input.load.weight_attribute.empty() ? input.load.weight_attribute
                                                                      : "weight";
    options.source = input.spec == "-" ? "standard input" : input.spec;
    const auto version = parse_gexf_version(gexf_version);
    if (!version) throw UsageError("--gexf-version " + gexf_version + ": use 1.2draft (networkx, Gephi) or 1.3");
    options.gexf_version = *version;
    auto summary = write_graph_export(g, out_format, highlight, out.path(), options);
    out.finish();
    if (out.to_standard_output()) summary.files = {out.shown()};
    if (json) {
      nlohmann::json doc = {{"graph", input.spec}, {"format", graph_export_format_name(out_format)},
                            {"marked", highlight.kind}, {"subgraph", subgraph}, {"files", summary.files},
                            {"nodes", summary.nodes}, {"edges", summary.edges}};
      input.add_filter_json(doc, loaded);
      print_json("export", std::move(doc));
      return;
    }
    std::string files;
    for (const auto& f : summary.files) files += (files.empty() ? "" : " and ") + f;
    fmt::print("wrote {} ({}{}): {} nodes, {} edges\n", files, graph_export_format_name(out_format),
               highlight.kind.empty() ? "" : ", marked: " + highlight.kind + (subgraph ? " only" : ""), summary.nodes,
               summary.edges);
  }
};

}  // namespace

void add_export_command(CLI::App& app) {
  auto cmd = std::make_shared<ExportCommand>();
  auto* sub = app.add_subcommand(
      "export", "The graph, or a result marked on it, for Gephi, Cytoscape, networkx, igraph: GraphML, GEXF, node-link "
                "JSON or CSV tables");
  cmd->input.add_to(*sub);
  sub->add_option("--out", cmd->out_path,
                  "File to write ('-': standard output, with --output-format); csv writes two tables beside it: "
                  "NAME.csv -> NAME.nodes.csv and NAME.edges.csv")
      ->required();
  add_output_format_option(*sub, cmd->format,
                           graph_export_format_list() + "; by default from the --out name (.graphml, .gexf, .json, "
                           ".csv, .gml, .net), and a name that says another format is refused");
  sub->add_option("--gexf-version", cmd->gexf_version,
                  "GEXF version: 1.2draft (networkx 2.x/3.x and Gephi read it) or 1.3 (Gephi 0.9+)")
      ->capture_default_str();
  sub->add_option("--path", cmd->path, "Mark the shortest path from A to B")->expected(2)->type_name("A B");
  sub->add_option("--paths", cmd->paths, "Mark the k shortest loopless paths from A to B (path_rank 1 is the shortest, as `paths` "
                  "numbers them; path_ranks lists every path an edge lies on)")
      ->expected(2)
      ->type_name("A B");
  sub->add_option("--all-paths", cmd->all_paths, "Mark every shortest path from A to B (up to --max-paths)")
      ->expected(2)
      ->type_name("A B");
  sub->add_option("--max-paths", cmd->cap, "How many paths --all-paths marks at most")
      ->capture_default_str()
      ->check(whole_number_in(1, 1e7));
  sub->add_option("--k", cmd->k, "How many paths --paths marks")->capture_default_str()->check(whole_number_in(1, 10000));
  sub->add_option("--reach", cmd->reach, "Mark what node N reaches (hop = its hop distance)")->type_name("N");
  sub->add_option("--max-hops", cmd->max_hops, "With --reach: at most this many arcs")->check(whole_number_in(1, 2e9));
  sub->add_flag("--reverse", cmd->upstream, "With --reach: upstream, the nodes that reach N (as `reach --reverse`)");
  sub->add_option("--tour", cmd->tour, "Mark the best tour through these stops (ids or names), or 'all' nodes")
      ->expected(1, -1)
      ->type_name("STOPS...|all");
  sub->add_flag("--subgraph", cmd->subgraph, "Write only the marked nodes and edges");
  // Not --weight-attribute: that one names the attribute a reader takes the cost from.
  sub->add_option("--write-weight-as", cmd->weight_attribute,
                  "Name under which arc costs are written (osmnx uses length); default: the --weight-attribute "
                  "they were read from, else weight");
  sub->add_flag("--json", cmd->json, "Print what was written as JSON");
  sub->footer(std::string("Marks: nodes and edges get highlight (in the result), hop (order along the path or tour, or hop "
              "distance of a reach set; -1 outside), edges on_path, several paths path_rank (the lowest, from 1), "
              "path_ranks (every one, \"1;3\") and on_path_1..on_path_10; GEXF also colours the result red "
              "(viz:color). Node, edge and graph attributes, names, positions and arc strengths are written with "
              "their types; self-loops as edges from a node to itself; parallel edges each as an edge (Pajek keeps "
              "labels and weights only; docs/export.md).\n\n") + sub->get_footer());
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
