#pragma once
// What a script sees when a pathscope front end ends (pathscope-cli, and the explorer's script
// mode with --quit); each front end's --help and the README list the same table.
namespace pathscope {

enum ExitCode : int {
  kExitOk = 0,
  kExitFailed = 1,      // a file, a node, a job or an output failed; nothing was written
  kExitUsage = 2,       // the command line itself is wrong (unknown option, missing argument)
  kExitNoPath = 3,      // the target cannot be reached from the source (pathscope-cli --pairs: for some pair)
  kExitCancelled = 130  // Ctrl-C, SIGTERM or SIGHUP: the run stopped, no output left behind
};

}  // namespace pathscope
