// `paths`: sets of paths between two neurons, each hop with its synapse count and cost: every
// shortest path (with the total when there are more than --cap), or the k shortest simple ones.
#include <fmt/core.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "input_options.hpp"
#include "node_lookup.hpp"
#include "option_checks.hpp"
#include "pathscope/export/hop_values.hpp"
#include "pathscope/export/path_export.hpp"
#include "pathscope/paths/node_groups.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "pathscope/runtime/job.hpp"
#include "pathscope/runtime/json_output.hpp"
#include "pathscope/runtime/count_text.hpp"

namespace pathscope::cli {
namespace {

struct PathsCommand {
  InputOptions input;
  std::string source_key, target_key;
  bool all = false;
  std::int64_t cap = 100;
  int k = 0;
  bool json = false;

  void run() const {
    if (all == (k > 0)) throw UsageError("paths: choose --all (every shortest path) or --k K (the K shortest simple paths)");
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    const auto s = resolve_node(g, source_key, input.spec);
    const auto t = resolve_node(g, target_key, input.spec);
    if (g.has_arc_strengths() && input.load.cost_rule == EdgeCostRule::Weight && input.cost_rule == "weight")
      note("note: each arc's cost is its synapse count (cost rule 'weight'), so strong connections count "
           "as long; --cost-rule hops counts hops, inverse makes strong connections short");
    const double start = now_seconds();
    std::vector<ArcPath> paths;
    ShortestPathSet set;
    try {
      if (all) {
        set = all_shortest_paths(g, s, t, cap);
        paths = set.paths;
      } else {
        paths = k_shortest_paths(g, s, t, k);
      }
    } catch (const NegativeCycle& cycle) {
      throw input.named(cycle, g);
    }
    const double seconds = now_seconds() - start;
    const std::string type = type_column(g);
    const auto strength = [&](std::int64_t a) -> double { return g.has_arc_strengths() ? g.arc_strengths[a] : g.weights[a]; };

    if (json) {
      PathExportInfo info;
      info.tool = "pathscope-cli";
      info.graph_file = input.spec;
      nlohmann::json out = json_document("pathscope-cli", "pathscope/paths/2");
      out.update({{"graph", path_graph_json(g, info)},
                  {"path_schema", kPathSchema},
                  {"source", path_node_json(g, s, info)},
                  {"target", path_node_json(g, t, info)},
                  {"mode", all ? "all-shortest" : "k-shortest"},
                  {"seconds", seconds},
                  {"per_hop", hop_value_name(g)}});
      if (all) {
        out["reachable"] = set.reachable;
        out["total"] = set.total.value;
        out["total_saturated"] = set.total.saturated;
        out["total_text"] = set.total.text();
        out["cap"] = cap;
      } else {
        out["k"] = k;
      }
      out["paths"] = nlohmann::json::array();
      for (const auto& p : paths) out["paths"].push_back(path_object(g, p, info));
      print_json("paths", std::move(out));
      if (paths.empty()) throw NoPathExit();
      return;
    }
    if (paths.empty()) {
      fmt::print("no path from {} to {} in {}\n", g.label(s), g.label(t), input.spec);
      throw NoPathExit();
    }
    if (all)
      fmt::print("{} -> {}: {} {} of cost {}{} ({:.3f} s; counted in 64 bits, saturating)\n", g.label(s),
                 g.label(t), set.total.text(),
                 count_noun(set.total.saturated ? 2 : static_cast<long long>(set.total.value), "shortest path"),
                 set.distance,
                 set.total.saturated || set.total.value > paths.size() ? fmt::format(", first {} shown", paths.size()) : "",
                 seconds);
    else
      fmt::print("{} -> {}: the {} ({:.3f} s)\n", g.label(s), g.label(t),
                 count_text(static_cast<long long>(paths.size()), "shortest simple path"), seconds);
    const char* strength_title = g.has_arc_strengths() ? "synapses" : "";
    for (std::size_t p = 0; p < paths.size(); ++p) {
      fmt::print("path {}: cost {}, {}\n", p + 1, paths[p].cost, count_text(static_cast<long long>(paths[p].arcs.size()), "hop"));
      fmt::print("  {:>4}  {:>20}  {:<24} {:<16} {:>9} {:>10}\n", "step", "id", "name", type.empty() ? "" : type,
                 strength_title, "cost");
      for (std::size_t i = 0; i < paths[p].nodes.size(); ++i) {
        const auto u = paths[p].nodes[i];
        fmt::print("  {:>4}  {:>20}  {:<24} {:<16} {:>9} {:>10}\n", i, g.display_id(u), g.names.empty() ? "" : g.names[u],
                   type.empty() ? "" : attribute_text(g, type, u),
                   i == 0 || !g.has_arc_strengths() ? std::string() : fmt::format("{}", strength(paths[p].arcs[i - 1])),
                   i == 0 ? std::string() : fmt::format("{}", g.weights[paths[p].arcs[i - 1]]));
      }
    }
  }
};

}  // namespace

void add_paths_command(CLI::App& app) {
  auto cmd = std::make_shared<PathsCommand>();
  auto* sub = app.add_subcommand("paths", "Every shortest path, or the k shortest simple paths, between two nodes");
  cmd->input.add_to(*sub);
  sub->add_option("SRC", cmd->source_key, "Source node: id or name")->required();
  sub->add_option("DST", cmd->target_key, "Target node: id or name")->required();
  sub->add_flag("--all", cmd->all, "Every shortest path, counted (64-bit, saturating), the first --cap listed");
  // 0 would list nothing and read as "no path" for a reachable pair.
  sub->add_option("--cap", cmd->cap, "With --all: list at most this many paths")
      ->capture_default_str()
      ->check(whole_number_in(1, 1e7));
  sub->add_option("--k", cmd->k, "The K shortest simple paths (Yen's algorithm)")->check(whole_number_in(1, 10000));
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
