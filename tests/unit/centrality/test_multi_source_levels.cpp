// Closeness and harmonic with hop costs searched 64 sources at a time: the batched searches'
// sums against a plain BFS from each source written here, with every level pushed, every level
// pulled and the step chosen by frontier size; and the CPU engine, which must take this road
// (its arc count is the batched searches'), against the reference from the definitions
// (tests/support/centrality_reference.hpp). Fresh random graphs of awkward sizes: directed and
// undirected, hubs, unreachable parts, isolated nodes, self-loops, masks (one way of an
// undirected edge dropped too), sampled sources, one to three threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "centrality_reference.hpp"
#include "fresh_seed.hpp"
#include "pathscope/centrality/centrality.hpp"
#include "pathscope/centrality/detail/centrality_support.hpp"
#include "pathscope/centrality/detail/multi_source_levels.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;
namespace ref = centrality_test;

namespace {

struct Shape {
  std::int32_t n;
  bool directed;
  bool unit_costs;  // every arc costs 1 (else 1..3, searched with hops = true)
  bool masked;
};

std::string describe(const Shape& s, std::uint64_t seed) {
  return "n=" + std::to_string(s.n) + (s.directed ? " directed" : " undirected") +
         (s.unit_costs ? " unit costs" : " costs 1..3 as hops") + (s.masked ? " masked" : "") + ", seed " +
         std::to_string(seed);
}

// Three groups with no arc between them (unreachable parts), a tenth of the nodes isolated, a
// few hubs with many arcs (the large middle levels a pull is for), some self-loops.
Graph random_graph(const Shape& s, SplitMix64& rng) {
  GraphBuilder b(s.n);
  std::set<std::pair<std::int32_t, std::int32_t>> seen;
  std::vector<std::uint8_t> isolated(static_cast<std::size_t>(s.n), 0);
  for (auto& i : isolated) i = rng.below(10) == 0;
  const auto group = [&](std::int32_t v) { return v % 3 == 0 ? 0 : v % 7 == 0 ? 1 : 2; };
  const auto add = [&](std::int32_t u, std::int32_t v) {
    if (isolated[u] || isolated[v] || group(u) != group(v)) return;
    if (!s.directed && u > v) std::swap(u, v);
    if (!seen.insert({u, v}).second) return;
    const double cost = s.unit_costs ? 1 : 1 + rng.below(3);
    s.directed ? b.add_arc(u, v, cost) : b.add_edge(u, v, cost);
  };
  const auto node = [&] { return static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(s.n))); };
  const auto arcs = static_cast<std::int32_t>(s.n * (1.5 + 2 * rng.unit()));
  for (std::int32_t i = 0; i < arcs; ++i) {
    const std::int32_t u = node(), v = node();
    if (u == v && rng.below(3) != 0) continue;
    add(u, v);
  }
  for (std::int32_t hub = 0; hub < std::min(s.n, 4); ++hub) {
    const std::int32_t h = node();
    for (std::int32_t i = 0; i < s.n / 4; ++i) rng.below(2) ? add(h, node()) : add(node(), h);
  }
  LoadReport report;
  return b.build(s.directed, report);
}

// About a fifth of the nodes and of the arcs dropped, each arc on its own (so an undirected
// edge may keep one way only).
GraphMask random_mask(const Graph& g, SplitMix64& rng) {
  GraphMask mask;
  mask.node_kept.assign(static_cast<std::size_t>(g.n), 1);
  for (auto& k : mask.node_kept) k = rng.below(5) != 0;
  mask.arc_kept.assign(static_cast<std::size_t>(g.arc_count()), 1);
  for (auto& k : mask.arc_kept) k = rng.below(5) != 0;
  return mask;
}

std::vector<std::int32_t> kept_nodes(const Graph& g, const GraphMask& mask) {
  std::vector<std::int32_t> kept;
  for (std::int32_t v = 0; v < g.n; ++v)
    if (mask.keeps_node(v)) kept.push_back(v);
  return kept;
}

