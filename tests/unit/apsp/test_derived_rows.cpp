// The sparse engine's rows without a search (rows_from_successors.hpp) and its searches on the
// graph with those nodes contracted (contracted_searches.hpp), on road-like graphs where they
// matter most: mostly two-way streets, some one-way ones, parallel arcs, zero costs, several
// components, and costs past the bucket queue's range once summed into shortcuts. Distances
// against the Bellman-Ford reference of tests/support and bit for bit against blocked.
#include <gtest/gtest.h>

#include <algorithm>

#include "../../core/src/apsp/contracted_searches.hpp"
#include "../../core/src/apsp/rows_from_successors.hpp"
#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"
#include "random_graphs.hpp"

namespace pathscope {
namespace {

// Streets along a random walk over the nodes plus random cross streets: degree 2 to 3, as on
// roads. max_cost 100,000 makes shortcuts (two arcs) pass BucketQueue's 131,071.
Graph road_like(std::int32_t n, std::int32_t components, std::int32_t max_cost, std::uint64_t seed) {
  SplitMix64 rng(seed);
  GraphBuilder b(n);
  const auto cost = [&] {
    return rng.unit() < 0.05 ? 0.0 : 1.0 + rng.below(static_cast<std::uint32_t>(max_cost));
  };
  const auto street = [&](std::int32_t u, std::int32_t v) {
    if (u == v) return;
    if (rng.unit() < 0.15) b.add_arc(u, v, cost());  // one way
    else b.add_edge(u, v, cost());
    if (rng.unit() < 0.03) b.add_arc(u, v, cost());  // a parallel arc
  };
  for (std::int32_t u = 0; u + components < n; ++u) street(u, u + components);
  for (std::int32_t i = 0; i < n / 3; ++i) {
    const auto u = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(n)));
    const std::int32_t span = (n - 1 - u) / components;
    if (span > 0) street(u, u + components * (1 + static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(std::min(span, 20))))));
  }
  LoadReport report;
  return b.build(true, report);
}

ApspResult run(const std::string& engine, const Graph& g, DistType dist, int threads) {
  ApspOptions options;
  options.dist = dist;
  options.threads = threads;
  return make_apsp_engine(engine)->run(g, options, JobContext{});
}

TEST(DerivedRows, AreAnIndependentSetCoveringMuchOfARoadGraph) {
  const std::uint64_t seed = test_support::fresh_seed();
  const Graph g = road_like(1201, 1, 1000, seed);
  const std::vector<std::uint8_t> derived = detail::rows_to_derive(g, reverse_graph(g));
  std::int64_t count = 0;
  for (std::int32_t u = 0; u < g.n; ++u) {
    count += derived[u];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      EXPECT_FALSE(derived[u] && derived[g.heads[a]]) << "arc " << u << " -> " << g.heads[a] << ", seed " << seed;
  }
  EXPECT_GT(count, g.n / 4) << "seed " << seed;
}

TEST(DerivedRows, SparseEqualsTheReferenceOnRoadLikeGraphs) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::uint64_t draw = seed;
  for (const std::int32_t n : {1, 2, 3, 17, 64, 65, 301})
    for (const std::int32_t components : {1, 3})
      for (const std::int32_t max_cost : {7, 100'000}) {
        const Graph g = road_like(n, components, max_cost, ++draw);
        const auto reference = testing::reference_all_pairs(g);
        const std::string context = "n=" + std::to_string(n) + " components=" + std::to_string(components) +
                                    " max cost " + std::to_string(max_cost) + ", seed " + std::to_string(seed);
        for (const DistType dist : {DistType::Int32, DistType::Int64}) {
          const ApspResult sparse = run("sparse", g, dist, 2);
          testing::expect_matches_reference(sparse, reference, testing::Costs::Integer, context);
          const ApspResult blocked = run("blocked", g, dist, 1);
          EXPECT_EQ(sparse.d32, blocked.d32) << context;
          EXPECT_EQ(sparse.d64, blocked.d64) << context;
        }
      }
}

TEST(DerivedRows, ContractionKeepsEveryDistanceOnALargerGraph) {
  const std::uint64_t seed = test_support::fresh_seed();
  const Graph g = road_like(1999, 2, 100'000, seed);
  const ApspResult sparse = run("sparse", g, DistType::Int32, 2);
  const ApspResult blocked = run("blocked", g, DistType::Int32, 2);
  EXPECT_EQ(sparse.d32, blocked.d32) << "seed " << seed;
  const detail::ContractedGraph contracted = detail::contract_derived_nodes(g, reverse_graph(g), detail::rows_to_derive(g, reverse_graph(g)));
  EXPECT_GT(contracted.removed.size(), static_cast<std::size_t>(g.n / 5)) << "seed " << seed;
  EXPECT_GT(contracted.max_cost, 131'071) << "shortcuts past the bucket queue's range, seed " << seed;
}

}  // namespace
}  // namespace pathscope
