#pragma once
// What every CPU all-pairs engine does around its algorithm: refuse early (distance type,
// memory budget, int32 range), count threads, report progress from one thread, and turn a
// cancel request or a callback's exception seen inside an OpenMP region into a throw outside it.
#include <atomic>
#include <cstdint>
#include <exception>
#include <string>

#include "pathscope/apsp.hpp"

namespace pathscope::detail {

// Threads a run uses: options.threads, or every hardware thread OpenMP offers when 0.
int resolve_threads(int requested);
std::string cpu_device_label(int threads);  // "CPU, 2 threads"

// Throws Error when the engine does not support the asked distance type, OverBudget when
// `cells` distances (plus next hops when asked) exceed the budget, Error when int32 could
// overflow. Called before anything of size n^2 is allocated.
// `working_bytes` is what the run needs beyond the result itself.
void check_run_request(const ApspEngine& engine, const Graph& g, const ApspOptions& options,
                       std::int64_t cells_per_side, std::uint64_t working_bytes = 0);

// Progress and cancellation for loops run by several threads. Workers call should_stop()
// between units of work; only OpenMP thread 0 forwards progress, because JobContext promises
// its callback a single caller and at most a few hundred calls.
class SharedProgress {
 public:
  SharedProgress(const JobContext& job, std::int64_t total_units);
  void unit_done();  // any thread
  bool should_stop() const { return stop_.load(std::memory_order_relaxed); }
  // After the parallel region: rethrows a callback's exception, or throws Cancelled, or
  // reports completion.
  void finish() const;

 private:
  const JobContext& job_;
  std::int64_t total_;
  std::int64_t report_every_;
  std::atomic<std::int64_t> done_{0};
  std::atomic<std::int64_t> next_report_;
  std::atomic<bool> stop_{false};
  std::exception_ptr failure_;
};

// Reports after step `done` of `total` sequential steps, at most ~200 times a run.
void report_step(const JobContext& job, std::int64_t done, std::int64_t total);

}  // namespace pathscope::detail
