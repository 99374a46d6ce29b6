#pragma once
// The best closed tour through chosen stops, with the legs between them as paths in the
// graph: the work of the explorer's Best Tour job, off the GUI thread.
#include <vector>

#include "graph_session.hpp"
#include "selection.hpp"

namespace pathscope::qt {

// GPU solver when a GPU is there, CPU otherwise. Throws Error (also when no closed tour
// visits every stop) and Cancelled.
Selection::Tour compute_best_tour(const GraphSession& session, const std::vector<std::int32_t>& stops,
                                  const JobContext& job);

}  // namespace pathscope::qt
