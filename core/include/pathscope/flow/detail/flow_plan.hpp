#pragma once
// What every information-flow engine, CPU and GPU, starts from and ends with, so that they
// differ only in how they run the repetitions: the checked seeds, each arc's chance to be
// crossed (the one place the share rule lives), the bound that keeps the layer sums exact, and
// the turn of those integer sums into means and deviations. Shared with kernels/ (not installed).
#include <cstdint>
#include <vector>

#include "pathscope/flow/detail/traversal_draw.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope/runtime/host_device.hpp"

namespace pathscope::detail {

// The most repetitions one call may ask for: a run's layer sums stay exact integers (flow_plan.cpp).
inline constexpr std::int32_t kMaxFlowRepetitions = 100'000'000;

struct FlowPlan {
  std::vector<std::int32_t> seeds;  // ascending, each once, only those the mask keeps
  // Per CSR arc: the chance to cross it, 0 for arcs the mask drops and shares at or below
  // min_share. An arc of chance 0 is never tried.
  std::vector<double> chances;
  std::int32_t max_layer = 1;  // no run gives a layer above this (max_steps, or the nodes the seeds can reach)
};

// Throws Error: no seeds, a seed out of range, every seed filtered out, repetitions out of
// [1, kMaxFlowRepetitions], saturation_share outside (0, 1], min_share outside [0, 1), a
// negative max_steps, a mask of the wrong size, or layer sums that could overflow.
FlowPlan plan_flow(const Graph& g, const FlowOptions& options);

// Repetition `run` crosses arc `arc`: the one comparison every engine makes.
PATHSCOPE_HD bool crosses(std::uint64_t seed, std::uint32_t run, std::uint64_t arc, double chance) {
  return traversal_draw(seed, run, arc) < chance;
}

// Per node, over the repetitions: the sum of the layers of the runs that reached it, the sum
// of their squares, and how many runs reached it. Integers, so that any order of adding gives
// the same result on every engine.
struct FlowTallies {
  std::vector<std::uint64_t> layer_sum, layer_square_sum;
  std::vector<std::int32_t> reached;
  explicit FlowTallies(std::int32_t n = 0) : layer_sum(n, 0), layer_square_sum(n, 0), reached(n, 0) {}
};

// Means and (population) standard deviations from the tallies; NaN where no run reached a node.
FlowResult flow_result(const FlowTallies& tallies, std::int32_t repetitions);

}  // namespace pathscope::detail
