// Building instances (TSPLIB, graph stops), the published TSPLIB optima, the refusals, and
// 2-opt + Or-opt against Held-Karp and the published optima.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/io/tsplib.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "pathscope/tsp/tsp.hpp"
#include "shared_data.hpp"
#include "tsp_reference.hpp"

using namespace pathscope;

namespace {

std::string tsplib(const std::string& name) { return test_support::shared_data_file("tsplib/" + name); }

TspResult solve(const TspInstance& instance, TspAlgorithm algorithm) {
  TspOptions options;
  return make_tsp_engine(tsp_engine_name(algorithm, TspBackend::Cpu))->run(instance, options, {});
}

}  // namespace

// Published optima (TSPLIB95 solutions list, see shared/data/tsplib/OPTIMA.md).
TEST(TspTsplib, HeldKarpReachesPublishedOptima) {
  const std::pair<const char*, double> published[] = {{"burma14", 3323}, {"ulysses16", 6859}, {"gr17", 2085}, {"gr21", 2707}};
  for (const auto& [name, optimum] : published) {
    const auto instance = tsp_instance_from_tsplib(tsplib(std::string(name) + ".tsp"));
    ASSERT_TRUE(instance.known_optimum.has_value()) << name;
    EXPECT_EQ(*instance.known_optimum, optimum) << name << ": bestSolutions.txt disagrees with OPTIMA.md";
    const auto result = solve(instance, TspAlgorithm::HeldKarp);
    tsp_test::expect_valid_tour(instance, result);
    EXPECT_EQ(result.length, optimum) << name;
    ASSERT_TRUE(result.gap_percent.has_value());
    EXPECT_EQ(*result.gap_percent, 0.0);
  }
}

TEST(TspTsplib, OptimalTourFileMeasuresTheSameAsHeldKarp) {
  const auto instance = tsp_instance_from_tsplib(tsplib("ulysses16.tsp"));
  const auto file_tour = read_tsplib_tour(tsplib("ulysses16.opt.tour"));
  std::vector<std::int32_t> tour(file_tour.begin(), file_tour.end());
  std::rotate(tour.begin(), std::find(tour.begin(), tour.end(), 0), tour.end());
  EXPECT_EQ(tour_length(instance, tour), solve(instance, TspAlgorithm::HeldKarp).length);
}

TEST(TspTsplib, ExhaustiveSearchReachesTheOptimumOfGr17Prefix) {
  // The first 12 cities of gr17 (a real explicit matrix): exhaustive vs Held-Karp vs brute force.
  const auto full = tsp_instance_from_tsplib(tsplib("gr17.tsp"));
  TspInstance part;
  part.name = "gr17 first 12";
  part.k = 12;
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j) part.cost.push_back(full.at(i, j));
  finish_tsp_instance(part);
  const double optimum = solve(part, TspAlgorithm::HeldKarp).length;
  EXPECT_EQ(solve(part, TspAlgorithm::Exhaustive).length, optimum);
  EXPECT_EQ(tsp_test::brute_force_optimum(part), optimum);
}

TEST(TspTsplib, TwoOptOrOptCloseToPublishedOptima) {
  for (const char* name : {"berlin52", "kroA100"}) {
    const auto instance = tsp_instance_from_tsplib(tsplib(std::string(name) + ".tsp"));
    ASSERT_TRUE(instance.known_optimum.has_value());
    const auto result = solve(instance, TspAlgorithm::TwoOpt);
    tsp_test::expect_valid_tour(instance, result);
    EXPECT_GE(result.length, *instance.known_optimum) << name;
    EXPECT_LE(*result.gap_percent, 2.0) << name;
  }
}

TEST(TspLocalSearch, ValidToursNeverBelowTheOptimum) {
  const std::uint64_t seed = tsp_test::fresh_seed();
  SCOPED_TRACE(testing::Message() << "seed " << seed);
  std::mt19937_64 rng(seed);
  for (int k : {5, 7, 11, 13})
    for (bool symmetric : {true, false})
      for (bool integer_costs : {true, false}) {
        const auto instance = random_tsp_instance(k, rng(), symmetric, integer_costs);
        const double optimum = solve(instance, TspAlgorithm::HeldKarp).length;
        const auto result = solve(instance, TspAlgorithm::TwoOpt);
        tsp_test::expect_valid_tour(instance, result);
        EXPECT_GE(result.length, optimum - tsp_test::tolerance(instance, optimum));
        // Kicks on a handful of stops explore far more than the local optimum; a miss of more
        // than 10% would mean the moves are priced wrong.
        EXPECT_LE(result.length, optimum * 1.10) << "k=" << k << " symmetric=" << symmetric;
      }
}

