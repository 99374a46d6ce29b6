#include "cli_output.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include "exit_codes.hpp"
#include "pathscope/json_output.hpp"

namespace pathscope::cli {

OutputSettings& output_settings() {
  static OutputSettings settings;
  return settings;
}

bool progress_wanted() {
  const auto& s = output_settings();
  return s.progress || (!s.quiet && ::isatty(STDERR_FILENO) == 1);
}

void note(const std::string& text) {
  if (!output_settings().quiet) fmt::print(stderr, "{}\n", text);
}

std::string schema_name(std::string_view kind) { return "pathscope/" + std::string(kind) + "/1"; }

void print_json(std::string_view kind, nlohmann::json doc) {
  if (!doc.contains("schema")) doc.update(json_document("pathscope-cli", schema_name(kind)));
  const std::string text = json_text(std::move(doc));
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

void print_json_error(const std::string& message, const char* kind, int exit_code) {
  print_json("error", {{"error", {{"message", message}, {"kind", kind}, {"exit_code", exit_code}}}});
}

std::string exit_codes_help() {
  return "Exit codes:\n"
         "  0    success\n"
         "  1    failure: a file, a node, a job or an output failed (nothing half-written is left)\n"
         "  2    usage error: unknown option, missing or malformed argument\n"
         "  3    no path: path or paths found no route from the source to the target (--pairs: for some pair)\n"
         "  130  cancelled by Ctrl-C, SIGTERM or SIGHUP\n"
         "Under --json, errors are printed as JSON on stdout (schema pathscope/error/1).\n";
}

}  // namespace pathscope::cli
