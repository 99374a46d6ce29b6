#pragma once
// Information-flow layers per cell type: how the FlyWire and hemibrain analyses read a flow
// run, types ordered from the seeds outwards.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/flow/information_flow.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope {

struct TypeLayers {
  std::string type;
  std::int32_t nodes = 0;    // nodes of the type
  std::int32_t reached = 0;  // of them, those reached in at least one repetition
  // Over the reached nodes' mean layers: their mean and median (the mean of the middle two for
  // an even count); NaN when none was reached.
  double mean_of_means = 0, median_of_means = 0;
};

// One entry per value of the graph's type column (type_column), nodes without a value left
// out; ordered by mean_of_means (ties by name), types never reached last by name. Empty when
// the graph has no type column. Throws Error when the result is not of this graph.
std::vector<TypeLayers> type_layers(const Graph& g, const FlowResult& result);

}  // namespace pathscope
