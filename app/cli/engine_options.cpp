#include "engine_options.hpp"

#include "pathscope/memory_budget.hpp"

namespace pathscope::cli {

void EngineOptions::add_to(CLI::App& command) {
  command.add_option("--dist", dist, "Distance type: int32, float, hop16, or auto (int32 for whole-number weights)")
      ->capture_default_str();
  command.add_option("--memory-budget", memory_budget, "Host memory for the n x n result (default 60% of RAM), e.g. 4GiB");
  command.add_option("--gpu-mem", gpu_memory, "GPU memory budget; beyond it the matrix is streamed (out-of-core), e.g. 2GiB");
  command.add_option("--threads", threads, "CPU threads (0 = all)");
}

ApspOptions EngineOptions::to_apsp_options(const Graph& g) const {
  ApspOptions o;
  o.dist = dist == "auto" ? (g.integer_weights ? DistType::Int32 : DistType::Float32) : parse_dist_type(dist);
  o.threads = threads;
  if (!memory_budget.empty()) o.memory_budget = parse_bytes(memory_budget);
  if (!gpu_memory.empty()) o.gpu_memory_budget = parse_bytes(gpu_memory);
  return o;
}

}  // namespace pathscope::cli
