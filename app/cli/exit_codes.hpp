#pragma once
// What a script sees when pathscope-cli ends; `--help` and the README list the same table.
// The numbers are the explorer's script mode's (app/pathscope/exit_codes.hpp) plus 130.
#include <stdexcept>
#include <string>

#include "pathscope/error.hpp"

namespace pathscope::cli {

enum ExitCode : int {
  kExitOk = 0,
  kExitFailed = 1,      // a file, a node, a job or an output failed
  kExitUsage = 2,       // the command line itself is wrong (unknown option, missing argument)
  kExitNoPath = 3,      // path: no path from the source to the target (--pairs: for some pair)
  kExitCancelled = 130  // Ctrl-C, SIGTERM or SIGHUP: the run stopped, no output left behind
};

// The table above as --help prints it.
std::string exit_codes_help();

// A command line that is wrong in a way only the command can tell (SRC without DST, ...).
class UsageError : public Error {
 public:
  using Error::Error;
};

// Thrown after the answer is printed, when the answer is "no path": main exits with kExitNoPath.
class NoPathExit : public std::exception {
 public:
  const char* what() const noexcept override { return "no path"; }
};

}  // namespace pathscope::cli
