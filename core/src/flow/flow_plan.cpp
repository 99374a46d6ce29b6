#include "pathscope/flow/detail/flow_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "pathscope/runtime/error.hpp"

namespace pathscope::detail {
namespace {

void check_options(const Graph& g, const FlowOptions& options) {
  if (options.repetitions < 1 || options.repetitions > kMaxFlowRepetitions)
    throw Error("information flow: repetitions must be from 1 to " + std::to_string(kMaxFlowRepetitions) + ", got " +
                std::to_string(options.repetitions));
  // Written as negations so that NaN is refused too.
  if (!(options.saturation_share > 0 && options.saturation_share <= 1))
    throw Error("information flow: the saturation share must be in (0, 1], got " +
                std::to_string(options.saturation_share));
  if (!(options.min_share >= 0 && options.min_share < 1))
    throw Error("information flow: the minimum share must be in [0, 1), got " + std::to_string(options.min_share));
  if (options.max_steps < 0)
    throw Error("information flow: max steps must be 0 (no limit) or more, got " + std::to_string(options.max_steps));
  if (!options.mask.node_kept.empty() && options.mask.node_kept.size() != static_cast<std::size_t>(g.n))
    throw Error("information flow: the node mask has " + std::to_string(options.mask.node_kept.size()) +
                " entries for a graph of " + std::to_string(g.n) + " nodes");
  if (!options.mask.arc_kept.empty() && options.mask.arc_kept.size() != static_cast<std::size_t>(g.arc_count()))
    throw Error("information flow: the arc mask has " + std::to_string(options.mask.arc_kept.size()) +
                " entries for a graph of " + std::to_string(g.arc_count()) + " arcs");
  if (options.seeds.empty()) throw Error("information flow: no seed nodes");
  for (const std::int32_t s : options.seeds)
    if (s < 0 || s >= g.n)
      throw Error("information flow: seed node index " + std::to_string(s) + " is out of range (the graph has " +
                  std::to_string(g.n) + " nodes)");
}

// A strength that is missing, negative or not a number carries no input: it neither crosses
// nor dilutes the shares of the other arcs into its head.
double usable_strength(const Graph& g, std::int64_t arc) {
  if (!g.has_arc_strengths()) return 1;
  const double s = g.arc_strengths[arc];
  return std::isfinite(s) && s > 0 ? s : 0;
}

std::vector<double> crossing_chances(const Graph& g, const FlowOptions& options) {
  const GraphMask& mask = options.mask;
  std::vector<double> input(g.n, 0);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (mask.keeps_arc(a, u, g.heads[a])) input[g.heads[a]] += usable_strength(g, a);
  std::vector<double> chances(g.heads.size(), 0);
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const double strength = usable_strength(g, a);
      if (!mask.keeps_arc(a, u, v) || strength <= 0) continue;
      const double share = strength / input[v];
      if (share <= options.min_share) continue;
      chances[a] = std::min(1.0, share / options.saturation_share);
    }
  }
  return chances;
}

// How many nodes the seeds reach over arcs that can be crossed: every step of a run adds at
// least one node, so no layer exceeds it.
std::int32_t reachable_count(const Graph& g, const std::vector<std::int32_t>& seeds, const std::vector<double>& chances) {
  std::vector<std::uint8_t> seen(g.n, 0);
  std::vector<std::int32_t> queue(seeds);
  for (const std::int32_t s : seeds) seen[s] = 1;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const std::int32_t u = queue[i];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (chances[a] > 0 && !seen[g.heads[a]]) {
        seen[g.heads[a]] = 1;
        queue.push_back(g.heads[a]);
      }
  }
  return static_cast<std::int32_t>(queue.size());
}

}  // namespace

FlowPlan plan_flow(const Graph& g, const FlowOptions& options) {
  check_options(g, options);
  FlowPlan plan;
  for (const std::int32_t s : options.seeds)
    if (options.mask.keeps_node(s)) plan.seeds.push_back(s);
  if (plan.seeds.empty())
    throw Error("information flow: the filter drops every one of the " + std::to_string(options.seeds.size()) +
                " seed nodes");
  std::sort(plan.seeds.begin(), plan.seeds.end());
  plan.seeds.erase(std::unique(plan.seeds.begin(), plan.seeds.end()), plan.seeds.end());
  plan.chances = crossing_chances(g, options);
  plan.max_layer = reachable_count(g, plan.seeds, plan.chances);
  if (options.max_steps > 0) plan.max_layer = std::min(plan.max_layer, options.max_steps);
  // The sums of squared layers are 64-bit integers on every engine (exact, so the engines agree
  // to the bit): repetitions * max_layer^2 must stay below 2^63.
  const double worst = static_cast<double>(options.repetitions) * plan.max_layer * plan.max_layer;
  if (worst >= 0x1.0p63)
    throw Error("information flow: " + std::to_string(options.repetitions) + " repetitions over up to " +
                std::to_string(plan.max_layer) +
                " layers would overflow the layer sums: give fewer repetitions or a step limit");
  return plan;
}

FlowResult flow_result(const FlowTallies& tallies, std::int32_t repetitions) {
  const std::size_t n = tallies.reached.size();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  FlowResult result;
  result.repetitions = repetitions;
  result.times_reached = tallies.reached;
  result.mean_layer.assign(n, nan);
  result.layer_deviation.assign(n, nan);
  for (std::size_t v = 0; v < n; ++v) {
    const auto k = static_cast<unsigned __int128>(tallies.reached[v]);
    if (k == 0) continue;
    const auto sum = static_cast<unsigned __int128>(tallies.layer_sum[v]);
    const auto squares = static_cast<unsigned __int128>(tallies.layer_square_sum[v]);
    // k * sum of squares - sum^2 = k^2 * variance, exact in 128 bits (never negative).
    const auto spread = k * squares - sum * sum;
    const double kd = static_cast<double>(k);
    result.mean_layer[v] = static_cast<double>(sum) / kd;
    result.layer_deviation[v] = std::sqrt(static_cast<double>(spread)) / kd;
  }
  return result;
}

}  // namespace pathscope::detail
