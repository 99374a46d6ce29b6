#pragma once
// Progress on stderr for runs over a second (when progress_wanted(): a terminal, or
// --progress), and Ctrl-C, SIGTERM and SIGHUP turned into a cancel request. The closing line
// says "done in", or "cancelled after" when the run was stopped.
#include <atomic>
#include <string>

#include "pathscope/runtime/job.hpp"

namespace pathscope::cli {

class ProgressPrinter {
 public:
  explicit ProgressPrinter(std::string label);
  ~ProgressPrinter();
  // A JobContext reporting to this printer and cancelled by SIGINT, SIGTERM or SIGHUP.
  JobContext context();

 private:
  void show(double fraction);
  std::string label_;
  double start_;
  double last_print_ = 0;
  int exceptions_at_start_;
  bool enabled_;
  bool printed_ = false;
};

// Installs the stop-signal handlers once; the flag they set is what context() passes to
// engines, and what stops AtomicFile writes (cancel_writes_on).
const std::atomic<bool>* interrupt_flag();

}  // namespace pathscope::cli
