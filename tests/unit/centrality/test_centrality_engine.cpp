// The CPU centrality engine against a reference written from the definitions
// (tests/support/centrality_reference.hpp) on fresh random graphs of awkward sizes: directed
// and undirected, hop, small whole (many ties) and real costs, unreachable parts, self-loops,
// masks dropping nodes and arcs; normalized and raw; sampled betweenness; cancel.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <cmath>
#include <set>
#include <string>

#include "centrality_reference.hpp"
#include "fresh_seed.hpp"
#include "pathscope/centrality/centrality.hpp"
#include "pathscope/centrality/detail/centrality_support.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;
namespace ref = centrality_test;

namespace {

enum class Costs { Hops, SmallWhole, Real };

struct Recipe {
  std::int32_t n;
  bool directed;
  Costs costs;
  bool strengths;
  bool masked;
};

std::string describe(const Recipe& r) {
  return "n=" + std::to_string(r.n) + (r.directed ? " directed" : " undirected") +
         (r.costs == Costs::Hops ? " hops" : r.costs == Costs::SmallWhole ? " whole costs 1..3" : " real costs") +
         (r.strengths ? " strengths" : "") + (r.masked ? " masked" : "");
}

// Two groups with arcs only inside each (unreachable parts), a few self-loops, no parallel arcs.
Graph random_graph(const Recipe& r, SplitMix64& rng) {
  GraphBuilder b(r.n);
  std::set<std::pair<std::int32_t, std::int32_t>> seen;
  const std::int32_t split = r.n / 3;
  const auto arcs = static_cast<std::int32_t>(r.n * 2.5);
  for (std::int32_t i = 0; i < arcs; ++i) {
    std::int32_t u = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(r.n)));
    std::int32_t v = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(r.n)));
    if ((u < split) != (v < split)) continue;
    if (!r.directed && u > v) std::swap(u, v);
    if (u == v && rng.below(4) != 0) continue;
    if (!seen.insert({u, v}).second) continue;
    double cost = 1;
    if (r.costs == Costs::SmallWhole) cost = 1 + rng.below(3);
    if (r.costs == Costs::Real) cost = 0.05 + 10 * rng.unit();
    const double strength = 1 + rng.below(20);
    if (r.directed) r.strengths ? b.add_arc(u, v, cost, strength) : b.add_arc(u, v, cost);
    else r.strengths ? b.add_edge(u, v, cost, strength) : b.add_edge(u, v, cost);
  }
  LoadReport report;
  return b.build(r.directed, report);
}

// About a fifth of the nodes and of the arcs dropped; both arcs of an undirected edge alike, as
// a filter on edge attributes drops them.
GraphMask random_mask(const Graph& g, SplitMix64& rng) {
  GraphMask mask;
  mask.node_kept.assign(static_cast<std::size_t>(g.n), 1);
  for (auto& k : mask.node_kept) k = rng.below(5) != 0;
  mask.arc_kept.assign(static_cast<std::size_t>(g.arc_count()), 1);
  const std::uint64_t salt = rng.next();
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      std::uint64_t lo = static_cast<std::uint64_t>(u), hi = static_cast<std::uint64_t>(g.heads[a]);
      if (!g.directed && lo > hi) std::swap(lo, hi);
      SplitMix64 pair(salt ^ (lo * 0x9E3779B97F4A7C15ull + hi));
      mask.arc_kept[a] = pair.below(5) != 0;
    }
  return mask;
}

void expect_close(const std::vector<double>& got, const std::vector<double>& want, double tolerance,
                  const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t v = 0; v < want.size(); ++v) {
    if (std::isnan(want[v])) {
      EXPECT_TRUE(std::isnan(got[v])) << what << ", node " << v << " is dropped: got " << got[v];
      continue;
    }
    EXPECT_NEAR(got[v], want[v], tolerance * std::max(1.0, std::abs(want[v]))) << what << ", node " << v;
  }
}

// Weights PageRank and strengths see: the arc's strength where the graph has strengths, else 1;
// a loop counts 1 without strengths and nothing with (the loader keeps no loop strength).
std::vector<double> arc_weights(const Graph& g, const ref::Reference& r) {
  std::vector<double> w(static_cast<std::size_t>(g.n) * g.n, 0);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (r.at(r.cost, u, g.heads[a]) < ref::kInf)
        w[static_cast<std::size_t>(u) * g.n + g.heads[a]] = g.has_arc_strengths() ? g.arc_strengths[a] : 1.0;
  if (!g.has_arc_strengths())
    for (std::int32_t u = 0; u < g.n; ++u) w[static_cast<std::size_t>(u) * g.n + u] += r.loop[u];
  return w;
}