// Sums over `sources` by one plain BFS each, reading the mask arc by arc.
detail::SourceSums plain_bfs_sums(const Graph& g, const GraphMask& mask, const std::vector<std::int32_t>& sources) {
  const auto n = static_cast<std::size_t>(g.n);
  detail::SourceSums sums;
  sums.distance_sum.assign(n, 0);
  sums.inverse_distance_sum.assign(n, 0);
  sums.reached_by.assign(n, 0);
  std::vector<std::int32_t> level(n), queue;
  for (const std::int32_t s : sources) {
    std::fill(level.begin(), level.end(), -1);
    level[s] = 0;
    queue.assign(1, s);
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const std::int32_t u = queue[i];
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const std::int32_t v = g.heads[a];
        const bool kept = (mask.arc_kept.empty() || mask.arc_kept[a]) && mask.keeps_node(u) && mask.keeps_node(v);
        if (!kept || level[v] >= 0) continue;
        level[v] = level[u] + 1;
        queue.push_back(v);
        sums.distance_sum[v] += level[v];
        sums.inverse_distance_sum[v] += 1.0 / level[v];
        sums.reached_by[v] += 1;
      }
    }
  }
  return sums;
}

// The batched searches over `sources` on one thread (one object for every batch, as a thread
// of the engine reuses it).
struct Batched {
  detail::SourceSums sums;
  std::int64_t arcs_scanned, push_levels, pull_levels;
};
Batched batched_sums(const Graph& g, const GraphMask& mask, const std::vector<std::int32_t>& sources,
                     detail::LevelStep step) {
  const detail::LevelArcs arcs(g, mask);
  detail::MultiSourceLevels search(arcs, true, true, step);
  const auto count = static_cast<std::int64_t>(sources.size());
  for (std::int64_t first = 0; first < count; first += detail::MultiSourceLevels::kBatch)
    search.run(sources.data() + first,
               static_cast<int>(std::min<std::int64_t>(detail::MultiSourceLevels::kBatch, count - first)));
  return {search.sums(), search.arcs_scanned(), search.push_levels(), search.pull_levels()};
}

void expect_near_all(const std::vector<double>& got, const std::vector<double>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t v = 0; v < want.size(); ++v) {
    if (std::isnan(want[v])) {
      EXPECT_TRUE(std::isnan(got[v])) << what << ", node " << v << " is dropped: got " << got[v];
      continue;
    }
    EXPECT_NEAR(got[v], want[v], 1e-12 * std::max(1.0, std::abs(want[v]))) << what << ", node " << v;
  }
}

// n = 1, below one word, one word, one past it, and sizes giving several batches.
std::vector<std::int32_t> awkward_sizes(SplitMix64& rng) {
  return {1, 2 + static_cast<std::int32_t>(rng.below(40)), 64, 65, 129 + static_cast<std::int32_t>(rng.below(100)),
          600 + static_cast<std::int32_t>(rng.below(300))};
}

}  // namespace

