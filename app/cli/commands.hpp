#pragma once
// Each sub-command of pathscope-cli registers itself on the app; main() only calls these.
#include <CLI/CLI.hpp>

namespace pathscope::cli {

void add_info_command(CLI::App& app);
void add_apsp_command(CLI::App& app);
void add_path_command(CLI::App& app);          // `path`: one pair, or a file of pairs (--pairs)
void add_paths_command(CLI::App& app);         // `paths`: all shortest / k shortest simple paths
void add_path_lengths_command(CLI::App& app);  // `path-lengths`: type-to-type matrix
void add_table_command(CLI::App& app);         // `table`: rows and cells of a saved .npy table
void add_distances_command(CLI::App& app);     // `distances`: one source to every node
void add_export_command(CLI::App& app);        // `export`: the graph or a result's subgraph for other tools
void add_export_codex_command(CLI::App& app);  // `export-codex`: a graph in FlyWire Codex's layout
// Returns the `bench` sub-app, on which other commands register their own benches.
CLI::App* add_bench_command(CLI::App& app);
// `tsp` and `bench tsp`.
void add_tsp_commands(CLI::App& app, CLI::App& bench);
void add_closure_commands(CLI::App& app, CLI::App& bench);  // `closure`, `reach` and `bench closure`
void add_correlate_commands(CLI::App& app, CLI::App& bench);  // `correlate` and `bench correlate`
void add_metrics_command(CLI::App& app);             // `metrics`: centrality of every node
void add_bench_centrality_command(CLI::App& bench);  // `bench centrality`
void add_flow_command(CLI::App& app);                // `flow`: information-flow layers from seeds
void add_ranks_command(CLI::App& app);               // `ranks`: a launch of several processes checked

}  // namespace pathscope::cli
