#include "pathscope/runtime/job.hpp"

#include <chrono>

#include "pathscope/runtime/error.hpp"

namespace pathscope {

void JobContext::check_cancel() const {
  if (cancel_requested()) throw Cancelled();
}

JobContext JobContext::slice(double begin, double end) const {
  JobContext part;
  part.cancel_ = cancel_;
  if (progress_) {
    part.progress_ = [parent = progress_, begin, end](double fraction) { parent(begin + (end - begin) * fraction); };
  }
  return part;
}

double now_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

}  // namespace pathscope
