#pragma once
#include <memory>
#include <string>

#include "pathscope/correlate/correlate.hpp"

namespace pathscope::correlate {

std::unique_ptr<CorrelationEngine> make_cpu_correlation_engine();
std::unique_ptr<CorrelationEngine> make_rerank_correlation_engine();

// The Timing of a CPU engine's run: from `start` (input in memory), the pairs phase from
// `compute_start`, both ending now; one update = one pair tested.
inline void finish_cpu_timing(CorrelateResult& result, const std::string& engine, const CorrelateOptions& options,
                              double start, double compute_start) {
  const double finish = now_seconds();
  result.timing.engine = engine;
  result.timing.device = cpu_device_label(effective_threads(options));
  result.timing.compute_seconds = finish - compute_start;
  result.timing.seconds = finish - start;
  result.timing.updates = static_cast<double>(result.pairs_tested);
}

}  // namespace pathscope::correlate
