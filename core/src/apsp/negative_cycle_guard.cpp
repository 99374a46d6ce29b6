#include "apsp/negative_cycle_guard.hpp"

#include "apsp/bellman_ford.hpp"

namespace pathscope::detail {

void refuse_negative_cycles(const Graph& g, const JobContext& job) {
  if (!g.has_negative_weights()) return;
  const std::int32_t node = bellman_ford(g, kEveryNode, nullptr, job);
  if (node >= 0) throw NegativeCycle(node);
}

}  // namespace pathscope::detail
