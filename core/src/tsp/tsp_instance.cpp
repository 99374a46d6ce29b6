#include <cmath>
#include <string>

#include "pathscope/apsp/single_source.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {

double tour_length(const TspInstance& instance, const std::vector<std::int32_t>& tour) {
  if (tour.size() < 2) return 0;
  double total = 0;
  for (std::size_t i = 0; i < tour.size(); ++i) total += instance.at(tour[i], tour[(i + 1) % tour.size()]);
  return total;
}

void check_tour(const TspInstance& instance, const std::vector<std::int32_t>& tour) {
  if (static_cast<std::int32_t>(tour.size()) != instance.k)
    throw Error("tour has " + std::to_string(tour.size()) + " stops, the instance " + std::to_string(instance.k));
  if (instance.k > 0 && tour[0] != 0) throw Error("tour does not start at stop 0");
  std::vector<bool> seen(instance.k, false);
  for (auto stop : tour) {
    if (stop < 0 || stop >= instance.k) throw Error("tour names stop " + std::to_string(stop) + ", outside 0.." + std::to_string(instance.k - 1));
    if (seen[stop]) throw Error("tour visits stop " + std::to_string(stop) + " twice");
    seen[stop] = true;
  }
}

void finish_tsp_instance(TspInstance& instance) {
  const auto k = instance.k;
  if (k < 1) throw Error(instance.name + ": a tour needs at least one stop");
  if (instance.cost.size() != static_cast<std::size_t>(k) * k)
    throw Error(instance.name + ": the cost matrix has " + std::to_string(instance.cost.size()) + " entries, " +
                std::to_string(k) + " stops need " + std::to_string(static_cast<std::int64_t>(k) * k));
  if (instance.stop_names.size() != static_cast<std::size_t>(k)) {
    instance.stop_names.resize(k);
    for (std::int32_t i = 0; i < k; ++i) instance.stop_names[i] = std::to_string(i + 1);
  }
  // One pass on all cores over rows (a large instance has 10^8 entries); the first bad entry
  // in row order is the one reported, as a single pass would.
  bool integer_costs = true, symmetric = true;
  std::int64_t first_bad = static_cast<std::int64_t>(k) * k;
  // Tiles of 64 x 64, so that reading the mirrored entry walks cached rows, not one row each;
  // all cores from 4,096 stops, as the TSPLIB reader's distances.
  constexpr std::int32_t kTile = 64;
#pragma omp parallel for schedule(dynamic, 1) reduction(&& : integer_costs, symmetric) reduction(min : first_bad) if (k >= 4096)
  for (std::int32_t ti = 0; ti < k; ti += kTile)
    for (std::int32_t tj = 0; tj < k; tj += kTile)
      for (std::int32_t i = ti; i < std::min(k, ti + kTile); ++i)
        for (std::int32_t j = tj; j < std::min(k, tj + kTile); ++j) {
          if (i == j) continue;
          const double c = instance.at(i, j);
          if (!std::isfinite(c)) {
            first_bad = std::min(first_bad, static_cast<std::int64_t>(i) * k + j);
            continue;
          }
          integer_costs = integer_costs && c == std::floor(c);
          symmetric = symmetric && c == instance.at(j, i);
        }
  if (first_bad < static_cast<std::int64_t>(k) * k) {
    const auto i = static_cast<std::int32_t>(first_bad / k), j = static_cast<std::int32_t>(first_bad % k);
    if (std::isnan(instance.at(i, j)))
      throw Error(instance.name + ": the cost from " + instance.stop_names[i] + " to " + instance.stop_names[j] + " is not a number");
    throw TspInfeasible(instance.name + ": no tour exists: stop " + instance.stop_names[j] + " cannot be reached from stop " +
                        instance.stop_names[i]);
  }
  instance.integer_costs = integer_costs;
  instance.symmetric = symmetric;
}

void require_cost_matrix_fits(std::int64_t k, const EngineResources& resources, const std::string& name) {
  const auto entries = static_cast<std::uint64_t>(k) * static_cast<std::uint64_t>(k);
  require_within_budget(entries * sizeof(double), effective_memory_budget(resources),
                        name + ": the " + std::to_string(k) + " x " + std::to_string(k) + " cost matrix");
}

TspInstance tsp_instance_from_graph(const Graph& g, const std::vector<std::int32_t>& stops, const std::string& name,
                                    const JobContext& job, const EngineResources& resources) {
  TspInstance instance;
  instance.name = name;
  instance.k = static_cast<std::int32_t>(stops.size());
  if (instance.k < 1) throw Error(name + ": choose at least one stop");
  require_cost_matrix_fits(instance.k, resources, name);
  std::vector<bool> chosen(g.n, false);
  for (auto u : stops) {
    if (u < 0 || u >= g.n) throw Error(name + ": stop " + std::to_string(u) + " is not a node of the graph");
    if (chosen[u]) throw Error(name + ": node " + g.label(u) + " is chosen twice as a stop");
    chosen[u] = true;
    instance.stop_names.push_back(g.label(u));
  }
  instance.graph_nodes = stops;
  instance.cost.assign(static_cast<std::size_t>(instance.k) * instance.k, 0);
  for (std::int32_t i = 0; i < instance.k; ++i) {
    job.check_cancel();
    const auto distances = single_source_distances(g, stops[i]);
    for (std::int32_t j = 0; j < instance.k; ++j)
      instance.cost[static_cast<std::size_t>(i) * instance.k + j] = i == j ? 0.0 : distances[stops[j]];
    job.report(static_cast<double>(i + 1) / instance.k);
  }
  finish_tsp_instance(instance);
  return instance;
}

