#pragma once
// Two options, one meaning each, on every command: --input-format chooses the reader of the
// graph (input_options.hpp), --output-format what a command writes (table, tsv, csv, json,
// npy, graphml, ...). A bare --format, which once meant the reader on most commands and the
// output on path, distances and export, is refused with a message that names both.
#include <CLI/CLI.hpp>
#include <string>

namespace pathscope::cli {

inline constexpr const char* kOutputFormatOption = "--output-format";

// Adds --output-format to `command`, bound to `format`, described by `help`.
CLI::Option* add_output_format_option(CLI::App& command, std::string& format, const std::string& help);

// On the main app: every command falls through to it, so one hidden option refuses --format
// after any command.
void refuse_bare_format_option(CLI::App& app);

}  // namespace pathscope::cli
