// Paths rebuilt from all-pairs results (from the distances alone, or from next hops) and found
// by single-source search, each checked arc by arc against the graph and against the matrix.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/single_source.hpp"
#include "pathscope/paths/path.hpp"
#include "random_graphs.hpp"

namespace pathscope {
namespace {

using testing::Costs;
using testing::GraphRecipe;

double arc_cost(const Graph& g, std::int32_t u, std::int32_t v) {
  for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
    if (g.heads[a] == v) return g.weights[a];
  return std::nan("");
}

// A path is right when it starts at s, ends at t, visits no node twice, every step is an arc
// of the graph with the stated cost, and the costs add up to its distance.
void expect_valid_path(const Graph& g, const Path& p, std::int32_t s, std::int32_t t, const std::string& context) {
  ASSERT_TRUE(p.reachable) << context;
  ASSERT_FALSE(p.nodes.empty()) << context;
  ASSERT_EQ(p.source, s) << context;
  ASSERT_EQ(p.target, t) << context;
  ASSERT_EQ(p.nodes.front(), s) << context;
  ASSERT_EQ(p.nodes.back(), t) << context;
  ASSERT_EQ(p.arc_costs.size() + 1, p.nodes.size()) << context;
  ASSERT_EQ(std::set<std::int32_t>(p.nodes.begin(), p.nodes.end()).size(), p.nodes.size())
      << context << ": a node repeats";
  double sum = 0;
  for (std::size_t i = 0; i + 1 < p.nodes.size(); ++i) {
    const double cost = arc_cost(g, p.nodes[i], p.nodes[i + 1]);
    ASSERT_FALSE(std::isnan(cost)) << context << ": no arc " << p.nodes[i] << " -> " << p.nodes[i + 1];
    ASSERT_EQ(cost, p.arc_costs[i]) << context;
    sum += cost;
  }
  EXPECT_EQ(sum, p.distance) << context;
}

ApspResult run_engine(const std::string& engine, const Graph& g, DistType dist, bool next_hop) {
  ApspOptions o;
  o.dist = dist;
  o.next_hop = next_hop;
  return make_apsp_engine(engine)->run(g, o, JobContext{});
}

// Walks the next-hop matrix itself: each hop an arc, at most n-1 hops, costs summing to D.
void expect_valid_next_hops(const Graph& g, const ApspResult& r, const std::string& context) {
  ASSERT_EQ(r.next.size(), static_cast<std::size_t>(r.n) * r.n) << context;
  const auto n = static_cast<std::size_t>(r.n);
  for (std::int32_t s = 0; s < r.n; ++s) {
    for (std::int32_t t = 0; t < r.n; ++t) {
      if (s == t || !r.reachable(s, t)) {
        ASSERT_EQ(r.next[s * n + t], -1) << context << " s=" << s << " t=" << t;
        continue;
      }
      double sum = 0;
      std::int32_t u = s, hops = 0;
      while (u != t && hops < r.n) {
        const std::int32_t hop = r.next[u * n + t];
        ASSERT_GE(hop, 0) << context;
        const double cost = arc_cost(g, u, hop);
        ASSERT_FALSE(std::isnan(cost)) << context << ": next hop " << u << " -> " << hop << " is no arc";
        sum += cost;
        u = hop;
        ++hops;
      }
      ASSERT_EQ(u, t) << context << ": next hops from " << s << " to " << t << " loop";
      if (r.dist == DistType::Int32) {
        ASSERT_EQ(sum, r.distance(s, t)) << context << " s=" << s << " t=" << t;
      } else {
        ASSERT_NEAR(sum, r.distance(s, t), testing::float_tolerance(r.n, Costs::Real, sum) + 1e-9) << context;
      }
    }
  }
}

std::vector<GraphRecipe> tricky_recipes(std::int32_t n) {
  std::vector<GraphRecipe> recipes;
  GraphRecipe zeros;
  zeros.n = n;
  zeros.seed = 51;
  zeros.zero_share = 0.4;  // many zero-cost cycles: a greedy walk could circle forever
  zeros.components = 2;
  zeros.sink_share = 0.1;
  recipes.push_back(zeros);
  GraphRecipe all_zero = zeros;
  all_zero.seed = 52;
  all_zero.zero_share = 1.0;  // every distance 0: every arc is tight
  all_zero.sink_share = 0;
  recipes.push_back(all_zero);
  GraphRecipe negative = zeros;
  negative.seed = 53;
  negative.negative = true;
  negative.zero_share = 0.3;
  recipes.push_back(negative);
  return recipes;
}

class PathsFromMatrix : public ::testing::TestWithParam<std::int32_t> {};

TEST_P(PathsFromMatrix, RebuiltFromDistancesAlone) {
  for (const auto& recipe : tricky_recipes(GetParam())) {
    const Graph g = testing::make_graph(recipe);
    const auto r = run_engine("blocked", g, DistType::Int32, false);
    ASSERT_TRUE(r.next.empty());
    for (std::int32_t s = 0; s < g.n; ++s) {
      for (std::int32_t t = 0; t < g.n; ++t) {
        const std::string context = testing::describe(recipe) + " s=" + std::to_string(s) + " t=" + std::to_string(t);
        const Path p = path_from_apsp(g, r, s, t);
        if (!r.reachable(s, t)) {
          EXPECT_FALSE(p.reachable) << context;
          EXPECT_TRUE(p.nodes.empty()) << context;
          continue;
        }
        expect_valid_path(g, p, s, t, context);
        ASSERT_EQ(p.distance, r.distance(s, t)) << context;
      }
    }
  }
}

TEST_P(PathsFromMatrix, NextHopsOfEveryEngine) {
  for (const auto& recipe : tricky_recipes(GetParam())) {
    const Graph g = testing::make_graph(recipe);
    std::vector<std::string> engines = {"textbook", "blocked"};
    if (!g.has_negative_weights()) engines.push_back("sparse");
    for (const auto& engine : engines) {
      for (const DistType dist : {DistType::Int32, DistType::Float32}) {
        const std::string context = testing::describe(recipe) + " " + engine + " " + dist_type_name(dist);
        const auto with_next = run_engine(engine, g, dist, true);
        const auto without = run_engine(engine, g, dist, false);
        // Asking for next hops changes nothing in the distances.
        EXPECT_EQ(with_next.d32, without.d32) << context;
        EXPECT_EQ(with_next.df, without.df) << context;
        expect_valid_next_hops(g, with_next, context);
        for (std::int32_t s = 0; s < g.n; s += 3)
          for (std::int32_t t = 0; t < g.n; t += 2) {
            if (!with_next.reachable(s, t)) continue;
            const Path from_next = path_from_apsp(g, with_next, s, t);
            const Path from_distances = path_from_apsp(g, without, s, t);
            expect_valid_path(g, from_next, s, t, context);
            expect_valid_path(g, from_distances, s, t, context);
            EXPECT_EQ(from_next.distance, from_distances.distance) << context;
          }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, PathsFromMatrix, ::testing::Values(2, 33, 65, 130),
                         [](const auto& info) { return "n" + std::to_string(info.param); });

TEST(PathsFromMatrix, FloatWithRealCostsWithinTolerance) {
  GraphRecipe recipe;
  recipe.n = 257;
  recipe.seed = 54;
  recipe.costs = Costs::Real;
  recipe.zero_share = 0.2;
  recipe.components = 2;
  const Graph g = testing::make_graph(recipe);
  for (const char* engine : {"blocked", "sparse"}) {
    const auto r = run_engine(engine, g, DistType::Float32, false);
    for (std::int32_t s = 0; s < g.n; s += 5) {
      const auto reference = testing::reference_distances(g, s);
      for (std::int32_t t = 0; t < g.n; ++t) {
        const std::string context = std::string(engine) + " s=" + std::to_string(s) + " t=" + std::to_string(t);
        const Path p = path_from_apsp(g, r, s, t);
        if (std::isinf(reference[t])) {
          EXPECT_FALSE(p.reachable) << context;
          continue;
        }
        expect_valid_path(g, p, s, t, context);
        // A real path cannot beat the exact optimum; it may exceed it by the matrix's own
        // rounding plus the slack of the widest tightness test (2^-12 relative to three
        // terms of at most |D| each, per hop).
        const double hops = static_cast<double>(p.arc_costs.size());
        EXPECT_GE(p.distance, reference[t] - 1e-9 * std::fabs(reference[t])) << context;
        EXPECT_LE(p.distance, reference[t] + testing::float_tolerance(g.n, Costs::Real, reference[t]) +
                                  3 * hops * 0x1.0p-12 * std::fabs(reference[t]))
            << context;
      }
    }
  }
}

TEST(PathsFromMatrix, Hop16Matrix) {
  GraphRecipe recipe;
  recipe.n = 90;
  recipe.seed = 55;
  recipe.max_weight = 1;
  recipe.components = 2;
  const Graph g = testing::make_graph(recipe);
  ASSERT_TRUE(g.unit_weights);
  // A hop16 result as a GPU engine would return it, made here from the reference.
  ApspResult r;
  r.n = g.n;
  r.dist = DistType::Hop16;
  r.d16.resize(static_cast<std::size_t>(g.n) * g.n);
  for (std::int32_t s = 0; s < g.n; ++s) {
    const auto row = testing::reference_distances(g, s);
    for (std::int32_t t = 0; t < g.n; ++t)
      r.d16[static_cast<std::size_t>(s) * g.n + t] = std::isinf(row[t]) ? kUnreachableU16 : static_cast<std::uint16_t>(row[t]);
  }
  for (std::int32_t s = 0; s < g.n; ++s)
    for (std::int32_t t = 0; t < g.n; ++t) {
      const Path p = path_from_apsp(g, r, s, t);
      if (!r.reachable(s, t)) {
        EXPECT_FALSE(p.reachable);
        continue;
      }
      expect_valid_path(g, p, s, t, "hop16");
      EXPECT_EQ(p.arc_costs.size(), r.d16[static_cast<std::size_t>(s) * g.n + t]);
    }
}

TEST(PathsFromMatrix, SourceEqualsTarget) {
  GraphRecipe recipe;
  recipe.n = 20;
  const Graph g = testing::make_graph(recipe);
  const auto r = run_engine("blocked", g, DistType::Int32, false);
  for (std::int32_t s = 0; s < g.n; ++s) {
    const Path p = path_from_apsp(g, r, s, s);
    EXPECT_TRUE(p.reachable);
    EXPECT_EQ(p.nodes, std::vector<std::int32_t>{s});
    EXPECT_EQ(p.distance, 0);
  }
}

TEST(PathsFromMatrix, BadArgumentsAreErrors) {
  GraphRecipe recipe;
  recipe.n = 20;
  const Graph g = testing::make_graph(recipe);
  const auto r = run_engine("blocked", g, DistType::Int32, false);
  EXPECT_THROW(path_from_apsp(g, r, -1, 3), Error);
  EXPECT_THROW(path_from_apsp(g, r, 3, 20), Error);
  recipe.n = 21;
  const Graph other = testing::make_graph(recipe);
  EXPECT_THROW(path_from_apsp(other, r, 1, 2), Error);
  EXPECT_THROW(path_single_source(g, 0, 99), Error);
  EXPECT_THROW(single_source_distances(g, -5), Error);
}

// ---- single-source search (the fallback when the matrix is over budget) ---------------

class SingleSource : public ::testing::TestWithParam<std::int32_t> {};

TEST_P(SingleSource, AgreesWithTheMatrix) {
  auto recipes = tricky_recipes(GetParam());
  GraphRecipe unit;
  unit.n = GetParam();
  unit.seed = 56;
  unit.max_weight = 1;
  unit.components = 2;
  recipes.push_back(unit);
  for (const auto& recipe : recipes) {
    const Graph g = testing::make_graph(recipe);
    const auto r = run_engine("blocked", g, DistType::Int32, false);
    for (std::int32_t s = 0; s < g.n; ++s) {
      const auto distances = single_source_distances(g, s);
      ASSERT_EQ(distances.size(), static_cast<std::size_t>(g.n));
      for (std::int32_t t = 0; t < g.n; ++t) {
        const std::string context = testing::describe(recipe) + " s=" + std::to_string(s) + " t=" + std::to_string(t);
        ASSERT_EQ(distances[t], r.distance(s, t)) << context;
        const Path p = path_single_source(g, s, t);
        if (!r.reachable(s, t)) {
          EXPECT_FALSE(p.reachable) << context;
          continue;
        }
        expect_valid_path(g, p, s, t, context);
        ASSERT_EQ(p.distance, r.distance(s, t)) << context;
        ASSERT_EQ(p.distance, path_from_apsp(g, r, s, t).distance) << context;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, SingleSource, ::testing::Values(1, 2, 64, 150),
                         [](const auto& info) { return "n" + std::to_string(info.param); });

TEST(SingleSource, NegativeCycleReachableFromTheSourceIsReported) {
  GraphRecipe recipe;
  recipe.n = 120;
  recipe.seed = 57;
  recipe.negative = true;
  recipe.components = 3;
  const auto planted = testing::make_graph_with_negative_cycle(recipe);
  const Graph& g = planted.graph;
  int reported = 0, answered = 0;
  for (std::int32_t s = 0; s < g.n; ++s) {
    // Which sources reach the cycle, found by a plain graph search here.
    std::vector<char> seen(g.n, 0);
    std::vector<std::int32_t> stack{s};
    seen[s] = 1;
    while (!stack.empty()) {
      const std::int32_t u = stack.back();
      stack.pop_back();
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
        if (!seen[g.heads[a]]) seen[g.heads[a]] = 1, stack.push_back(g.heads[a]);
    }
    if (seen[planted.cycle[0]]) {
      EXPECT_THROW(single_source_distances(g, s), NegativeCycle) << s;
      EXPECT_THROW(path_single_source(g, s, planted.cycle[0]), NegativeCycle) << s;
      ++reported;
    } else {
      const auto distances = single_source_distances(g, s);
      const auto reference = testing::reference_distances(g, s);
      EXPECT_EQ(distances, reference) << s;
      ++answered;
    }
  }
  EXPECT_GT(reported, 0);
  EXPECT_GT(answered, 0);
}

}  // namespace
}  // namespace pathscope
