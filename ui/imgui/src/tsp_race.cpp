// The tour race: both lanes solve the same stop-to-stop cost matrix exactly (Held-Karp), then
// expand their own tour into real streets, so the view shows the route a lane actually found.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>

#include "pathscope/tsp/tsp.hpp"
#include "pathscope_demo/race.hpp"

namespace pathscope::demo {
namespace {

std::unique_ptr<Lane> make_lane(const std::string& title, const std::string& engine_name,
                                std::shared_ptr<const Graph> graph, std::shared_ptr<const TspInstance> instance) {
  std::shared_ptr<const TspEngine> engine = make_tsp_engine(engine_name);
  const double k = instance->k;
  // Held-Karp's transitions: every subset of the k-1 other stops, every last stop, every next one.
  const double work = std::ldexp(1.0, instance->k - 1) * (k - 1) * (k - 1);
  auto job = [graph, instance, engine](const JobContext& ctx) {
    const TspResult result = engine->run(*instance, TspOptions{}, ctx);
    LaneOutcome out;
    out.timing = result.timing;
    char length[40];
    std::snprintf(length, sizeof length, "length %.17g", result.length);
    out.fingerprint = length;  // equal tours may differ in order; their lengths may not
    for (const Path& leg : expand_tour(*graph, *instance, result.tour)) {
      out.highlight.insert(out.highlight.end(), leg.nodes.begin() + (out.highlight.empty() ? 0 : 1), leg.nodes.end());
    }
    if (out.highlight.size() > 1) out.highlight.pop_back();  // back at the first stop: closed draws that arc
    out.closed = true;
    out.reachable = true;
    out.value = result.length;
    return out;
  };
  return std::make_unique<Lane>(title, engine_name, engine->unavailable_reason(), work, job);
}

}  // namespace

std::vector<std::int32_t> random_stops(const Graph& g, int k, std::uint64_t seed) {
  if (k < 2 || k > g.n) throw Error("a tour needs between 2 and " + std::to_string(g.n) + " stops, not " + std::to_string(k));
  std::vector<std::int32_t> nodes(g.n);
  std::iota(nodes.begin(), nodes.end(), 0);
  std::mt19937_64 rng(seed);
  // A partial Fisher-Yates: the first k entries become a uniform sample without repeats.
  for (int i = 0; i < k; ++i) {
    std::swap(nodes[i], nodes[std::uniform_int_distribution<std::int64_t>(i, g.n - 1)(rng)]);
  }
  nodes.resize(k);
  return nodes;
}

std::unique_ptr<Race> make_tsp_race(std::shared_ptr<const Graph> graph, const std::vector<std::int32_t>& stops) {
  auto instance = std::make_shared<const TspInstance>(tsp_instance_from_graph(*graph, stops, "stops"));
  auto race = std::make_unique<Race>();
  race->problem = "tsp";
  race->dist_type = instance->integer_costs ? "integer" : "double";
  race->stops = stops;
  race->question = {stops.front(), stops.front()};
  race->lanes.push_back(make_lane("CPU", "held-karp", graph, instance));
  race->lanes.push_back(make_lane("GPU", "gpu-held-karp", graph, instance));
  return race;
}

}  // namespace pathscope::demo