TEST(MultiSourceLevels, SumsMatchOneBfsPerSourceInEveryStep) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  std::int64_t pulls_chosen = 0, pushes_chosen = 0;
  for (const std::int32_t n : awkward_sizes(rng))
    for (const bool directed : {true, false})
      for (const bool masked : {false, true}) {
        const std::uint64_t graph_seed = rng.next();
        SplitMix64 draw(graph_seed);
        const Shape shape{n, directed, true, masked};
        const Graph g = random_graph(shape, draw);
        const GraphMask mask = masked ? random_mask(g, draw) : GraphMask{};
        // Every kept node, or a shuffled share of them (an uneven last batch).
        std::vector<std::int32_t> sources = kept_nodes(g, mask);
        if (draw.below(2) != 0 && sources.size() > 1) {
          for (std::size_t i = sources.size(); i-- > 1;)
            std::swap(sources[i], sources[draw.below(static_cast<std::uint32_t>(i + 1))]);
          sources.resize(1 + draw.below(static_cast<std::uint32_t>(sources.size())));
        }
        const detail::SourceSums want = plain_bfs_sums(g, mask, sources);
        // Batches of near sources (as the engine takes them) or in the drawn order: the same sums.
        if (draw.below(2) != 0) {
          const std::vector<std::int32_t> drawn = sources;
          detail::order_sources_by_nearness(detail::LevelArcs(g, mask), sources);
          std::vector<std::int32_t> sorted = sources, drawn_sorted = drawn;
          std::sort(sorted.begin(), sorted.end());
          std::sort(drawn_sorted.begin(), drawn_sorted.end());
          ASSERT_EQ(sorted, drawn_sorted) << "ordering lost or repeated a source, seed " << graph_seed;
        }
        for (const auto step : {detail::LevelStep::Push, detail::LevelStep::Pull, detail::LevelStep::Choose}) {
          const char* step_name =
              step == detail::LevelStep::Push ? "push" : step == detail::LevelStep::Pull ? "pull" : "chosen";
          const std::string what =
              describe(shape, graph_seed) + ", " + std::to_string(sources.size()) + " sources, " + step_name;
          const Batched got = batched_sums(g, mask, sources, step);
          EXPECT_EQ(got.sums.reached_by, want.reached_by) << what;
          EXPECT_EQ(got.sums.distance_sum, want.distance_sum) << what;  // whole numbers: exact
          expect_near_all(got.sums.inverse_distance_sum, want.inverse_distance_sum, what + ", inverse sums");
          if (step == detail::LevelStep::Push) EXPECT_EQ(got.pull_levels, 0) << what;
          if (step == detail::LevelStep::Pull) EXPECT_EQ(got.push_levels, 0) << what;
          if (step == detail::LevelStep::Choose) {
            pulls_chosen += got.pull_levels;
            pushes_chosen += got.push_levels;
          }
        }
      }
  // The chosen step takes both roads somewhere on these graphs (the hubs make large middle levels).
  EXPECT_GT(pulls_chosen, 0) << "seed " << seed;
  EXPECT_GT(pushes_chosen, 0) << "seed " << seed;
}

// The engine: closeness and harmonic alone by hops take the batched searches (their arc count is
// the engine's), and give networkx's values, exact or sampled, on one to three threads.
TEST(MultiSourceLevels, EngineSearchesInBatchesAndMatchesTheReference) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  const auto engine = make_centrality_engine("cpu");
  std::vector<std::int32_t> sizes = awkward_sizes(rng);
  sizes.back() = 200 + static_cast<std::int32_t>(rng.below(60));  // the dense reference is cubic
  for (const std::int32_t n : sizes)
    for (const bool directed : {true, false})
      for (const bool unit_costs : {true, false})
        for (const bool masked : {false, true}) {
          const std::uint64_t graph_seed = rng.next();
          SplitMix64 draw(graph_seed);
          const Shape shape{n, directed, unit_costs, masked};
          const Graph g = random_graph(shape, draw);
          CentralityOptions options;
          options.measures = {CentralityMeasure::Closeness, CentralityMeasure::Harmonic};
          options.hops = !unit_costs;
          options.threads = 1 + static_cast<int>(draw.below(3));
          options.normalized = draw.below(2) != 0;
          if (masked) options.mask = random_mask(g, draw);
          const std::string what = describe(shape, graph_seed) + ", " + std::to_string(options.threads) + " threads";
          ASSERT_TRUE(detail::searches_levels_in_batches(g, options)) << what;
          const ref::Reference r = ref::make_reference(g, options.mask, true, 0);
          const CentralityResult got = engine->run(g, options, {});
          // The engine's batches: the drawn sources, nearest together.
          std::vector<std::int32_t> sources = detail::centrality_sources(g, options);
          detail::order_sources_by_nearness(detail::LevelArcs(g, options.mask), sources);
          EXPECT_EQ(got.timing.updates,
                    static_cast<double>(batched_sums(g, options.mask, sources, detail::LevelStep::Choose).arcs_scanned))
              << what;
          expect_near_all(got.closeness, ref::closeness(r), what + ", closeness");
          expect_near_all(got.harmonic, ref::harmonic(r), what + ", harmonic");
          EXPECT_TRUE(got.betweenness.empty()) << what;

          // Sampled (unmasked): each node's sums over the drawn sources other than itself,
          // scaled up to the n - 1 others.
          if (masked || n < 3) continue;
          options.mask = {};
          options.samples = 1 + static_cast<std::int64_t>(draw.below(static_cast<std::uint32_t>(n - 1)));
          options.seed = draw.next();
          const CentralityResult sampled = engine->run(g, options, {});
          const std::string with = what + ", " + std::to_string(options.samples) + " sampled";
          EXPECT_EQ(sampled.sources_used, options.samples) << with;
          const ref::Reference whole = ref::make_reference(g, {}, true, 0);
          for (std::int32_t v = 0; v < g.n; ++v) {
            double others = 0, reached = 0, total = 0, inverse = 0;
            for (const auto s : detail::centrality_sources(g, options)) {
              if (s == v) continue;
              others += 1;
              const double d = whole.at(whole.dist, s, v);
              if (d == ref::kInf) continue;
              reached += 1;
              total += d;
              inverse += 1 / d;
            }
            if (others == 0) {  // a lone sampled source estimates nothing for itself
              EXPECT_TRUE(std::isnan(sampled.closeness[v]) && std::isnan(sampled.harmonic[v]))
                  << with << ", node " << v;
              continue;
            }
            const double scale = (g.n - 1) / others;
            const double closeness = total > 0 ? reached * scale / (total * scale) * reached * scale / (g.n - 1) : 0.0;
            EXPECT_NEAR(sampled.closeness[v], closeness, 1e-12 * std::max(1.0, closeness)) << with << ", node " << v;
            EXPECT_NEAR(sampled.harmonic[v], inverse * scale, 1e-12 * std::max(1.0, inverse * scale))
                << with << ", node " << v;
          }
        }
}

