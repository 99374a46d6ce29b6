#pragma once
// Each sub-command of pathscope-cli registers itself on the app; main() only calls these.
#include <CLI/CLI.hpp>

namespace pathscope::cli {

void add_info_command(CLI::App& app);
void add_apsp_command(CLI::App& app);
void add_path_command(CLI::App& app);
void add_bench_command(CLI::App& app);

}  // namespace pathscope::cli
