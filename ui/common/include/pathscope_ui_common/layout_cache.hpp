#pragma once
// The force layout's disk cache, keyed by the input file's hash, so that a front end opens the
// same file the second time without laying it out again.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/layout/layout.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

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
