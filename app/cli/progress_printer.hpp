#pragma once
// Progress on stderr for runs over a second, and Ctrl-C turned into a cancel request.
#include <atomic>
#include <string>

#include "pathscope/job.hpp"

namespace pathscope::cli {

class ProgressPrinter {
 public:
  explicit ProgressPrinter(std::string label);
  ~ProgressPrinter();
  // A JobContext reporting to this printer and cancelled by SIGINT.
  JobContext context();

 private:
  void show(double fraction);
  std::string label_;
  double start_;
  double last_print_ = 0;
  bool printed_ = false;
};

// Installs the SIGINT handler once; the flag it sets is what context() passes to engines.
const std::atomic<bool>* interrupt_flag();

}  // namespace pathscope::cli
