#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "engine_options.hpp"
#include "input_options.hpp"
#include "pathscope/memory_budget.hpp"
#include "pathscope/path.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {
namespace {

std::int32_t resolve_node(const Graph& g, const std::string& key, const std::string& spec) {
  if (auto u = g.find_node(key)) return *u;
  throw Error("node '" + key + "' is not in " + spec + " (give a node id" + (g.names.empty() ? "" : " or a name") + ")");
}

nlohmann::json node_json(const Graph& g, std::int32_t u) {
  nlohmann::json j = {{"index", u}, {"id", g.display_id(u)}};
  if (!g.names.empty()) j["name"] = g.names[u];
  return j;
}

struct PathCommand {
  InputOptions input;
  EngineOptions engine_options;
  std::string source_key, target_key;
  std::string engine_name;  // empty: one single-source search
  bool json = false;

  // One query needs one search. With --engine, the all-pairs matrix is computed first (as the
  // explorer does) unless it does not fit the memory budget, in which case the search answers.
  Path find_path(const Graph& g, std::int32_t s, std::int32_t t, std::string& method) const {
    if (!engine_name.empty()) {
      ApspOptions options = engine_options.to_apsp_options(g);
      const auto budget = effective_memory_budget(options);
      const auto need = apsp_result_bytes(g.n, options.dist, false);
      if (need <= budget) {
        auto engine = make_apsp_engine(engine_name);
        ProgressPrinter progress(engine_name);
        const auto result = engine->run(g, options, progress.context());
        method = "all-pairs (" + result.timing.engine + "), path rebuilt from distances";
        return path_from_apsp(g, result, s, t);
      }
      fmt::print(stderr, "the all-pairs matrix needs {} (budget {}): answering with a single-source search\n",
                 format_bytes(need), format_bytes(budget));
    }
    method = g.unit_weights ? "single-source (BFS)" : g.has_negative_weights() ? "single-source (Bellman-Ford)" : "single-source (Dijkstra)";
    return path_single_source(g, s, t);
  }

  void run() const {
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    const auto s = resolve_node(g, source_key, input.spec);
    const auto t = resolve_node(g, target_key, input.spec);
    std::string method;
    const Path p = [&] {
      try {
        return find_path(g, s, t, method);
      } catch (const NegativeCycle& cycle) {
        throw input.named(cycle, g);
      }
    }();
    if (json) {
      nlohmann::json out = {{"graph", input.spec}, {"source", node_json(g, s)}, {"target", node_json(g, t)},
                            {"reachable", p.reachable}, {"method", method}};
      if (p.reachable) {
        out["distance"] = p.distance;
        out["hops"] = nlohmann::json::array();
        double cumulative = 0;
        for (std::size_t i = 0; i < p.nodes.size(); ++i) {
          auto hop = node_json(g, p.nodes[i]);
          hop["arc_cost"] = i == 0 ? 0.0 : p.arc_costs[i - 1];
          cumulative += i == 0 ? 0.0 : p.arc_costs[i - 1];
          hop["cumulative"] = cumulative;
          out["hops"].push_back(hop);
        }
      }
      fmt::print("{}\n", out.dump(2));
      return;
    }
    if (!p.reachable) {
      fmt::print("no path from {} to {} in {}\n", g.label(s), g.label(t), input.spec);
      return;
    }
    fmt::print("{} -> {}: distance {}, {} hops ({})\n", g.label(s), g.label(t), p.distance, p.nodes.size() - 1, method);
    fmt::print("{:>5}  {:>10}  {:<16} {:>12} {:>14}\n", "step", "id", "name", "arc cost", "cumulative");
    double cumulative = 0;
    for (std::size_t i = 0; i < p.nodes.size(); ++i) {
      const auto u = p.nodes[i];
      const double arc = i == 0 ? 0.0 : p.arc_costs[i - 1];
      cumulative += arc;
      fmt::print("{:>5}  {:>10}  {:<16} {:>12} {:>14}\n", i, g.display_id(u), g.names.empty() ? "" : g.names[u],
                 i == 0 ? std::string("") : fmt::format("{}", arc), cumulative);
    }
  }
};

}  // namespace

void add_path_command(CLI::App& app) {
  auto cmd = std::make_shared<PathCommand>();
  auto* sub = app.add_subcommand("path", "One shortest path, hop by hop");
  cmd->input.add_to(*sub);
  sub->add_option("SRC", cmd->source_key, "Source node: id or name")->required();
  sub->add_option("DST", cmd->target_key, "Target node: id or name")->required();
  cmd->engine_options.add_to(*sub);
  sub->add_option("--engine", cmd->engine_name,
                  "Compute all pairs with this engine first and rebuild the path from the matrix "
                  "(falls back to a single-source search when the matrix does not fit the budget)");
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
