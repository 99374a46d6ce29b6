// Paths rebuilt from a saved table (path_from_saved_table) against an independent reference:
// Bellman-Ford distances in double (random_graphs.hpp) and a plain BFS for hop16 tables, on
// fresh random graphs with zero-cost arcs, sinks and unreachable parts; a table computed for
// other costs is refused rather than answered wrongly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/apsp/saved_table.hpp"
#include "pathscope/paths/saved_table_path.hpp"
#include "pathscope/runtime/error.hpp"
#include "random_graphs.hpp"
#include "reader_checks.hpp"

using namespace pathscope;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> reference_hops(const Graph& g, std::int32_t s) {
  std::vector<double> hops(g.n, kInf);
  std::vector<std::int32_t> queue{s};
  hops[s] = 0;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (std::int64_t a = g.offsets[queue[i]]; a < g.offsets[queue[i] + 1]; ++a)
      if (hops[g.heads[a]] == kInf) {
        hops[g.heads[a]] = hops[queue[i]] + 1;
        queue.push_back(g.heads[a]);
      }
  return hops;
}

// The cheapest arc u -> v, or NaN when there is none.
double arc_cost(const Graph& g, std::int32_t u, std::int32_t v) {
  double best = NAN;
  for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
    if (g.heads[a] == v && !(g.weights[a] >= best)) best = g.weights[a];
  return best;
}

// The CPU engines compute no hop16 (only the GPU does): the int32 result of a hop count, narrowed.
ApspResult table_result(const Graph& g, DistType type) {
  ApspOptions options;
  options.dist = type == DistType::Hop16 ? DistType::Int32 : type;
  Graph hops = g;
  if (type == DistType::Hop16) std::fill(hops.weights.begin(), hops.weights.end(), 1.0);
  ApspResult result = make_apsp_engine("textbook")->run(type == DistType::Hop16 ? hops : g, options, {});
  if (type != DistType::Hop16) return result;
  result.dist = DistType::Hop16;
  for (const auto d : result.d32) result.d16.push_back(d == kUnreachableI32 ? kUnreachableU16 : static_cast<std::uint16_t>(d));
  result.d32.clear();
  return result;
}

}  // namespace

TEST(TablePath, EveryPairWalksToTheReferenceDistanceInEveryType) {
  const std::uint64_t seed = test_support::fresh_seed();
  readtest::TempDir dir;
  for (const DistType type : {DistType::Hop16, DistType::Int32, DistType::Int64, DistType::Float32}) {
    pathscope::testing::GraphRecipe recipe;
    recipe.n = 31 + static_cast<std::int32_t>((seed >> 3) % 41);
    recipe.seed = seed + static_cast<std::uint64_t>(type);
    recipe.mean_degree = 2.5;
    recipe.components = 2;
    recipe.sink_share = 0.1;
    recipe.zero_share = type == DistType::Hop16 ? 0 : 0.15;  // zero-cost arcs: loops a greedy walk could take
    recipe.costs = type == DistType::Float32 ? pathscope::testing::Costs::Real : pathscope::testing::Costs::Integer;
    const Graph g = pathscope::testing::make_graph(recipe);
    SCOPED_TRACE(std::string(dist_type_name(type)) + " " + pathscope::testing::describe(recipe));
    const std::string file = dir.file(std::string(dist_type_name(type)) + ".npy");
    write_npy(file, table_result(g, type));
    const SavedTable table(file);
    for (std::int32_t s = 0; s < g.n; ++s) {
      const auto want = type == DistType::Hop16 ? reference_hops(g, s) : pathscope::testing::reference_distances(g, s);
      for (std::int32_t t = 0; t < g.n; ++t) {
        const Path p = path_from_saved_table(g, table, s, t);
        ASSERT_EQ(p.source, s);
        ASSERT_EQ(p.target, t);
        ASSERT_EQ(p.reachable, want[t] != kInf) << s << " -> " << t;
        if (!p.reachable) continue;
        ASSERT_EQ(p.nodes.front(), s);
        ASSERT_EQ(p.nodes.back(), t);
        ASSERT_EQ(p.arc_costs.size() + 1, p.nodes.size());
        EXPECT_EQ(std::set<std::int32_t>(p.nodes.begin(), p.nodes.end()).size(), p.nodes.size()) << "not simple";
        double sum = 0;
        for (std::size_t i = 0; i + 1 < p.nodes.size(); ++i) {
          const double w = arc_cost(g, p.nodes[i], p.nodes[i + 1]);
          ASSERT_FALSE(std::isnan(w)) << "no arc " << p.nodes[i] << " -> " << p.nodes[i + 1];
          EXPECT_EQ(p.arc_costs[i], w);
          sum += w;
        }
        EXPECT_EQ(p.distance, sum);
        if (type == DistType::Hop16) {
          EXPECT_EQ(static_cast<double>(p.nodes.size() - 1), want[t]) << s << " -> " << t;
        } else if (type == DistType::Float32) {
          EXPECT_NEAR(p.distance, want[t], 1e-4 * (1 + want[t])) << s << " -> " << t;
        } else {
          EXPECT_EQ(p.distance, want[t]) << s << " -> " << t;
        }
      }
    }
  }
}

TEST(TablePath, ATableOfOtherCostsIsRefusedNamingTheFile) {
  const std::uint64_t seed = test_support::fresh_seed();
  readtest::TempDir dir;
  pathscope::testing::GraphRecipe recipe;
  recipe.n = 40 + static_cast<std::int32_t>(seed % 30);
  recipe.seed = seed;
  recipe.mean_degree = 3;
  Graph g = pathscope::testing::make_graph(recipe);
  // Odd costs, and a table of the same graph with every cost doubled: its distances are even,
  // so no arc of g (odd) ever joins two of them. A table of other costs can be walkable by
  // chance; this one never is.
  for (auto& w : g.weights) w = 2 * w - 1;
  Graph doubled = g;
  for (auto& w : doubled.weights) w *= 2;
  const std::string file = dir.file("doubled.npy");
  write_npy(file, table_result(doubled, DistType::Int32));
  const SavedTable table(file);
  int refused = 0;
  for (std::int32_t s = 0; s < g.n; ++s) {
    for (std::int32_t t = 0; t < g.n; ++t) {
      if (s == t || std::isinf(table.cell(s, t))) {
        EXPECT_NO_THROW(path_from_saved_table(g, table, s, t));
        continue;
      }
      try {
        path_from_saved_table(g, table, s, t);
        ADD_FAILURE() << s << " -> " << t << " answered from a table of other costs";
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("doubled.npy"), std::string::npos) << e.what();
        ++refused;
      }
    }
  }
  EXPECT_GT(refused, 0);
  const Graph bigger = make_empty_graph(g.n + 1);
  EXPECT_THROW(path_from_saved_table(bigger, table, 0, 1), Error);
  EXPECT_THROW(path_from_saved_table(g, table, 0, g.n), Error);
}
