// pathscope-cli: the headless front end. Every command prints a table for people and, with
// --json, one JSON document for scripts.
#include <fmt/core.h>

#include "commands.hpp"
#include "pathscope/error.hpp"
#include "pathscope/heap_policy.hpp"
#include "progress_printer.hpp"

int main(int argc, char** argv) {
  pathscope::keep_freed_memory_for_reuse();
  // Before any file is opened, so a SIGTERM at any point cancels rather than kills mid-write.
  pathscope::cli::interrupt_flag();
  CLI::App app{"pathscope-cli: shortest paths, tours, reachability and correlation networks, on CPU and GPU"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "pathscope 0.1.0");
  pathscope::cli::add_info_command(app);
  pathscope::cli::add_apsp_command(app);
  pathscope::cli::add_path_command(app);
  pathscope::cli::add_paths_command(app);
  pathscope::cli::add_path_lengths_command(app);
  pathscope::cli::add_table_command(app);
  CLI::App* bench = pathscope::cli::add_bench_command(app);
  pathscope::cli::add_tsp_commands(app, *bench);
  pathscope::cli::add_closure_commands(app, *bench);
  pathscope::cli::add_correlate_commands(app, *bench);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const pathscope::Cancelled&) {
    fmt::print(stderr, "\ncancelled\n");
    return 130;
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
  return 0;
}
