#pragma once
// 2-D positions for graphs that come without coordinates (road graphs such as rome99,
// connectomes without a position table): a force-directed layout with Barnes-Hut repulsion,
// run as a job. The front ends keep its results on disk (pathscope_ui_common/layout_cache.hpp).
#include <cstdint>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

struct LayoutOptions {
  std::uint64_t seed = 1;   // same seed, same graph: same positions on every machine
  int iterations = 400;
  double theta = 0.9;       // Barnes-Hut opening angle: larger is faster and coarser
};

// n * 2 floats (x, y). Arcs are treated as undirected springs; weights are ignored because
// road lengths and synapse counts would distort the picture more than they help it.
// Reports progress and honours cancel (throws Cancelled) once per iteration.
std::vector<float> force_layout(const Graph& g, const LayoutOptions& options, const JobContext& job);

}  // namespace pathscope
