// The reach queries (search, closure, all-pairs hop distances, counts) against references
// computed here: the depth-first closure and a frontier iteration for hop limits.
#include <gtest/gtest.h>

#include "closure_graphs.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/reach/reach.hpp"

using namespace pathscope;
using closure_test::graph_kinds;
using closure_test::reference_closure;

namespace {

// first_hop[v] = the least t in 1..max_hops with a walk of exactly t arcs from s to v
// (following arcs backwards when upstream), or 0. Walks of length t are found by growing
// the set of walk ends one step at a time, independent of breadth-first queues.
std::vector<std::int32_t> reference_hops(const Graph& g, std::int32_t s, bool upstream, std::int32_t max_hops) {
  const std::int32_t n = g.n;
  std::vector<std::int32_t> first_hop(n, 0);
  std::vector<char> ends(n, 0), next(n, 0);
  ends[s] = 1;
  for (std::int32_t t = 1; t <= max_hops; ++t) {
    std::fill(next.begin(), next.end(), 0);
    for (std::int32_t u = 0; u < n; ++u)
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const std::int32_t v = g.heads[a];
        if (!upstream && ends[u]) next[v] = 1;
        if (upstream && ends[v]) next[u] = 1;
      }
    for (std::int32_t v = 0; v < n; ++v)
      if (next[v] && !first_hop[v]) first_hop[v] = t;
    ends.swap(next);
  }
  return first_hop;
}

std::vector<std::int32_t> expected_set(const std::vector<char>& reference, std::int32_t n, std::int32_t s, bool upstream) {
  std::vector<std::int32_t> set;
  for (std::int32_t v = 0; v < n; ++v)
    if (upstream ? reference[static_cast<std::size_t>(v) * n + s] : reference[static_cast<std::size_t>(s) * n + v])
      set.push_back(v);
  return set;
}

// A few start nodes spread over the graph, always including the first and the last.
std::vector<std::int32_t> sample_starts(std::int32_t n, std::uint64_t seed) {
  SplitMix64 rng(seed);
  std::vector<std::int32_t> starts = {0, n - 1};
  for (int i = 0; i < 6; ++i) starts.push_back(static_cast<std::int32_t>(rng.below(n)));
  return starts;
}

}  // namespace

TEST(ReachQueries, SearchAndClosureMatchTheReferenceBothWays) {
  for (std::int32_t n : {1, 2, 63, 65, 129, 1000}) {
    for (const auto& [kind, g] : graph_kinds(n, 900 + n)) {
      const auto reference = reference_closure(g);
      const Graph reverse = reverse_graph(g);
      const BitMatrix closure = make_closure_engine("scc")->run(g, {}, {}).reach;
      for (std::int32_t s : sample_starts(n, n)) {
        for (bool upstream : {false, true}) {
          const auto direction = upstream ? ReachDirection::Upstream : ReachDirection::Downstream;
          const auto expected = expected_set(reference, n, s, upstream);
          const ReachSet searched = reach_by_search(upstream ? reverse : g, s, direction);
          EXPECT_EQ(searched.nodes, expected) << kind << " n=" << n << " s=" << s << " up=" << upstream;
          EXPECT_EQ(searched.hops.size(), searched.nodes.size());
          EXPECT_EQ(searched.start_on_cycle(), reference[static_cast<std::size_t>(s) * n + s] != 0);
          const ReachSet from_closure = reach_from_closure(closure, s, direction);
          EXPECT_EQ(from_closure.nodes, expected) << kind << " n=" << n << " s=" << s << " up=" << upstream;
          EXPECT_EQ(from_closure.count(), static_cast<std::int64_t>(expected.size()));
          // The reflexive view adds the start exactly once.
          auto reflexive = expected;
          if (!std::binary_search(reflexive.begin(), reflexive.end(), s))
            reflexive.insert(std::lower_bound(reflexive.begin(), reflexive.end(), s), s);
          EXPECT_EQ(searched.with_start(), reflexive);
        }
      }
    }
  }
}

