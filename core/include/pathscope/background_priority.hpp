#pragma once
// Jobs a front end runs behind its window (all pairs, a race lane, a layout) yield the CPU to
// the thread that draws and takes input, so a pan or a key press is never stuck behind them.

namespace pathscope {

// Lowers the calling thread's scheduling priority (Linux: nice +10 for this thread alone);
// threads it starts afterwards, OpenMP's team included, inherit it. Call at the top of a
// worker thread; a no-op where the system has no per-thread priority.
void run_this_thread_in_background();

}  // namespace pathscope
