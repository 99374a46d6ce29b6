#pragma once
// Jobs a front end runs behind its window (all pairs, a race lane, a layout) yield the CPU to
// the thread that draws and takes input, so a pan or a key press is never stuck behind them.

namespace pathscope {

// Marks the calling thread as batch work (Linux: SCHED_BATCH, its CPU share unchanged, but a
// waking interactive thread preempts it); threads it starts afterwards, OpenMP's team
// included, inherit it. Call at the top of a worker thread; a no-op elsewhere.
void run_this_thread_in_background();

}  // namespace pathscope
