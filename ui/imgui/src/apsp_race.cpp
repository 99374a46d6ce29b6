// The all-pairs race: each lane computes the whole distance matrix with its engine, then
// rebuilds the asked path from its own matrix, so a wrong engine shows a wrong path.
#include <cmath>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope_demo/race.hpp"

namespace pathscope::demo {
namespace {

DistType dist_type_for(const Graph& g) {
  if (!g.integer_weights) return DistType::Float32;
  try {
    check_int32_distances(g);
    return DistType::Int32;
  } catch (const Error&) {
    return DistType::Float32;
  }
}

std::unique_ptr<Lane> make_lane(const std::string& title, const std::string& engine_name,
                                std::shared_ptr<const Graph> graph, DistType dist, PairQuestion q) {
  std::shared_ptr<const ApspEngine> engine = make_apsp_engine(engine_name);
  std::string reason = engine->unavailable_reason();
  if (reason.empty() && !engine->supports(dist)) reason = std::string("no ") + dist_type_name(dist) + " support";
  const double n = graph->n;
  auto job = [engine, graph, dist, q](const JobContext& ctx) {
    ApspOptions options;
    options.dist = dist;
    const ApspResult result = engine->run(*graph, options, ctx);
    const Path path = path_from_apsp(*graph, result, q.source, q.target);
    LaneOutcome out;
    out.timing = result.timing;
    out.fingerprint = "checksum " + checksum_hex(matrix_checksum(result));
    out.highlight = path.nodes;
    out.reachable = path.reachable;
    out.value = path.distance;
    return out;
  };
  // Floyd-Warshall's n^3 relaxations: the figure every engine's Timing.updates reports.
  return std::make_unique<Lane>(title, engine_name, reason, n * n * n, job);
}

}  // namespace

std::unique_ptr<Race> make_apsp_race(std::shared_ptr<const Graph> graph, PairQuestion question,
                                     const std::string& cpu_engine) {
  if (question.source < 0 || question.source >= graph->n || question.target < 0 || question.target >= graph->n) {
    throw Error("the path's end points must be nodes of the graph");
  }
  auto race = std::make_unique<Race>();
  race->problem = "apsp";
  const DistType dist = dist_type_for(*graph);
  race->dist_type = dist_type_name(dist);
  race->question = question;
  race->lanes.push_back(make_lane("CPU", cpu_engine, graph, dist, question));
  race->lanes.push_back(make_lane("GPU", "gpu-blocked", graph, dist, question));
  race->lanes.push_back(make_lane("GPU naive (seed)", "gpu-naive", graph, dist, question));
  return race;
}

}  // namespace pathscope::demo
