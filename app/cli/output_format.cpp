#include "output_format.hpp"

#include "exit_codes.hpp"

namespace pathscope::cli {

CLI::Option* add_output_format_option(CLI::App& command, std::string& format, const std::string& help) {
  return command.add_option(kOutputFormatOption, format, help);
}

void refuse_bare_format_option(CLI::App& app) {
  app.add_option_function<std::string>(
         "--format",
         [](const std::string& value) {
           throw UsageError("--format " + value + " is ambiguous: use --input-format " + value +
                            " to choose the reader of the graph, or --output-format " + value +
                            " to choose what the command writes");
         },
         "Refused: --input-format names the reader, --output-format the output")
      ->group("");  // hidden from --help: it only explains the two that replace it
}

}  // namespace pathscope::cli
