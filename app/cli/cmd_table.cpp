// `table`: rows and cells of a saved all-pairs table (apsp --out D.npy or D.zarr), read in place
// from the memory-mapped file or the chunks asked about, by node name or id; nothing is recomputed.
#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "input_options.hpp"
#include "node_lookup.hpp"
#include "pathscope/apsp/saved_table.hpp"

namespace pathscope::cli {
namespace {

struct TableCommand {
  std::string table_path;
  InputOptions input;
  std::string row_key;
  std::vector<std::string> cell_keys;
  bool json = false;

  void run() const {
    if (row_key.empty() == cell_keys.empty()) throw UsageError("table: give --row NODE or --cell FROM TO");
    const SavedTable table(table_path);
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    table.check_matches(g, input.spec);
    if (const std::string unchecked = table.unchecked_warning(input.spec); !unchecked.empty())
      fmt::print(stderr, "warning: {}\n", unchecked);
    const auto shown = [](double d) { return std::isinf(d) ? nlohmann::json(nullptr) : nlohmann::json(d); };
    if (!cell_keys.empty()) {
      const auto u = resolve_node(g, cell_keys[0], input.spec);
      const auto v = resolve_node(g, cell_keys[1], input.spec);
      const double d = table.cell(u, v);
      if (json) {
        print_json("table-cell", {{"table", table_path}, {"dist", dist_type_name(table.type())},
                                  {"source", node_json(g, u)}, {"target", node_json(g, v)}, {"distance", shown(d)}});
      } else {
        fmt::print("{} -> {}: {}\n", g.label(u), g.label(v), std::isinf(d) ? std::string("no path") : fmt::format("{}", d));
      }
      return;
    }
    const auto u = resolve_node(g, row_key, input.spec);
    std::vector<double> row;
    table.row(u, row);
    if (json) {
      nlohmann::json out = {{"table", table_path}, {"dist", dist_type_name(table.type())}, {"source", node_json(g, u)}};
      nlohmann::json cells = nlohmann::json::array();
      for (std::int32_t v = 0; v < g.n; ++v) cells.push_back(shown(row[v]));
      out["distances"] = std::move(cells);
      out["order"] = "node index (see info or the graph's ids)";
      print_json("table-row", std::move(out));
      return;
    }
    fmt::print("id,name,distance\n");
    for (std::int32_t v = 0; v < g.n; ++v)
      fmt::print("{},{},{}\n", g.display_id(v), g.names.empty() ? "" : g.names[v],
                 std::isinf(row[v]) ? std::string("no path") : fmt::format("{}", row[v]));
  }
};

}  // namespace

void add_table_command(CLI::App& app) {
  auto cmd = std::make_shared<TableCommand>();
  auto* sub = app.add_subcommand("table", "Rows and cells of a saved all-pairs table, by node name or id");
  sub->add_option("TABLE", cmd->table_path, "The table written by apsp --out: a .npy file or a .zarr folder")->required();
  cmd->input.add_to(*sub);
  sub->add_option("--row", cmd->row_key, "Every distance from this node (CSV: id, name, distance)");
  sub->add_option("--cell", cmd->cell_keys, "The distance from one node to another")->expected(2);
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
