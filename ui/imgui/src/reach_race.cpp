// The reachability race: every lane computes the whole transitive closure with its engine,
// then reads the chosen node's downstream set from its own matrix, so a wrong engine shows a
// wrong set.
#include <cstdio>
#include <random>

#include "pathscope/closure/closure.hpp"
#include "pathscope/reach/reach.hpp"
#include "pathscope_demo/race.hpp"

namespace pathscope::demo {
namespace {

// Warshall's byte-per-pair triple loop runs on one core and grows as n^3: above this size the
// baseline lane would keep the audience waiting for seconds to minutes (docs/demo.md has the
// times), so it sits the race out.
constexpr std::int32_t kTextbookMaxNodes = 3000;

std::unique_ptr<Lane> make_lane(const std::string& title, const std::string& engine_name, std::string reason,
                                std::shared_ptr<const Graph> graph, std::int32_t start) {
  std::shared_ptr<const ClosureEngine> engine = make_closure_engine(engine_name);
  if (reason.empty()) reason = engine->unavailable_reason();
  const double n = graph->n;
  auto job = [engine, graph, start](const JobContext& ctx) {
    const ClosureResult result = engine->run(*graph, ClosureOptions{}, ctx);
    const ReachSet set = reach_from_closure(result.reach, start, ReachDirection::Downstream);
    LaneOutcome out;
    out.timing = result.timing;
    char fingerprint[40];
    std::snprintf(fingerprint, sizeof fingerprint, "checksum %016llx",
                  static_cast<unsigned long long>(closure_checksum(result.reach)));
    out.fingerprint = fingerprint;
    out.highlight = set.nodes;
    out.node_set = true;
    out.reachable = true;
    out.value = static_cast<double>(set.count());
    out.figures = {{"reachable_count", static_cast<double>(set.count())},
                   {"start_on_cycle", set.start_on_cycle() ? 1.0 : 0.0}};
    return out;
  };
  // Warshall's n^3 boolean steps: the figure every closure engine's Timing.updates reports.
  return std::make_unique<Lane>(title, engine_name, std::move(reason), n * n * n, job);
}

}  // namespace

std::int32_t random_reach_start(const Graph& g, std::uint64_t seed) {
  if (g.n <= 0) throw Error("the graph has no nodes to race on");
  std::mt19937_64 rng(seed);
  const auto pick = static_cast<std::int32_t>(std::uniform_int_distribution<std::int64_t>(0, g.n - 1)(rng));
  // A node without out-arcs reaches nothing and would make an empty picture: take the next
  // node (cyclically) that has one.
  for (std::int32_t k = 0; k < g.n; ++k) {
    const std::int32_t u = (pick + k) % g.n;
    if (g.out_degree(u) > 0) return u;
  }
  return pick;
}

std::unique_ptr<Race> make_reach_race(std::shared_ptr<const Graph> graph, std::int32_t start) {
  if (start < 0 || start >= graph->n) throw Error("the start node must be a node of the graph");
  if (!closure_fits_budget(*graph, ClosureOptions{})) {
    throw Error("the closure of " + std::to_string(graph->n) + " nodes needs " +
                std::to_string(closure_bytes(graph->n) >> 20) + " MiB, over the memory budget");
  }
  auto race = std::make_unique<Race>();
  race->problem = "reach";
  race->dist_type = "bits";
  race->question = {start, -1};
  race->lanes.push_back(make_lane("CPU", "bitset", "", graph, start));
  race->lanes.push_back(make_lane("GPU", "gpu", "", graph, start));
  std::string skip;
  if (graph->n > kTextbookMaxNodes) {
    skip = "skipped: " + std::to_string(graph->n) + " nodes, over the " + std::to_string(kTextbookMaxNodes) +
           " this one-byte-per-pair triple loop finishes in reasonable time";
  }
  race->naive_cpu_lane = static_cast<int>(race->lanes.size());
  race->naive_cpu_lane_skipped = !skip.empty();
  race->lanes.push_back(make_lane("CPU textbook (seed)", "textbook", skip, graph, start));
  return race;
}

}  // namespace pathscope::demo
