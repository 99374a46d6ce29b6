// pathscope-cli: the headless front end. Every command prints a table for people and, with
// --json, one JSON document for scripts; exit codes are in exit_codes.hpp.
#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "cli_output.hpp"
#include "command_suggestion.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "output_format.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/version.hpp"
#include "pathscope_ui_common/heap_policy.hpp"
#include "progress_printer.hpp"

namespace {

using namespace pathscope::cli;

// Known before parsing, so that even a malformed command line gets its error as JSON.
bool json_requested(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--") == 0) break;
    if (std::strcmp(argv[i], "--json") == 0 || std::strcmp(argv[i], "--output-format=json") == 0) return true;
    if (std::strcmp(argv[i], "--output-format") == 0 && i + 1 < argc && std::strcmp(argv[i + 1], "json") == 0) return true;
  }
  return false;
}

// CLI11 checks required arguments before it reports extras, so "apsp --bogus" would say "FILE
// is required"; the unknown option is the real mistake and is named first.
std::string usage_message(const CLI::App& app, const CLI::ParseError& e) {
  for (const auto& word : app.remaining(true))
    if (word.size() > 1 && word[0] == '-' && word != "-") return "unknown option " + word.substr(0, word.find('='));
  return e.what();
}

// A stop signal wins over whatever error it caused (a read cut short, a write refused): the
// person asked for the stop, and scripts tell a stop by its code.
bool stop_signal_seen() { return interrupt_flag()->load(); }

// The answer went to standard output through the C stream: its last buffer, and any error on
// the way (a full disk, a closed pipe), only show once it is flushed. Exit 0 says it arrived.
void finish_standard_output() {
  errno = 0;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return;
  const int error = errno ? errno : EIO;
  throw pathscope::Error(std::string("cannot write standard output: ") + std::strerror(error));
}

int fail(const std::string& message, const char* kind, int code) {
  if (output_settings().json) {
    print_json_error(message, kind, code);
  } else if (code == kExitCancelled) {
    fmt::print(stderr, "cancelled\n");
  } else {
    fmt::print(stderr, "error: {}\n", message);
    if (code == kExitUsage) fmt::print(stderr, "Run with --help for more information.\n");
  }
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  pathscope::keep_freed_memory_for_reuse();
  // Before any file is opened, so a SIGTERM at any point cancels rather than kills mid-write.
  interrupt_flag();
  // One command per process: no output it writes may replace a file it read.
  const pathscope::RunInputs inputs_of_this_command;
  output_settings().json = json_requested(argc, argv);
  CLI::App app{"pathscope-cli: shortest paths, tours, reachability, centrality, information flow and correlation networks, on CPU and GPU"};
  app.require_subcommand(1);
  app.fallthrough();  // the global flags below may also follow the command's own
  app.set_version_flag("--version", std::string("pathscope-cli ") + pathscope::pathscope_version());
  app.add_flag("--quiet,-q", output_settings().quiet, "Print only the answer, warnings and errors (no progress, no notes)");
  app.add_flag("--progress", output_settings().progress, "Show progress on stderr even when it is not a terminal");
  app.footer(exit_codes_help());
  add_info_command(app);
  add_apsp_command(app);
  add_path_command(app);
  add_paths_command(app);
  add_path_lengths_command(app);
  add_table_command(app);
  add_distances_command(app);
  add_export_command(app);
  add_export_codex_command(app);
  CLI::App* bench = add_bench_command(app);
  add_tsp_commands(app, *bench);
  add_closure_commands(app, *bench);
  add_correlate_commands(app, *bench);
  add_metrics_command(app);
  add_flow_command(app);
  add_ranks_command(app);
  add_bench_centrality_command(*bench);
  refuse_bare_format_option(app);
  int answered = kExitOk;  // the command ran to its end: its answer is on standard output
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --help-all, --version: CLI11 prints them
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (const std::string unknown = unknown_command_message(app, argc, argv); !unknown.empty())
      return fail(unknown, "usage", kExitUsage);
    return fail(usage_message(app, e), "usage", kExitUsage);
  } catch (const UsageError& e) {
    return fail(e.what(), "usage", kExitUsage);
  } catch (const pathscope::OutputIsInput& e) {
    return fail(e.what(), "usage", kExitUsage);
  } catch (const NoPathExit&) {
    answered = kExitNoPath;  // the answer already said so
  } catch (const pathscope::Cancelled&) {
    return fail("cancelled", "cancelled", kExitCancelled);
  } catch (const std::exception& e) {
    if (stop_signal_seen()) return fail("cancelled", "cancelled", kExitCancelled);
    if (std::ferror(stdout)) {  // the answer's own printing failed (fmt's "cannot write to file")
      output_settings().json = false;
      return fail(std::string("standard output: ") + e.what(), "failed", kExitFailed);
    }
    return fail(e.what(), "failed", kExitFailed);
  }
  // A signal that came after the last check (the answer already printed) still ends the run as
  // cancelled: a stopped run never reports success.
  if (stop_signal_seen()) return fail("cancelled", "cancelled", kExitCancelled);
  try {
    finish_standard_output();
  } catch (const std::exception& e) {
    output_settings().json = false;  // the JSON error would go to the stream that failed
    return fail(e.what(), "failed", kExitFailed);
  }
  return answered;
}
