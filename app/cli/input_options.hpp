#pragma once
// The input flags every command that reads a graph shares (format, edge-cost rule, ...).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/load.hpp"

namespace pathscope::cli {

struct InputOptions {
  std::string spec;
  std::string cost_rule = "weight";
  std::string max_decompressed;  // empty: the core's default rule
  std::int64_t max_value_mib = LoadOptions{}.max_value_bytes >> 20;
  LoadOptions load;
  // --keep-nodes, --keep-arcs as typed, one condition each (all must hold); read into load.keep.
  std::vector<std::string> keep_nodes, keep_arcs;

  // Adds the FILE positional and the loading flags to a sub-command; --input-format forces the
  // reader (what a command writes is named by its --output-format: output_format.hpp).
  void add_to(CLI::App& command);
  // Loads the graph, with a note on stderr when loading took over a second; a stop signal
  // cancels it (Cancelled).
  LoadedGraph load_graph() const;
  // A negative cycle reported against the input the person named: "rome.gr: negative cycle
  // through node 3; ...". Use as: catch (const NegativeCycle& e) { throw input.named(e, g); }
  // Adds "filter" (LoadReport::filter) to a JSON document that names its graph, when a filter
  // was given: a script reading the numbers learns they are of the kept part.
  void add_filter_json(nlohmann::json& doc, const LoadedGraph& loaded) const;
  Error named(const NegativeCycle& cycle, const Graph& graph) const;
};

}  // namespace pathscope::cli