TEST(ReachQueries, HopLimitsMatchTheFrontierIteration) {
  for (std::int32_t n : {2, 64, 127, 300}) {
    for (const auto& [kind, g] : graph_kinds(n, 700 + n)) {
      const Graph reverse = reverse_graph(g);
      // Hop distances from an all-pairs engine, the second way to answer a within-k query.
      ApspOptions options;
      options.dist = DistType::Int32;
      const ApspResult hops = make_apsp_engine("textbook")->run(g, options, {});
      for (std::int32_t s : sample_starts(n, 3 * n)) {
        for (bool upstream : {false, true}) {
          const auto direction = upstream ? ReachDirection::Upstream : ReachDirection::Downstream;
          for (std::int32_t k : {0, 1, 2, 5, n}) {
            const auto first_hop = reference_hops(g, s, upstream, k);
            std::vector<std::int32_t> nodes, node_hops;
            for (std::int32_t v = 0; v < n; ++v)
              if (first_hop[v]) {
                nodes.push_back(v);
                node_hops.push_back(first_hop[v]);
              }
            const ReachSet searched = reach_by_search(upstream ? reverse : g, s, direction, k);
            EXPECT_EQ(searched.nodes, nodes) << kind << " n=" << n << " s=" << s << " k=" << k << " up=" << upstream;
            EXPECT_EQ(searched.hops, node_hops) << kind << " n=" << n << " s=" << s << " k=" << k;
            const ReachSet from_hops = reach_within_hops(hops, g, s, direction, k);
            EXPECT_EQ(from_hops.nodes, nodes) << kind << " n=" << n << " s=" << s << " k=" << k << " up=" << upstream;
            EXPECT_EQ(from_hops.hops, node_hops) << kind << " n=" << n << " s=" << s << " k=" << k;
          }
        }
      }
    }
  }
}

TEST(ReachQueries, CountsPerNodeMatchTheReference) {
  for (std::int32_t n : {1, 63, 64, 65, 1000, 3000}) {
    const auto g = closure_test::random_sparse(n, 1.5, 40 + n);
    const auto reference = reference_closure(g);
    const ReachCounts counts = reach_counts(make_closure_engine("bitset")->run(g, {}, {}).reach);
    ASSERT_EQ(counts.out.size(), static_cast<std::size_t>(n));
    ASSERT_EQ(counts.in.size(), static_cast<std::size_t>(n));
    for (std::int32_t v = 0; v < n; ++v) {
      std::int64_t out = 0, in = 0;
      for (std::int32_t u = 0; u < n; ++u) {
        out += reference[static_cast<std::size_t>(v) * n + u];
        in += reference[static_cast<std::size_t>(u) * n + v];
      }
      ASSERT_EQ(counts.out[v], out) << "n=" << n << " v=" << v;
      ASSERT_EQ(counts.in[v], in) << "n=" << n << " v=" << v;
    }
  }
}

TEST(ReachQueries, ReachabilityAnswersTheSameWithAndWithoutAClosure) {
  const auto g = closure_test::dag_of_cycles(700, 77);
  Reachability with_closure(g), by_search(g);
  EXPECT_TRUE(with_closure.build_closure("auto", {}, {}));
  EXPECT_TRUE(with_closure.has_closure());
  ClosureOptions tight;
  tight.memory_budget = closure_bytes(g.n) / 2;
  EXPECT_FALSE(by_search.build_closure("bitset", tight, {}));
  EXPECT_FALSE(by_search.has_closure());
  EXPECT_NE(by_search.why_no_closure().find("memory budget"), std::string::npos) << by_search.why_no_closure();
  EXPECT_THROW(by_search.counts(), Error);

  const auto reference = reference_closure(g);
  for (std::int32_t s : sample_starts(g.n, 8)) {
    EXPECT_EQ(with_closure.reachable_from(s).nodes, expected_set(reference, g.n, s, false));
    EXPECT_EQ(by_search.reachable_from(s).nodes, expected_set(reference, g.n, s, false));
    EXPECT_EQ(with_closure.reaching(s).nodes, expected_set(reference, g.n, s, true));
    EXPECT_EQ(by_search.reaching(s).nodes, expected_set(reference, g.n, s, true));
    EXPECT_EQ(with_closure.reaching(s, 2).nodes, by_search.reaching(s, 2).nodes);
  }
  const ReachCounts counts = with_closure.counts();
  for (std::int32_t s : sample_starts(g.n, 9)) {
    EXPECT_EQ(counts.out[s], by_search.reachable_from(s).count());
    EXPECT_EQ(counts.in[s], by_search.reaching(s).count());
  }
}

TEST(ReachQueries, BadQueriesAreClearErrors) {
  const auto g = closure_test::random_sparse(10, 2, 1);
  EXPECT_THROW(reach_by_search(g, -1, ReachDirection::Downstream), Error);
  EXPECT_THROW(reach_by_search(g, 10, ReachDirection::Downstream), Error);
  EXPECT_THROW(reach_by_search(g, 0, ReachDirection::Downstream, -2), Error);
  const BitMatrix closure = make_closure_engine("bitset")->run(g, {}, {}).reach;
  EXPECT_THROW(reach_from_closure(closure, 10, ReachDirection::Upstream), Error);
  Reachability reach(g);
  ClosureResult wrong_size;
  wrong_size.reach = BitMatrix(11);
  EXPECT_THROW(reach.adopt_closure(std::move(wrong_size)), Error);
  Graph weighted = g;
  weighted.unit_weights = false;
  ApspOptions options;
  const ApspResult d = make_apsp_engine("textbook")->run(weighted, options, {});
  EXPECT_THROW(reach_within_hops(d, weighted, 0, ReachDirection::Downstream, 2), Error);
}
