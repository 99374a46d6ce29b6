#include "apsp/engine_support.hpp"

#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::detail {

void check_run_request(const ApspEngine& engine, const Graph& g, const ApspOptions& options,
                       std::int64_t cells_per_side, std::uint64_t working_bytes) {
  if (!engine.supports(options.dist))
    throw Error("engine '" + engine.name() + "' does not compute " + dist_type_name(options.dist) +
                " distances");
  require_within_budget(apsp_result_bytes(cells_per_side, options.dist, options.next_hop) + working_bytes,
                        effective_memory_budget(options),
                        "all-pairs result for " + std::to_string(g.n) + " nodes (" +
                            dist_type_name(options.dist) + (options.next_hop ? ", next hops)" : ")"));
  if (options.dist == DistType::Int32) check_int32_distances(g);
  if (options.dist == DistType::Int64) check_int64_distances(g);
  if (options.dist == DistType::Float32) check_float32_distances(g);
  refuse_negative_self_loops(g);
}

}  // namespace pathscope::detail