void check_recipe(const Recipe& recipe, std::uint64_t seed) {
  SplitMix64 rng(seed);
  const Graph g = random_graph(recipe, rng);
  CentralityOptions options;
  options.measures = all_centrality_measures();
  options.hops = recipe.costs == Costs::Hops;
  options.threads = 1 + static_cast<int>(rng.below(3));
  options.pagerank_tolerance = 1e-13;
  options.pagerank_max_iterations = 3000;
  if (recipe.masked) options.mask = random_mask(g, rng);
  const ref::Reference r = ref::make_reference(g, options.mask, options.hops, recipe.costs == Costs::Real ? 1e-12 : 0);
  const std::string what = describe(recipe) + ", seed " + std::to_string(seed);
  const auto engine = make_centrality_engine("cpu");
  for (const bool normalized : {true, false}) {
    options.normalized = normalized;
    const CentralityResult got = engine->run(g, options, {});
    const std::string with = what + (normalized ? ", normalized" : ", raw");
    expect_close(got.betweenness, ref::betweenness(r, normalized, g.directed), 1e-9, with + ", betweenness");
    expect_close(got.closeness, ref::closeness(r), 1e-12, with + ", closeness");
    expect_close(got.harmonic, ref::harmonic(r), 1e-12, with + ", harmonic");
    expect_close(got.pagerank, ref::pagerank(r, arc_weights(g, r), options.pagerank_alpha), 1e-10, with + ", pagerank");
    EXPECT_EQ(got.betweenness_error_bound, 0) << with;
    EXPECT_EQ(got.timing.engine, "cpu") << with;
    EXPECT_EQ(got.timing.device, cpu_device_label(options.threads)) << with;
    // Degrees: matrix entries in rows and columns; an undirected Graph counts a loop twice.
    const std::vector<double> weight = arc_weights(g, r);
    for (std::int32_t v = 0; v < g.n; ++v) {
      if (!r.kept[v]) {
        EXPECT_TRUE(std::isnan(got.in_degree[v]) && std::isnan(got.out_strength[v])) << with << ", node " << v;
        continue;
      }
      double in = 0, out = 0, in_strength = 0, out_strength = 0;
      for (std::int32_t u = 0; u < g.n; ++u) {
        if (u == v) continue;
        in += r.at(r.cost, u, v) < ref::kInf;
        out += r.at(r.cost, v, u) < ref::kInf;
        in_strength += weight[static_cast<std::size_t>(u) * g.n + v];
        out_strength += weight[static_cast<std::size_t>(v) * g.n + u];
      }
      const double loop_ends = g.directed ? 1 : 2;
      in += r.loop[v] * loop_ends;
      out += r.loop[v] * loop_ends;
      in_strength += weight[static_cast<std::size_t>(v) * g.n + v] * loop_ends;
      out_strength += weight[static_cast<std::size_t>(v) * g.n + v] * loop_ends;
      EXPECT_EQ(got.in_degree[v], in) << with << ", node " << v;
      EXPECT_EQ(got.out_degree[v], out) << with << ", node " << v;
      EXPECT_EQ(got.in_strength[v], in_strength) << with << ", node " << v;
      EXPECT_EQ(got.out_strength[v], out_strength) << with << ", node " << v;
    }
  }
  // Without betweenness the searches take a shorter road (hops: 64 sources a search, test_multi_source_levels.cpp).
  options.measures = {CentralityMeasure::Closeness, CentralityMeasure::Harmonic};
  const CentralityResult alone = engine->run(g, options, {});
  expect_close(alone.closeness, ref::closeness(r), 1e-12, what + ", closeness without betweenness");
  expect_close(alone.harmonic, ref::harmonic(r), 1e-12, what + ", harmonic without betweenness");
  EXPECT_TRUE(alone.betweenness.empty()) << what;
}

const std::int32_t kSizes[] = {1, 2, 3, 17, 61};

}  // namespace

