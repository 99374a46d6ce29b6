#include "apsp/engine_support.hpp"

#include <omp.h>

#include <algorithm>

#include "pathscope/memory_budget.hpp"

namespace pathscope::detail {

namespace {
constexpr std::int64_t kMaxReports = 200;
}

int resolve_threads(int requested) {
  if (requested > 0) return requested;
  return std::max(1, omp_get_max_threads());
}

std::string cpu_device_label(int threads) {
  return "CPU, " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

void check_run_request(const ApspEngine& engine, const Graph& g, const ApspOptions& options,
                       std::int64_t cells_per_side, std::uint64_t working_bytes) {
  if (!engine.supports(options.dist))
    throw Error("engine '" + engine.name() + "' does not compute " + dist_type_name(options.dist) +
                " distances");
  const std::uint64_t budget = options.memory_budget ? options.memory_budget : default_memory_budget();
  require_within_budget(apsp_result_bytes(cells_per_side, options.dist, options.next_hop) + working_bytes, budget,
                        "all-pairs result for " + std::to_string(g.n) + " nodes (" +
                            dist_type_name(options.dist) + (options.next_hop ? ", next hops)" : ")"));
  if (options.dist == DistType::Int32) check_int32_distances(g);
}

SharedProgress::SharedProgress(const JobContext& job, std::int64_t total_units)
    : job_(job),
      total_(std::max<std::int64_t>(1, total_units)),
      report_every_(std::max<std::int64_t>(1, total_ / kMaxReports)),
      next_report_(report_every_) {}

void SharedProgress::unit_done() {
  const std::int64_t done = done_.fetch_add(1, std::memory_order_relaxed) + 1;
  if (job_.cancel_requested()) stop_.store(true, std::memory_order_relaxed);
  if (omp_get_thread_num() != 0 || done < next_report_.load(std::memory_order_relaxed)) return;
  next_report_.store(done + report_every_, std::memory_order_relaxed);
  try {
    job_.report(static_cast<double>(done) / static_cast<double>(total_));
  } catch (...) {
    // Only thread 0 writes failure_, and only once: the stop flag ends every worker's loop.
    if (!failure_) failure_ = std::current_exception();
    stop_.store(true, std::memory_order_relaxed);
  }
  if (job_.cancel_requested()) stop_.store(true, std::memory_order_relaxed);
}

void SharedProgress::finish() const {
  if (failure_) std::rethrow_exception(failure_);
  job_.check_cancel();
  // Thread 0 may not have done the last unit, so the final report comes from here.
  job_.report(1.0);
}

void report_step(const JobContext& job, std::int64_t done, std::int64_t total) {
  const std::int64_t every = std::max<std::int64_t>(1, total / kMaxReports);
  if (done % every == 0 || done == total) job.report(static_cast<double>(done) / static_cast<double>(total));
}

}  // namespace pathscope::detail
