#pragma once
// What the Analysis menu's jobs are asked for: the dialogs fill these in, the controllers run
// them, and session files record them, so that an opened session computes them again.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/centrality/centrality.hpp"

namespace pathscope::qt {

struct CentralityRequest {
  CentralityMeasure measure = CentralityMeasure::Betweenness;
  bool hops = true;           // every arc costs 1; false: the graph's own costs
  std::int64_t samples = 0;   // betweenness from this many sources; 0: exact (every source)
  std::string engine = "cpu";  // "cpu", "gpu", or "both" (timed side by side, CPU values kept)
  bool operator==(const CentralityRequest&) const = default;
};

struct FlowRequest {
  std::vector<std::int32_t> seeds;  // node indices, layer 1
  std::string seed_label;           // how the seeds were chosen, for the job's title
  std::int32_t repetitions = 1000;
  std::string engine = "cpu";  // "cpu", "gpu" or "both"
  bool operator==(const FlowRequest&) const = default;
};

// The engines a request's engine word runs, in order ("both": CPU, then GPU).
std::vector<std::string> engines_of(const std::string& engine_word);

}  // namespace pathscope::qt
