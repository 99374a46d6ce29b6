#pragma once
// The exit codes (pathscope_ui_common/exit_codes.hpp, shared with the explorer's script mode) as
// pathscope-cli's --help prints them, and the errors that choose one.
#include <stdexcept>
#include <string>

#include "pathscope/runtime/error.hpp"
#include "pathscope_ui_common/exit_codes.hpp"

namespace pathscope::cli {

// For code that names them through `using namespace pathscope::cli` (main.cpp).
using enum ::pathscope::ExitCode;

// pathscope::ExitCode as --help prints it.
std::string exit_codes_help();

// A command line that is wrong in a way only the command can tell (SRC without DST, ...), or a
// generator spec the core refuses: the core's class, so both exit with kExitUsage.
using ::pathscope::UsageError;

// Thrown after the answer is printed, when the answer is "no path": main exits with kExitNoPath.
class NoPathExit : public std::exception {
 public:
  const char* what() const noexcept override { return "no path"; }
};

}  // namespace pathscope::cli
