#include "pathscope/background_priority.hpp"

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace pathscope {

void run_this_thread_in_background() {
#if defined(__linux__)
  // On Linux a nice value belongs to the thread (its tid), not the whole process. +10 gives
  // the window's thread about nine tenths of a contended core; the job keeps every idle one.
  const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
  const int current = ::getpriority(PRIO_PROCESS, tid);
  if (current < 10) (void)::setpriority(PRIO_PROCESS, tid, 10);
#endif
}

}  // namespace pathscope
