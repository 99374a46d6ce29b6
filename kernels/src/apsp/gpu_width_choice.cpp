#include "apsp/gpu_width_choice.hpp"

#include <algorithm>
#include <cstdint>
#include <map>

#include "common/device.hpp"
#include "pathscope/apsp/gpu_width.hpp"
#include "pathscope/cluster/process_job.hpp"

namespace pathscope::gpu {

GpuWidthPlan plan_gpu_width(const Graph& g, const ApspOptions& asked) {
  GpuWidthPlan plan{asked, {}};
  if (!asked.gpus.all) return plan;
  plan.options.gpus = GpuSet{};
  const int count = device_count();
  if (count == 0) return plan;  // the one-GPU engine then says why there is no GPU
  if (asked.next_hop) {
    plan.why = "--gpus all: 1 of " + std::to_string(count) + " (next hops need the whole matrix on one GPU)";
    return plan;
  }
  std::vector<std::uint64_t> memory;
  for (int d = 0; d < count; ++d) memory.push_back(device_memory_budget(asked.gpu_memory_budget, d, 1));
  const GpuWidthChoice choice = choose_gpu_width(g.n, g.arc_count(), asked.dist, memory);
  if (choice.ranks > 1) plan.options.gpus.count = choice.ranks;
  plan.why = "--gpus all: " + choice.reason;
  return plan;
}

double predicted_gpu_blocked_seconds(const Graph& g, const ApspOptions& options) {
  try {
    GpuWidthCase c{g.n, g.arc_count(), options.dist, 0, 1, 0};
    if (options.job) {
      if (device_count() == 0) return 0;
      c.ranks = c.devices = options.job->world_size();
      c.device_memory = device_memory_budget(options.gpu_memory_budget, options.job->local_index() % device_count(), 1);
      const GpuWidthPrediction p = predict_gpu_blocked(c);
      return options.sink ? p.seconds : p.seconds - p.download;
    }
    if (options.gpus.is_default()) {
      c.device_memory = device_memory_budget(options.gpu_memory_budget);
      return predict_gpu_blocked(c).seconds;
    }
    // Logical ranks share their device's budget and its min-plus rate.
    const std::vector<int> ranks = gpu_ranks(options.gpus, device_count());
    std::map<int, int> ranks_on;
    for (const int d : ranks) ++ranks_on[d];
    c.ranks = int(ranks.size());
    c.devices = int(ranks_on.size());
    c.device_memory = UINT64_MAX;
    for (const auto& [device, count] : ranks_on)
      c.device_memory = std::min(c.device_memory, device_memory_budget(options.gpu_memory_budget, device, count));
    return predict_gpu_blocked(c).seconds;
  } catch (const Error&) {
    return 0;
  }
}

}  // namespace pathscope::gpu
