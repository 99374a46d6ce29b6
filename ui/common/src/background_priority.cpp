#include "pathscope_ui_common/background_priority.hpp"

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace pathscope {

void run_this_thread_in_background() {
#if defined(__linux__)
  // SCHED_BATCH keeps the thread's share of the CPU (a nice value would also lower it against
  // every other process, and slow a job down whenever anything else runs), but tells the
  // scheduler it is not interactive: a thread waking up for input or a frame preempts it
  // rather than waiting for its slice to end.
  sched_param param{};
  param.sched_priority = 0;
  (void)pthread_setschedparam(pthread_self(), SCHED_BATCH, &param);
#endif
}

}  // namespace pathscope
