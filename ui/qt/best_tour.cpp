#include "best_tour.hpp"

#include <filesystem>

#include "pathscope/gpu.hpp"

namespace pathscope::qt {

Selection::Tour compute_best_tour(const GraphSession& session, const std::vector<std::int32_t>& stops,
                                  const JobContext& job) {
  const Graph& g = session.graph();
  TspInstance instance;
  try {
    instance = tsp_instance_from_graph(g, stops, std::filesystem::path(session.spec).filename().string(), job);
  } catch (const TspInfeasible& e) {
    throw Error(std::string("No closed tour visits all these stops: ") + e.what());
  }
  TspOptions options;
  options.backend = gpu_info().available ? TspBackend::Gpu : TspBackend::Cpu;
  Selection::Tour tour;
  tour.result = solve_tsp(instance, options, job);
  tour.legs = expand_tour(g, instance, tour.result.tour);
  for (auto i : tour.result.tour) tour.stops.push_back(stops[static_cast<std::size_t>(i)]);
  // The walk lists each leg's nodes without the node it ends at; the next leg starts there,
  // and the last leg ends at the first stop, which the closed loop implies.
  Path& walk = tour.walk;
  walk.source = walk.target = tour.stops.front();
  walk.reachable = true;
  for (const auto& leg : tour.legs) {
    walk.nodes.insert(walk.nodes.end(), leg.nodes.begin(), leg.nodes.end() - 1);
    walk.arc_costs.insert(walk.arc_costs.end(), leg.arc_costs.begin(), leg.arc_costs.end());
    walk.distance += leg.distance;
  }
  tour.method = std::string("tsp ") + tsp_algorithm_name(tour.result.algorithm) + " (" +
                tsp_backend_name(tour.result.backend) + ")";
  return tour;
}

}  // namespace pathscope::qt
