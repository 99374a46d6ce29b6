#pragma once
// 2-D positions for graphs that come without coordinates (road graphs such as rome99,
// connectomes without a position table): a force-directed layout with Barnes-Hut repulsion,
// run as a job, and a disk cache keyed by the input file's hash so the second open is instant.
#include <cstdint>
#include <optional>
#include <string>
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

// $XDG_CACHE_HOME/pathscope, else $HOME/.cache/pathscope (created on first write).
std::string layout_cache_dir();
// The cache file for this input: the file's hash plus everything that changes the result
// (node and arc counts, which follow the load options, and the layout options).
std::string layout_cache_path(const std::string& file_sha256, const Graph& g, const LayoutOptions& options);
// nullopt when the file is missing, unreadable, or not a layout of exactly n nodes.
std::optional<std::vector<float>> read_layout_cache(const std::string& path, std::int32_t n);
// Written through AtomicFile; throws Error.
void write_layout_cache(const std::string& path, const std::vector<float>& positions);

// The cached layout if there is one, otherwise computes it and stores it (a cache that
// cannot be written is not an error: the layout is still returned).
std::vector<float> cached_force_layout(const Graph& g, const std::string& file_sha256,
                                       const LayoutOptions& options, const JobContext& job,
                                       bool* from_cache = nullptr);

}  // namespace pathscope
