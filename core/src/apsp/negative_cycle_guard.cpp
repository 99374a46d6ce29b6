#include "apsp/negative_cycle_guard.hpp"

#include "apsp/bellman_ford.hpp"

namespace pathscope {

NegativeCycle::NegativeCycle(std::int32_t node)
    : Error("the graph has a negative cycle (through node index " + std::to_string(node) +
            "); shortest distances are undefined"),
      node_(node) {}

void refuse_negative_self_loops(const Graph& g) {
  if (const std::int32_t node = g.negative_self_loop_node(); node >= 0) throw NegativeCycle(node);
}

}  // namespace pathscope

namespace pathscope::detail {

void refuse_negative_cycles(const Graph& g, const JobContext& job) {
  refuse_negative_self_loops(g);
  if (!g.has_negative_weights()) return;
  const std::int32_t node = bellman_ford(g, kEveryNode, nullptr, job);
  if (node >= 0) throw NegativeCycle(node);
}

}  // namespace pathscope::detail
