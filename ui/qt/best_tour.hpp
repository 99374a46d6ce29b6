#pragma once
// The best closed tour through chosen stops, with the legs between them as paths in the
// graph: the work of the explorer's Best Tour job, off the GUI thread.
#include <string>
#include <vector>

#include "graph_session.hpp"
#include "selection.hpp"

namespace pathscope::qt {

// GPU solver when a GPU is there, CPU otherwise. Throws Error (also when no closed tour
// visits every stop) and Cancelled.
Selection::Tour compute_best_tour(const GraphSession& session, const std::vector<std::int32_t>& stops,
                                  const JobContext& job);

// The best closed tour through every node. A TSPLIB file is solved on its own costs (TSPLIB's
// rounding, every city to every other), and its known optimum, when a bestSolutions.txt lies
// beside the file, gives the gap in the method text; other graphs go through
// compute_best_tour with every node a stop.
Selection::Tour compute_tour_through_all(const GraphSession& session, const JobContext& job);

// How a tour was found, as the path panel's "by ..." line and the timing panel's Engine
// column both name it: "tsp held-karp (cpu)".
std::string tour_method_name(const TspResult& result);

}  // namespace pathscope::qt
