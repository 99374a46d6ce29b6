#include "best_tour.hpp"

#include <filesystem>

#include "path_panel.hpp"
#include "pathscope/apsp/gpu.hpp"

namespace pathscope::qt {
namespace {

// "gpu-auto" where a GPU can run it, "auto" otherwise.
std::string tour_engine() {
  return tsp_engine_name(TspAlgorithm::Auto, gpu_info().available ? TspBackend::Gpu : TspBackend::Cpu);
}

}  // namespace

Selection::Tour compute_best_tour(const GraphSession& session, const std::vector<std::int32_t>& stops,
                                  const JobContext& job) {
  const Graph& g = session.graph();
  TspInstance instance;
  try {
    instance = tsp_instance_from_graph(g, stops, std::filesystem::path(session.spec).filename().string(), job);
  } catch (const TspInfeasible& e) {
    throw Error(std::string("No closed tour visits all these stops: ") + e.what());
  }
  Selection::Tour tour;
  tour.result = make_tsp_engine(tour_engine())->run(instance, TspOptions{}, job);
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
  tour.method = tour_method_name(tour.result);
  return tour;
}

Selection::Tour compute_tour_through_all(const GraphSession& session, const JobContext& job) {
  const Graph& g = session.graph();
  if (g.n < 2) throw Error("a tour needs at least two nodes");
  if (session.loaded.report.format != "tsplib") {
    std::vector<std::int32_t> all(static_cast<std::size_t>(g.n));
    for (std::int32_t u = 0; u < g.n; ++u) all[static_cast<std::size_t>(u)] = u;
    return compute_best_tour(session, all, job);
  }
  TspInstance instance = tsp_instance_from_tsplib(session.spec);
  if (instance.k != g.n) throw Error(session.spec + ": the instance has " + std::to_string(instance.k) +
                                     " cities, the graph " + std::to_string(g.n) + " nodes");
  Selection::Tour tour;
  tour.result = make_tsp_engine(tour_engine())->run(instance, TspOptions{}, job);
  // City i is graph node i (tsplib_to_graph keeps the file's order); every leg is the direct arc.
  for (auto i : tour.result.tour) tour.stops.push_back(i);
  Path& walk = tour.walk;
  walk.source = walk.target = tour.stops.front();
  walk.reachable = true;
  for (std::size_t i = 0; i < tour.stops.size(); ++i) {
    const auto u = tour.stops[i], v = tour.stops[(i + 1) % tour.stops.size()];
    Path leg;
    leg.source = u;
    leg.target = v;
    leg.reachable = true;
    leg.nodes = {u, v};
    leg.distance = instance.at(u, v);
    leg.arc_costs = {leg.distance};
    walk.nodes.push_back(u);
    walk.arc_costs.push_back(leg.distance);
    walk.distance += leg.distance;
    tour.legs.push_back(std::move(leg));
  }
  tour.method = tour_method_name(tour.result) + " through all " + std::to_string(instance.k) + " cities";
  if (instance.known_optimum) {
    tour.method += ", known optimum " + format_cost(*instance.known_optimum).toStdString() + ", gap " +
                   QString::number(tour.result.gap_percent.value_or(0), 'f', 2).toStdString() + "%";
  }
  return tour;
}

std::string tour_method_name(const TspResult& result) {
  return std::string("tsp ") + tsp_algorithm_name(result.algorithm) + " (" + tsp_backend_name(result.backend) + ")";
}

}  // namespace pathscope::qt
