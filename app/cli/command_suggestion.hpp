#pragma once
// A mistyped command named as such, with the command that was probably meant: CLI11 alone
// answers "pathscope-cli infoo" with "A subcommand is required", which hides the typo.
#include <CLI/CLI.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope::cli {

// The entry of `choices` nearest to `typed` in edit distance (insertions, deletions,
// substitutions and swaps of two neighbours, one each) when it is near enough to be what was
// meant: at most 2 edits and fewer than half the longer word's letters. "" when none is.
std::string closest_word(std::string_view typed, const std::vector<std::string>& choices);

// "unknown command 'infoo'; did you mean 'info'?" (or the list of commands when none is near)
// when the first word of the command line that should name a command names none; "" when the
// line's commands are all known, so that CLI11's own message stands.
std::string unknown_command_message(const CLI::App& app, int argc, const char* const* argv);

}  // namespace pathscope::cli
