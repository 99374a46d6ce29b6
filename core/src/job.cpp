#include "pathscope/job.hpp"

#include <chrono>

#include "pathscope/error.hpp"

namespace pathscope {

void JobContext::check_cancel() const {
  if (cancel_requested()) throw Cancelled();
}

double now_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

}  // namespace pathscope
