#include "cli_output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fmt/core.h>
#include <unistd.h>

#include "exit_codes.hpp"
#include "pathscope/runtime/json_output.hpp"

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

void write_standard_output(std::string_view text) {
  errno = 0;
  const bool written = std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
  if (written && std::fflush(stdout) == 0 && !std::ferror(stdout)) return;
  // errno is the failed write's only now: by the exit it is gone.
  throw Error(std::string("cannot write standard output: ") + std::strerror(errno ? errno : EIO));
}

void print_json(std::string_view kind, nlohmann::json doc) {
  if (!doc.contains("schema")) doc.update(json_document("pathscope-cli", schema_name(kind)));
  write_standard_output(json_text(std::move(doc)));
}

void print_json_error(const std::string& message, const char* kind, int exit_code) {
  try {
    print_json("error", {{"error", {{"message", message}, {"kind", kind}, {"exit_code", exit_code}}}});
  } catch (const Error& e) {
    // Standard output is what failed: the person still learns what went wrong.
    fmt::print(stderr, "error: {}\nerror: {}\n", message, e.what());
  }
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
