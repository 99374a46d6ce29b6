#pragma once
// The cancel of the load running on this thread, for the work a load does after its input is
// read: a TSPLIB file's complete graph computed from its cities, a graph built from millions of
// rows. load_graph() sets it for the load's whole run; the input stream checks the same job
// between pieces of input (input_file.hpp), so one cancel request reaches every stage.
#include "pathscope/runtime/job.hpp"

namespace pathscope::io {

class LoadCancelScope {
 public:
  explicit LoadCancelScope(const JobContext& job);
  ~LoadCancelScope();
  LoadCancelScope(const LoadCancelScope&) = delete;
  LoadCancelScope& operator=(const LoadCancelScope&) = delete;

 private:
  const JobContext* previous_;
};

// The job of the load on this thread (a job that is never cancelled outside a load). Loops run
// by OpenMP take it before the loop: its worker threads have no load of their own.
const JobContext& current_load_job();

// Throws Cancelled when the load on this thread was asked to stop; one relaxed load, for loops.
inline void check_load_cancel() { current_load_job().check_cancel(); }

}  // namespace pathscope::io
