#pragma once
// How pathscope-cli talks to scripts and people: the global flags (--quiet, --progress, --json
// anywhere on the line), notes on stderr that --quiet silences, JSON documents with the tool,
// version and schema, and errors as JSON on stdout under --json.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace pathscope::cli {

struct OutputSettings {
  bool quiet = false;     // no progress, no notes: only the answer, warnings and errors
  bool progress = false;  // progress even when stderr is not a terminal
  bool json = false;      // --json was given: errors go out as JSON too
};
OutputSettings& output_settings();

// Progress lines are drawn when asked for (--progress), or when stderr is a terminal and
// --quiet was not given.
bool progress_wanted();

// "loaded X in 1.2 s", "answering with a single-source search": stderr, unless --quiet.
void note(const std::string& text);

// Writes `text` to standard output and flushes it; throws Error "cannot write standard output:
// REASON" when that fails (a full disk, a closed pipe), while errno still says why. main()
// flushes again before exit 0, for what fmt::print left in the buffer.
void write_standard_output(std::string_view text);

// Prints `doc` with "tool": "pathscope-cli", the version and "schema": "pathscope/KIND/1"
// added, whole numbers as integers.
void print_json(std::string_view kind, nlohmann::json doc);
// The schema name of a document kind: "pathscope/KIND/1".
std::string schema_name(std::string_view kind);

// An error under --json: {"tool", "version", "schema": "pathscope/error/1", "error":
// {"message", "kind": "usage" | "failed" | "no-path" | "cancelled", "exit_code"}} on stdout.
void print_json_error(const std::string& message, const char* kind, int exit_code);

}  // namespace pathscope::cli
