#pragma once
// Information-flow layers (Schlegel et al., eLife 2021; navis' TraversalModel; FlyWire's
// whole-brain rankings): from a set of seed neurons, a probabilistic traversal that crosses an
// arc u -> v with a chance growing with the arc's share of v's synaptic input, repeated many
// times; each node's layer is the step at which a run reached it, averaged over the runs.
// docs/information-flow.md states the model and its parameters.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/filter/graph_mask.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/engine_registry.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

struct FlowOptions : EngineResources {
  std::vector<std::int32_t> seeds;  // node indices; layer 1
  std::int32_t repetitions = 1000;
  // The chance to cross u -> v is share / saturation_share, capped at 1, where share is the
  // arc's strength over v's total input strength (arcs count 1 without strengths). navis' and
  // Schlegel et al.'s default: certain from 30% of the input.
  double saturation_share = 0.3;
  double min_share = 0;              // shares at or below this never cross
  std::int32_t max_steps = 0;        // 0: until a step adds no node
  std::uint64_t seed = 1;            // of the random draws; same seed, same layers, any engine
  GraphMask mask;                    // nodes and arcs the traversal may use
};

struct FlowResult {
  // Per node, over the runs that reached it: mean and standard deviation of the layer, and
  // in how many of the repetitions it was reached (NaN means and deviations for 0).
  std::vector<double> mean_layer, layer_deviation;
  std::vector<std::int32_t> times_reached;
  std::int32_t repetitions = 0;
  Timing timing;  // updates = arcs tried over all runs
};

class FlowEngine : public Engine {
 public:
  // Throws Error (no seeds, a seed out of range, shares out of (0, 1]), Cancelled.
  virtual FlowResult run(const Graph& g, const FlowOptions& options, const JobContext& job) const = 0;
};

// "cpu" (runs over threads), "gpu" (many runs at once on the device), "auto".
EngineRegistry<FlowEngine>& flow_engines();
std::vector<std::string> flow_engine_names();
std::unique_ptr<FlowEngine> make_flow_engine(std::string_view name);

// Adds "flow_layer", "flow_layer_sd" and "flow_reached" node columns.
void add_flow_columns(Graph& g, const FlowResult& result);

}  // namespace pathscope
