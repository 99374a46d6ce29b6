#include "progress_printer.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <csignal>

namespace pathscope::cli {
namespace {
std::atomic<bool> interrupted{false};
extern "C" void on_sigint(int) { interrupted.store(true); }
}  // namespace

const std::atomic<bool>* interrupt_flag() {
  static const bool installed = [] {
    std::signal(SIGINT, on_sigint);
    return true;
  }();
  (void)installed;
  return &interrupted;
}

ProgressPrinter::ProgressPrinter(std::string label) : label_(std::move(label)), start_(now_seconds()) {}

ProgressPrinter::~ProgressPrinter() {
  if (printed_) fmt::print(stderr, "\r{}: done in {:.2f} s{:20}\n", label_, now_seconds() - start_, "");
}

JobContext ProgressPrinter::context() {
  return JobContext([this](double f) { show(f); }, interrupt_flag());
}

void ProgressPrinter::show(double fraction) {
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
