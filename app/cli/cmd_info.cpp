#include <fmt/core.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "commands.hpp"
#include "input_options.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/distance_choice.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::cli {
namespace {

struct InfoCommand {
  InputOptions input;
  bool json = false;

  void run() const {
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    const LoadReport& r = loaded.report;
    std::int32_t components = 0;
    const auto component = weak_components(g, &components);
    std::vector<std::int64_t> sizes(components, 0);
    for (auto c : component) ++sizes[c];
    const std::int64_t largest = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
    const DistanceChoice dist = choose_distance_type(g);
    const auto apsp_bytes = apsp_result_bytes(g.n, dist.type, false);

    if (json) {
      nlohmann::json out = {
          {"graph", input.spec}, {"format", r.format}, {"n", g.n}, {"m", g.arc_count()},
          {"directed", g.directed}, {"integer_weights", g.integer_weights}, {"unit_weights", g.unit_weights},
          {"min_weight", g.min_weight()}, {"max_weight", g.max_weight()},
          {"records_read", r.records_read}, {"self_loops", r.self_loops},
          {"parallel_arcs_dropped", r.parallel_arcs_dropped}, {"below_min_weight_dropped", r.below_min_weight_dropped},
          {"weak_components", components}, {"largest_component", largest},
          {"has_names", !g.names.empty()}, {"coord_dims", g.coord_dims},
          {"apsp_bytes", apsp_bytes}, {"auto_dist", dist_type_name(dist.type)}, {"auto_dist_exact", dist.exact},
          {"auto_dist_reason", dist.reason}, {"notes", r.notes}};
      input.add_filter_json(out, loaded);
      print_json("info", std::move(out));
      return;
    }
    fmt::print("{}  ({})\n", input.spec, r.format);
    fmt::print("  nodes            {}\n", g.n);
    fmt::print("  arcs             {}  ({})\n", g.arc_count(), g.directed ? "directed" : "undirected input, two arcs per edge");
    fmt::print("  records read     {}\n", r.records_read);
    fmt::print("  weights          {} .. {}{}\n", g.min_weight(), g.max_weight(),
               g.unit_weights ? " (all 1: hop graph)" : g.integer_weights ? " (integers)" : " (fractional)");
    fmt::print("  dropped          {} parallel arcs (kept the cheapest), {} below --min-weight\n",
               r.parallel_arcs_dropped, r.below_min_weight_dropped);
    fmt::print("  components       {} weakly connected, largest {} nodes\n", components, largest);
    fmt::print("  names            {}\n", g.names.empty() ? "no" : "yes");
    fmt::print("  coordinates      {}\n", g.coord_dims ? fmt::format("{}-D", g.coord_dims) : std::string("none"));
    fmt::print("  all-pairs matrix {} ({} distances: {})\n", format_bytes(apsp_bytes), dist_type_name(dist.type),
               dist.reason);
    if (!r.filter.empty()) fmt::print("  filter           {}\n", r.filter);
    for (const auto& note : r.notes) fmt::print("  note: {}\n", note);
  }
};

}  // namespace

void add_info_command(CLI::App& app) {
  auto cmd = std::make_shared<InfoCommand>();
  auto* sub = app.add_subcommand("info", "Counts, weights, what loading dropped, components");
  cmd->input.add_to(*sub);
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
