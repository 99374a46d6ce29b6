#include "progress_printer.hpp"

#include <fmt/core.h>
#include <signal.h>
#include <unistd.h>

#include <csignal>

#include <exception>

#include "cli_output.hpp"
#include "pathscope/runtime/atomic_file.hpp"

namespace pathscope::cli {
namespace {
std::atomic<bool> interrupted{false};

// The first signal asks for a cancel: the job stops at its next check, the stack unwinds and
// AtomicFile destructors remove the temporaries. A second one means "now": the temporaries go
// through the signal-safe list and the signal's default action ends the process.
extern "C" void on_stop_signal(int signal_number) {
  if (interrupted.exchange(true)) {
    remove_open_temporaries();
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
  }
}
}  // namespace

const std::atomic<bool>* interrupt_flag() {
  static const bool installed = [] {
    for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction action {};
      action.sa_handler = on_stop_signal;
      sigemptyset(&action.sa_mask);
      // Interrupted reads and writes resume: the cancel is seen at the next check, not as an
      // I/O error.
      action.sa_flags = SA_RESTART;
      sigaction(signal_number, &action, nullptr);
    }
    cancel_writes_on(&interrupted);
    return true;
  }();
  (void)installed;
  return &interrupted;
}

ProgressPrinter::ProgressPrinter(std::string label)
    : label_(std::move(label)), start_(now_seconds()), exceptions_at_start_(std::uncaught_exceptions()),
      enabled_(progress_wanted()) {}

ProgressPrinter::~ProgressPrinter() {
  if (!printed_) return;
  // Unwinding: the run did not finish, and the line must not say it did.
  const char* how = std::uncaught_exceptions() <= exceptions_at_start_ ? "done in"
                    : interrupted.load()                                ? "cancelled after"
                                                                        : "stopped after";
  fmt::print(stderr, "\r{}: {} {:.2f} s{:20}\n", label_, how, now_seconds() - start_, "");
}

JobContext ProgressPrinter::context() {
  return JobContext([this](double f) { show(f); }, interrupt_flag());
}

void ProgressPrinter::show(double fraction) {
  if (!enabled_) return;
  const double now = now_seconds();
  // Quiet for short runs; at most ten updates a second for long ones.
  if (now - start_ < 1.0 || now - last_print_ < 0.1) return;
  last_print_ = now;
  printed_ = true;
  const double elapsed = now - start_;
  const double eta = fraction > 0.01 ? elapsed * (1 - fraction) / fraction : 0;
  fmt::print(stderr, "\r{}: {:5.1f}%  {:.1f} s elapsed, ~{:.0f} s left   ", label_, 100 * fraction, elapsed, eta);
  std::fflush(stderr);
}

}  // namespace pathscope::cli
