#pragma once
// What a script sees when the explorer quits (--quit); --help lists the same codes.
namespace pathscope::app {

enum ExitCode : int {
  kExitOk = 0,
  kExitFailed = 1,  // the file, a node, a job or an export failed; nothing was written
  kExitUsage = 2,   // the command line itself is wrong
  kExitNoPath = 3,  // --path: the target cannot be reached from the source; nothing was written
};

}  // namespace pathscope::app