TEST(TspProblem, GraphStopsUseShortestPathsAndExpandToRealRoutes) {
  LoadReport report;
  RandomGraphSpec spec;
  spec.n = 157;
  spec.degree = 4;
  spec.seed = tsp_test::fresh_seed();
  const Graph g = generate_random_graph(spec, report);
  // Floyd-Warshall written here, as the independent reference for the costs.
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> d(static_cast<std::size_t>(g.n) * g.n, inf);
  for (std::int32_t u = 0; u < g.n; ++u) {
    d[u * g.n + u] = 0;
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) d[u * g.n + g.heads[a]] = std::min(d[u * g.n + g.heads[a]], g.weights[a]);
  }
  for (std::int32_t w = 0; w < g.n; ++w)
    for (std::int32_t u = 0; u < g.n; ++u)
      for (std::int32_t v = 0; v < g.n; ++v) d[u * g.n + v] = std::min(d[u * g.n + v], d[u * g.n + w] + d[w * g.n + v]);
  // Stops all reachable from one another: members of the largest strongly connected part
  // (node 0 alone failed for a seed where node 0 had no incoming arc).
  const auto mutual = [&](std::int32_t u, std::int32_t v) { return d[u * g.n + v] < inf && d[v * g.n + u] < inf; };
  std::int32_t base = 0, base_size = 0;
  for (std::int32_t u = 0; u < g.n; ++u) {
    std::int32_t size = 0;
    for (std::int32_t v = 0; v < g.n; ++v) size += mutual(u, v);
    if (size > base_size) base = u, base_size = size;
  }
  std::vector<std::int32_t> stops;
  for (std::int32_t v = 0; v < g.n && stops.size() < 9; v += 7)
    if (mutual(base, v)) stops.push_back(v);
  ASSERT_GE(stops.size(), 4u) << "seed " << spec.seed;
  const auto instance = tsp_instance_from_graph(g, stops, "random graph");
  for (std::size_t i = 0; i < stops.size(); ++i)
    for (std::size_t j = 0; j < stops.size(); ++j)
      EXPECT_EQ(instance.at(i, j), i == j ? 0.0 : d[stops[i] * g.n + stops[j]]);
  const auto result = solve(instance, TspAlgorithm::Auto);
  EXPECT_EQ(result.length, tsp_test::brute_force_optimum(instance));
  const auto legs = expand_tour(g, instance, result.tour);
  ASSERT_EQ(legs.size(), stops.size());
  double walked = 0;
  for (std::size_t i = 0; i < legs.size(); ++i) {
    EXPECT_EQ(legs[i].nodes.front(), stops[result.tour[i]]);
    EXPECT_EQ(legs[i].nodes.back(), stops[result.tour[(i + 1) % legs.size()]]);
    for (std::size_t h = 0; h + 1 < legs[i].nodes.size(); ++h) {  // every hop is a real arc
      const auto u = legs[i].nodes[h], v = legs[i].nodes[h + 1];
      bool arc = false;
      for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) arc |= g.heads[a] == v;
      EXPECT_TRUE(arc);
    }
    walked += legs[i].distance;
  }
  EXPECT_EQ(walked, result.length);
}

TEST(TspProblem, UnreachableStopMakesTheInstanceInfeasible) {
  GraphBuilder builder(5);
  builder.add_edge(0, 1, 2);
  builder.add_edge(1, 2, 3);
  builder.add_arc(3, 4, 1);  // 3 and 4 are cut off from 0..2
  LoadReport report;
  const Graph g = builder.build(true, report);
  try {
    tsp_instance_from_graph(g, {0, 2, 4}, "islands");
    FAIL() << "no error for an unreachable stop";
  } catch (const TspInfeasible& e) {
    EXPECT_NE(std::string(e.what()).find("cannot be reached"), std::string::npos) << e.what();
  }
  TspInstance direct;
  direct.name = "matrix";
  direct.k = 3;
  direct.cost = {0, 1, 1, 1, 0, std::numeric_limits<double>::infinity(), 1, 1, 0};
  EXPECT_THROW(finish_tsp_instance(direct), TspInfeasible);
  EXPECT_THROW(make_tsp_engine("auto")->run(direct, TspOptions{}, {}), TspInfeasible);
}

TEST(TspProblem, HeldKarpOverBudgetNamesTheLargestFeasibleK) {
  // Costs up to about 14000: sums need int32, 4 bytes per entry.
  const auto instance = tsp_test::scaled(random_tsp_instance(20, 1, true, true), 10);
  ASSERT_EQ(held_karp_entry_bytes(instance), 4u);
  TspOptions options;
  options.memory_budget = 1 << 20;  // 1 MiB: 2^15 * 15 * 4 B does not fit, 2^14 * 14 * 4 B does
  try {
    make_tsp_engine("held-karp")->run(instance, options, {});
    FAIL() << "no refusal";
  } catch (const OverBudget& e) {
    const std::string message = e.what();
    // Independent count: the largest k with 2^(k-1) * (k-1) * 4 bytes <= 1 MiB.
    int largest = 2;
    while ((std::uint64_t{1} << largest) * largest * 4 <= (1u << 20)) ++largest;
    EXPECT_NE(message.find("largest number of stops that fits is " + std::to_string(largest)), std::string::npos) << message;
  }
  EXPECT_EQ(held_karp_max_k(1 << 20, 4), 15);
}

TEST(TspProblem, TooManyStopsForExhaustiveSearchIsRefused) {
  const auto instance = random_tsp_instance(kMaxExhaustiveStops + 1, 1, true, true);
  TspOptions options;
  EXPECT_THROW(make_tsp_engine("brute")->run(instance, options, {}), Error);
}

TEST(TspProblem, BadTsplibFileGivesLineNumber) {
  const auto path = std::filesystem::temp_directory_path() / "pathscope_bad_tour.tsp";
  {
    std::ofstream out(path);
    out << "NAME : bad\nTYPE : TSP\nDIMENSION : 3\nEDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 x 1\n3 1 1\nEOF\n";
  }
  try {
    tsp_instance_from_tsplib(path.string());
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 7) << e.what();
  }
  std::filesystem::remove(path);
}