TEST(CentralityEngine, MatchesTheReferenceOnRandomGraphs) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::uint64_t round = 0;
  for (const std::int32_t n : kSizes)
    for (const bool directed : {true, false})
      for (const Costs costs : {Costs::Hops, Costs::SmallWhole, Costs::Real})
        for (const bool masked : {false, true})
          check_recipe({n, directed, costs, /*strengths=*/(round % 2) == 1, masked}, seed + round++);
}

// Sampled betweenness: the engine's values are networkx 3.x's estimate from the very sources
// centrality_sources draws (a sampled node saw k - 1 useful sources), within the stated bound
// of the exact values, and exact when every node is sampled.
TEST(CentralityEngine, SampledBetweennessKeepsItsBound) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  for (const bool directed : {true, false}) {
    const Recipe recipe{61, directed, Costs::SmallWhole, false, false};
    const Graph g = random_graph(recipe, rng);
    const ref::Reference r = ref::make_reference(g, {}, false, 0);
    for (const bool normalized : {true, false}) {
      const std::vector<double> exact = ref::betweenness(r, normalized, directed);
      for (const std::int64_t k : {2, 7, 30, 61}) {
        CentralityOptions options;
        options.samples = k;
        options.seed = rng.next();
        options.normalized = normalized;
        options.threads = 2;
        const CentralityResult got = make_centrality_engine("cpu")->run(g, options, {});
        const std::string what = describe(recipe) + ", k=" + std::to_string(k) + (normalized ? ", normalized" : ", raw");
        EXPECT_EQ(got.sources_used, k) << what;
        if (k == g.n) {
          expect_close(got.betweenness, exact, 1e-9, what);
          EXPECT_EQ(got.betweenness_error_bound, 0) << what;
          continue;
        }
        const std::vector<std::int32_t> sources = detail::centrality_sources(g, options);
        ASSERT_EQ(static_cast<std::int64_t>(sources.size()), k);
        std::vector<std::uint8_t> sampled(static_cast<std::size_t>(g.n), 0);
        for (const auto s : sources) sampled[s] = 1;
        EXPECT_EQ(std::set<std::int32_t>(sources.begin(), sources.end()).size(), sources.size()) << what;
        const double pairs = g.n - 1, correction = directed || normalized ? 1 : 2;
        for (std::int32_t v = 0; v < g.n; ++v) {
          double sum = 0;
          for (const auto s : sources) sum += ref::dependency(r, s, v);
          const double useful = static_cast<double>(k) - sampled[v];
          const double scale = normalized ? 1 / (useful * (pairs - 1)) : pairs / (useful * correction);
          EXPECT_NEAR(got.betweenness[v], sum * scale, 1e-9 * std::max(1.0, sum * scale)) << what << ", node " << v;
          EXPECT_LE(std::abs(got.betweenness[v] - exact[v]), got.betweenness_error_bound) << what << ", node " << v;
        }
        EXPECT_GT(got.betweenness_error_bound, 0) << what;
        EXPECT_EQ(got.betweenness_bound_delta, 0.05) << what;
      }
    }
  }
}

TEST(CentralityEngine, SampledSourcesDependOnTheSeedOnly) {
  SplitMix64 rng(test_support::fresh_seed());
  const Graph g = random_graph({200, true, Costs::Hops, false, false}, rng);
  CentralityOptions options;
  options.samples = 37;
  options.seed = rng.next();
  const auto first = detail::centrality_sources(g, options);
  EXPECT_EQ(first, detail::centrality_sources(g, options));
  options.seed += 1;
  EXPECT_NE(first, detail::centrality_sources(g, options));
  // A fixed seed gives a fixed draw on every machine and standard library (the GPU engine and
  // the Python tests rely on it): these are std::mt19937_64(7)'s first draws reduced by hand.
  options.seed = 7;
  options.samples = 3;
  const auto fixed = detail::centrality_sources(g, options);
  std::mt19937_64 draw(7);
  std::vector<std::int32_t> all(200);
  for (std::int32_t i = 0; i < 200; ++i) all[i] = i;
  for (std::size_t i = 0; i < 3; ++i) std::swap(all[i], all[i + draw() % (200 - i)]);
  EXPECT_EQ(fixed, std::vector<std::int32_t>(all.begin(), all.begin() + 3));
}

