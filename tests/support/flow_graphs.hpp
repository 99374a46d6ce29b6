#pragma once
// Random inputs for the information-flow engines: graphs with synapse-like strengths (or none),
// sinks, sources and parts the seeds cannot reach, random masks and random seed sets, drawn from
// one seed so that a printed seed replays the case.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "pathscope/flow/information_flow.hpp"
#include "pathscope/io/random_graph.hpp"

namespace flow_test {

using pathscope::Graph;

struct FlowCase {
  Graph graph;
  pathscope::FlowOptions options;
  std::string text;  // what to print beside a failure
};

// A directed graph of n nodes, degrees 0 to twice `mean_degree`, no self-loops; strengths
// log-normal-like whole numbers 1..~200 when `strengths`, else none (every arc counts 1).
inline Graph random_flow_graph(std::int32_t n, double mean_degree, bool strengths, pathscope::SplitMix64& rng) {
  std::vector<std::vector<std::pair<std::int32_t, double>>> out(static_cast<std::size_t>(n));
  for (std::int32_t u = 0; u < n && n > 1; ++u) {
    const auto degree = rng.below(static_cast<std::uint32_t>(2 * mean_degree) + 1);
    for (std::uint32_t k = 0; k < degree; ++k) {
      auto v = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(n - 1)));
      if (v >= u) ++v;
      out[u].emplace_back(v, std::floor(std::exp(5.3 * rng.unit())));
    }
  }
  Graph g;
  g.n = n;
  g.offsets.assign(static_cast<std::size_t>(n) + 1, 0);
  for (std::int32_t u = 0; u < n; ++u) {
    std::sort(out[u].begin(), out[u].end());
    for (const auto& [v, s] : out[u]) {
      g.heads.push_back(v);
      g.weights.push_back(1);
      if (strengths) g.arc_strengths.push_back(s);
    }
    g.offsets[u + 1] = static_cast<std::int64_t>(g.heads.size());
  }
  g.unit_weights = true;
  return g;
}

// Keeps each node with chance `node_share` and each arc with chance `arc_share`; all seeds are
// drawn among kept nodes except sometimes one that is not (the engines drop it).
inline FlowCase random_flow_case(std::uint64_t seed, std::int32_t n, std::int32_t repetitions) {
  pathscope::SplitMix64 rng(seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(n));
  FlowCase c;
  const double degree = 0.5 + 6 * rng.unit();
  const bool strengths = rng.unit() < 0.7;
  c.graph = random_flow_graph(n, degree, strengths, rng);
  auto& o = c.options;
  o.repetitions = repetitions;
  o.seed = rng.next();
  o.saturation_share = 0.02 + 0.98 * rng.unit();
  o.min_share = rng.unit() < 0.5 ? 0 : 0.2 * rng.unit();
  o.max_steps = rng.unit() < 0.7 ? 0 : static_cast<std::int32_t>(1 + rng.below(6));
  const bool masked = rng.unit() < 0.5;
  if (masked) {
    o.mask.node_kept.resize(n);
    for (auto& k : o.mask.node_kept) k = rng.unit() < 0.85;
    o.mask.arc_kept.resize(c.graph.heads.size());
    for (auto& k : o.mask.arc_kept) k = rng.unit() < 0.8;
  }
  const auto seeds = 1 + rng.below(static_cast<std::uint32_t>(std::min(n, 5)));
  for (std::uint32_t k = 0; k < seeds; ++k) o.seeds.push_back(static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(n))));
  // At least one seed the mask keeps, so the run is valid.
  if (masked) o.mask.node_kept[o.seeds.front()] = 1;
  c.text = "seed=" + std::to_string(seed) + " n=" + std::to_string(n) + " arcs=" + std::to_string(c.graph.heads.size()) +
           " strengths=" + (strengths ? "yes" : "no") + " masked=" + (masked ? "yes" : "no") +
           " repetitions=" + std::to_string(repetitions) + " saturation=" + std::to_string(o.saturation_share) +
           " min_share=" + std::to_string(o.min_share) + " max_steps=" + std::to_string(o.max_steps) +
           " seeds=" + std::to_string(o.seeds.size());
  return c;
}

// Whether two results hold the same layers to the bit (NaN equal to NaN).
inline bool same_bits(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

}  // namespace flow_test