TEST(MultiSourceLevels, OnlyClosenessAndHarmonicByHopsAloneSearchInBatches) {
  SplitMix64 rng(test_support::fresh_seed());
  const Graph unit = random_graph({50, true, true, false}, rng);
  const Graph costs = random_graph({50, true, false, false}, rng);
  CentralityOptions options;
  options.measures = {CentralityMeasure::Harmonic};
  EXPECT_TRUE(detail::searches_levels_in_batches(unit, options));
  EXPECT_FALSE(detail::searches_levels_in_batches(costs, options));
  options.hops = true;
  EXPECT_TRUE(detail::searches_levels_in_batches(costs, options));
  options.measures = {CentralityMeasure::Closeness, CentralityMeasure::Betweenness};
  EXPECT_FALSE(detail::searches_levels_in_batches(costs, options));
  options.measures = {CentralityMeasure::PageRank};
  EXPECT_FALSE(detail::searches_levels_in_batches(costs, options));
}

// Cancel is seen between batches; the budget counts the batched searches' words.
TEST(MultiSourceLevels, CancelAndBudgetHoldBetweenBatches) {
  SplitMix64 rng(test_support::fresh_seed());
  const Graph g = random_graph({3001, true, true, false}, rng);
  std::atomic<bool> cancel{false};
  double last = 0;
  const JobContext job([&](double fraction) {
    last = fraction;
    cancel = true;
  }, &cancel);
  CentralityOptions options;
  options.measures = {CentralityMeasure::Closeness};
  options.threads = 2;
  EXPECT_THROW(make_centrality_engine("cpu")->run(g, options, job), Cancelled);
  EXPECT_LT(last, 1.0);
  // Two threads' words and the arcs turned around, less a byte: refused before allocating.
  options.memory_budget = detail::MultiSourceLevels::bytes_per_thread(g.n) * 2 + detail::LevelArcs::bytes(g, {}) +
                          static_cast<std::uint64_t>(g.n) * 32 - 1;
  EXPECT_THROW(make_centrality_engine("cpu")->run(g, options, {}), OverBudget);
  options.memory_budget += 1;
  EXPECT_NO_THROW(make_centrality_engine("cpu")->run(g, options, {}));
}

// No nodes: nothing to search, and nothing read past the (possibly absent) offsets.
TEST(MultiSourceLevels, AGraphOfNoNodesGivesEmptyColumns) {
  LoadReport report;
  for (const Graph& g : {Graph{}, GraphBuilder(0).build(true, report)}) {
    CentralityOptions options;
    options.measures = {CentralityMeasure::Closeness, CentralityMeasure::Harmonic};
    options.hops = true;
    const CentralityResult got = make_centrality_engine("cpu")->run(g, options, {});
    EXPECT_TRUE(got.closeness.empty());
    EXPECT_TRUE(got.harmonic.empty());
    const detail::LevelArcs arcs(g, {});
    EXPECT_EQ(arcs.arc_count, 0);
  }
}