TEST(CentralityEngine, ThreadCountsGiveTheSameValues) {
  SplitMix64 rng(test_support::fresh_seed());
  const Graph g = random_graph({301, false, Costs::Real, false, false}, rng);
  CentralityOptions options;
  options.measures = {CentralityMeasure::Betweenness, CentralityMeasure::Closeness, CentralityMeasure::Harmonic};
  options.threads = 1;
  const CentralityResult one = make_centrality_engine("cpu")->run(g, options, {});
  for (const int threads : {2, 3, 7}) {
    options.threads = threads;
    const CentralityResult many = make_centrality_engine("cpu")->run(g, options, {});
    expect_close(many.betweenness, one.betweenness, 1e-12, std::to_string(threads) + " threads");
    expect_close(many.closeness, one.closeness, 1e-12, std::to_string(threads) + " threads");
    expect_close(many.harmonic, one.harmonic, 1e-12, std::to_string(threads) + " threads");
    EXPECT_EQ(many.timing.updates, one.timing.updates);
  }
}

TEST(CentralityEngine, CancelStopsTheSearches) {
  SplitMix64 rng(test_support::fresh_seed());
  const Graph g = random_graph({3000, true, Costs::Hops, false, false}, rng);
  std::atomic<bool> cancel{false};
  double last = 0;
  const JobContext job([&](double fraction) {
    last = fraction;
    cancel = true;
  }, &cancel);
  CentralityOptions options;
  options.threads = 2;
  EXPECT_THROW(make_centrality_engine("cpu")->run(g, options, job), Cancelled);
  EXPECT_LT(last, 1.0);
}

TEST(CentralityEngine, RefusesWhatItCannotDo) {
  GraphBuilder b(3);
  b.add_arc(0, 1, 2);
  b.add_arc(1, 2, -1);
  LoadReport report;
  const Graph negative = b.build(true, report);
  EXPECT_THROW(make_centrality_engine("cpu")->run(negative, {}, {}), Error);
  CentralityOptions hops;
  hops.hops = true;  // every arc costs 1: the sign of a cost does not matter
  EXPECT_NO_THROW(make_centrality_engine("cpu")->run(negative, hops, {}));
  CentralityOptions bad;
  bad.samples = -1;
  EXPECT_THROW(make_centrality_engine("cpu")->run(negative, bad, {}), UsageError);
  CentralityOptions tiny;
  tiny.memory_budget = 64;
  tiny.hops = true;
  EXPECT_THROW(make_centrality_engine("cpu")->run(negative, tiny, {}), OverBudget);
  CentralityOptions stubborn;
  stubborn.measures = {CentralityMeasure::PageRank};
  stubborn.pagerank_max_iterations = 1;
  stubborn.pagerank_tolerance = 1e-15;
  EXPECT_THROW(make_centrality_engine("cpu")->run(negative, stubborn, {}), Error);
}

// Closeness and harmonic from sampled sources: each node's sums over the sampled sources other
// than itself, scaled up to the n - 1 others.
TEST(CentralityEngine, SampledClosenessAndHarmonicScaleTheSampledSums) {
  SplitMix64 rng(test_support::fresh_seed());
  const Recipe recipe{61, true, Costs::Real, false, false};
  const Graph g = random_graph(recipe, rng);
  const ref::Reference r = ref::make_reference(g, {}, false, 1e-12);
  CentralityOptions options;
  options.measures = {CentralityMeasure::Closeness, CentralityMeasure::Harmonic};
  options.samples = 23;
  options.seed = rng.next();
  const CentralityResult got = make_centrality_engine("cpu")->run(g, options, {});
  const auto sources = detail::centrality_sources(g, options);
  for (std::int32_t v = 0; v < g.n; ++v) {
    double others = 0, reached = 0, total = 0, inverse = 0;
    for (const auto s : sources) {
      if (s == v) continue;
      others += 1;
      const double d = r.at(r.dist, s, v);
      if (d == ref::kInf) continue;
      reached += 1;
      total += d;
      inverse += 1 / d;
    }
    const double scale = (g.n - 1) / others;
    reached *= scale;
    total *= scale;
    const double closeness = total > 0 ? reached / total * reached / (g.n - 1) : 0.0;
    EXPECT_NEAR(got.closeness[v], closeness, 1e-12 * std::max(1.0, closeness)) << "node " << v;
    EXPECT_NEAR(got.harmonic[v], inverse * scale, 1e-12 * std::max(1.0, inverse * scale)) << "node " << v;
  }
}
