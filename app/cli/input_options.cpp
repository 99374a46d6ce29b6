#include "input_options.hpp"

#include <fmt/core.h>

#include "pathscope/job.hpp"

namespace pathscope::cli {

void InputOptions::add_to(CLI::App& command) {
  command.add_option("FILE", spec, "Graph file, or a generator such as random:n=1000,deg=8,seed=1")->required();
  command.add_option("--format", load.format, "Force a reader: dimacs, metis, edge-table, json, tsplib, mtx, dense");
  command.add_option("--cost-rule", cost_rule, "Edge tables: how strengths become costs: weight, hops, inverse, max-minus")
      ->capture_default_str();
  command.add_option("--min-weight", load.min_weight, "Edge tables: drop connections weaker than this");
  command.add_option("--source-col", load.source_column, "Edge tables: source column (header name or 0-based index)");
  command.add_option("--target-col", load.target_column, "Edge tables: target column");
  command.add_option("--weight-col", load.weight_column, "Edge tables: weight column");
  command.add_option("--node-table", load.node_table, "CSV of node ids or names with optional x, y, z positions");
  command.add_flag("--undirected", load.force_undirected, "Edge tables: every row joins both ways");
  command.add_option("--no-arc", load.dense_no_arc, "Dense matrices: entries at or above this mean no arc")
      ->capture_default_str();
}

LoadedGraph InputOptions::load_graph() const {
  LoadOptions options = load;
  options.cost_rule = parse_edge_cost_rule(cost_rule);
  const double start = now_seconds();
  LoadedGraph loaded = pathscope::load_graph(spec, options);
  const double seconds = now_seconds() - start;
  if (seconds > 1.0) fmt::print(stderr, "loaded {} in {:.2f} s\n", spec, seconds);
  return loaded;
}

}  // namespace pathscope::cli