std::vector<Path> expand_tour(const Graph& g, const TspInstance& instance, const std::vector<std::int32_t>& tour) {
  if (instance.graph_nodes.size() != static_cast<std::size_t>(instance.k))
    throw Error(instance.name + ": the tour's stops are not graph nodes, there is no route to expand");
  check_tour(instance, tour);
  std::vector<Path> legs;
  if (tour.size() < 2) return legs;
  for (std::size_t i = 0; i < tour.size(); ++i) {
    const auto from = instance.graph_nodes[tour[i]], to = instance.graph_nodes[tour[(i + 1) % tour.size()]];
    Path leg = path_single_source(g, from, to);
    if (!leg.reachable) throw TspInfeasible(instance.name + ": no path from " + g.label(from) + " to " + g.label(to));
    legs.push_back(std::move(leg));
  }
  return legs;
}

TspInstance random_tsp_instance(std::int32_t k, std::uint64_t seed, bool symmetric, bool integer_costs,
                                const EngineResources& resources) {
  if (k < 1) throw Error("a random tour instance needs at least one stop");
  require_cost_matrix_fits(k, resources, "random-stops:k=" + std::to_string(k));
  TspInstance instance;
  instance.name = "random-stops:k=" + std::to_string(k) + ",seed=" + std::to_string(seed) + (symmetric ? "" : ",asymmetric");
  instance.k = k;
  instance.cost.assign(static_cast<std::size_t>(k) * k, 0);
  // SplitMix64, not std::*_distribution: the same spec gives the same instance everywhere.
  SplitMix64 rng(seed);
  if (symmetric) {
    std::vector<double> x(k), y(k);
    for (std::int32_t i = 0; i < k; ++i) x[i] = 1000 * rng.unit(), y[i] = 1000 * rng.unit();
    for (std::int32_t i = 0; i < k; ++i)
      for (std::int32_t j = 0; j < k; ++j) {
        const double d = std::hypot(x[i] - x[j], y[i] - y[j]);
        instance.cost[static_cast<std::size_t>(i) * k + j] = integer_costs ? std::nearbyint(d) : d;
      }
  } else {
    for (std::int32_t i = 0; i < k; ++i)
      for (std::int32_t j = 0; j < k; ++j) {
        const double draw = 1 + 999 * rng.unit();
        if (i != j) instance.cost[static_cast<std::size_t>(i) * k + j] = integer_costs ? std::floor(draw) : draw;
      }
  }
  finish_tsp_instance(instance);
  return instance;
}

void validate_tsp_options(const TspOptions& options) {
  validate_resources(options);
  const double t = options.time_limit_seconds;
  if (!(t >= 0) || t > kMaxTspSeconds)
    throw Error("--time-limit must be from 0 to " + std::to_string(static_cast<std::int64_t>(kMaxTspSeconds)) +
                " seconds; got " + std::to_string(t));
  if (options.kicks < -1 || options.kicks > kMaxTspKicks)
    throw Error("--kicks must be from 0 to " + std::to_string(kMaxTspKicks) + "; got " + std::to_string(options.kicks));
  if (options.starts < 0 || options.starts > kMaxTspStarts)
    throw Error("--starts must be from 0 (one per thread) to " + std::to_string(kMaxTspStarts) + "; got " +
                std::to_string(options.starts));
}

const char* tsp_algorithm_name(TspAlgorithm a) {
  switch (a) {
    case TspAlgorithm::Auto: return "auto";
    case TspAlgorithm::Exhaustive: return "brute";
    case TspAlgorithm::HeldKarp: return "held-karp";
    case TspAlgorithm::TwoOpt: return "2opt";
  }
  return "?";
}

TspAlgorithm parse_tsp_algorithm(const std::string& word) {
  if (word == "auto") return TspAlgorithm::Auto;
  if (word == "brute" || word == "exhaustive") return TspAlgorithm::Exhaustive;
  if (word == "held-karp" || word == "hk") return TspAlgorithm::HeldKarp;
  if (word == "2opt" || word == "2-opt") return TspAlgorithm::TwoOpt;
  throw Error("unknown tour algorithm '" + word + "' (use brute, held-karp, 2opt or auto)");
}

const char* tsp_backend_name(TspBackend b) { return b == TspBackend::Gpu ? "gpu" : "cpu"; }

std::string tsp_engine_name(TspAlgorithm algorithm, TspBackend backend) {
  return std::string(backend == TspBackend::Gpu ? "gpu-" : "") + tsp_algorithm_name(algorithm);
}

TspBackend parse_tsp_backend(const std::string& word) {
  if (word == "cpu") return TspBackend::Cpu;
  if (word == "gpu") return TspBackend::Gpu;
  throw Error("unknown back end '" + word + "' (use cpu or gpu)");
}

}  // namespace pathscope
