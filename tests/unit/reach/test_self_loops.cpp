// Self-loops, which the graph keeps off its arcs (Graph::self_loops): they must still put their
// node on a cycle in every closure engine and reach query, and a negative one is a negative
// cycle for every all-pairs engine and for single paths. References come from the raw arc list,
// loops included, and share nothing with the core.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "closure_graphs.hpp"
#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/io/read_stream.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/reach/reach.hpp"

using namespace pathscope;

namespace {

struct RawArc {
  std::int32_t u, v;
  double w;
};

struct LoopyGraph {
  std::int32_t n;
  std::vector<RawArc> arcs;  // as listed, self-loops and repeats included
  Graph graph;               // the same arcs through GraphBuilder
};

// Sparse random arcs, and a self-loop on about one node in five; some nodes get a loop and no
// other arc at all, so that the loop is their only cycle.
LoopyGraph random_loopy_graph(std::int32_t n, double degree, std::uint64_t seed) {
  SplitMix64 rng(seed);
  LoopyGraph out{n, {}, {}};
  const auto count = static_cast<std::int64_t>(degree * n);
  for (std::int64_t a = 0; a < count; ++a)
    out.arcs.push_back({static_cast<std::int32_t>(rng.below(n)), static_cast<std::int32_t>(rng.below(n)),
                        static_cast<double>(1 + rng.below(9))});
  for (std::int32_t u = 0; u < n; ++u)
    if (rng.below(5) == 0) out.arcs.push_back({u, u, static_cast<double>(1 + rng.below(9))});
  GraphBuilder builder(n);
  for (const auto& a : out.arcs) builder.add_arc(a.u, a.v, a.w);
  LoadReport report;
  out.graph = builder.build(true, report);
  return out;
}

// The shared reference (tests/support/closure_graphs.hpp) over the raw arc list, loops kept.
std::vector<char> reference_closure(const LoopyGraph& g) {
  closure_test::Arcs arcs;
  for (const auto& a : g.arcs) arcs.emplace_back(a.u, a.v);
  return closure_test::reference_closure(closure_test::graph_from_arcs(g.n, std::move(arcs)));
}

void check_closure_engine(const std::string& name) {
  auto engine = make_closure_engine(name);
  if (const auto why = engine->unavailable_reason(); !why.empty()) GTEST_SKIP() << name << ": " << why;
  const std::uint64_t seed = test_support::fresh_seed();
  for (const std::int32_t n : {1, 2, 63, 65, 200, 600})
    for (const double degree : {0.5, 2.0}) {
      const LoopyGraph g = random_loopy_graph(n, degree, seed + n);
      const std::string what = name + ", n=" + std::to_string(n) + ", degree " + std::to_string(degree);
      EXPECT_TRUE(closure_test::same_closure(engine->run(g.graph, {}, {}).reach, reference_closure(g), n)) << what;
    }
}

// `printf 'p sp 3 3\na 1 1 1\na 1 2 2\na 2 2 -1\n'`: node 1 has a loop of cost 1, node 2 (index 1)
// one of cost -1, a negative cycle.
LoadedGraph negative_loop_example() {
  std::istringstream in("p sp 3 3\na 1 1 1\na 1 2 2\na 2 2 -1\n");
  return read_graph_stream(in, "loops.gr", "dimacs");
}

}  // namespace

TEST(SelfLoops, TextbookClosureSetsTheDiagonalOfLoopedNodes) { check_closure_engine("textbook"); }
TEST(SelfLoops, BitsetClosureSetsTheDiagonalOfLoopedNodes) { check_closure_engine("bitset"); }
TEST(SelfLoops, SccClosureSetsTheDiagonalOfLoopedNodes) { check_closure_engine("scc"); }
TEST(SelfLoops, GpuClosureSetsTheDiagonalOfLoopedNodes) { check_closure_engine("gpu"); }
TEST(SelfLoops, AutoClosureSetsTheDiagonalOfLoopedNodes) { check_closure_engine("auto"); }

TEST(SelfLoops, LoadKeepsThemApartAndSaysSo) {
  const LoadedGraph loaded = negative_loop_example();
  const Graph& g = loaded.graph;
  EXPECT_EQ(g.arc_count(), 1);  // only 1 -> 2
  ASSERT_EQ(g.self_loops.size(), 2u);
  EXPECT_EQ(g.self_loops[0].node, 0);
  EXPECT_EQ(g.self_loops[0].weight, 1);
  EXPECT_EQ(g.self_loops[1].node, 1);
  EXPECT_EQ(g.self_loops[1].weight, -1);
  EXPECT_EQ(g.negative_self_loop_node(), 1);
  EXPECT_FALSE(g.has_negative_weights());  // the arcs alone
  EXPECT_EQ(loaded.report.self_loops, 2);
  // The note is what `info` prints about them.
  bool said = false;
  for (const auto& note : loaded.report.notes)
    said = said || note == "2 self-loops kept as node attributes; they never shorten a path, but a negative one "
                           "is a negative cycle";
  EXPECT_TRUE(said) << "no note about the self-loops";
}

TEST(SelfLoops, NegativeLoopIsANegativeCycleForEveryAllPairsEngine) {
  const Graph g = negative_loop_example().graph;
  for (const auto& name : apsp_engine_names()) {
    auto engine = make_apsp_engine(name);
    if (!engine->available()) continue;  // the GPU engines where there is no GPU
    for (const DistType dist : {DistType::Int32, DistType::Float32, DistType::Int64}) {
      if (!engine->supports(dist)) continue;
      ApspOptions options;
      options.dist = dist;
      try {
        engine->run(g, options, {});
        ADD_FAILURE() << name << " (" << dist_type_name(dist) << ") found no negative cycle";
      } catch (const NegativeCycle& e) {
        EXPECT_EQ(e.node(), 1) << name << " (" << dist_type_name(dist) << ")";
      }
    }
  }
}

TEST(SelfLoops, NegativeLoopStopsPathsThatReachIt) {
  const Graph g = negative_loop_example().graph;
  try {
    path_single_source(g, 0, 1);
    ADD_FAILURE() << "no negative cycle reported";
  } catch (const NegativeCycle& e) {
    EXPECT_EQ(e.node(), 1);
  }
  // From node 3 the loop is out of reach: nothing stands in the way.
  const Path alone = path_single_source(g, 2, 2);
  EXPECT_TRUE(alone.reachable);
  EXPECT_EQ(alone.distance, 0);
}

TEST(SelfLoops, NonNegativeLoopsChangeNoDistance) {
  GraphBuilder b(3);
  b.add_arc(0, 0, 0);
  b.add_arc(0, 1, 4);
  b.add_arc(1, 1, 2);
  b.add_arc(1, 2, 5);
  LoadReport report;
  const Graph g = b.build(true, report);
  for (const char* name : {"textbook", "blocked", "sparse"}) {
    const ApspResult r = make_apsp_engine(name)->run(g, {}, {});
    EXPECT_EQ(r.distance(0, 0), 0) << name;
    EXPECT_EQ(r.distance(1, 1), 0) << name;
    EXPECT_EQ(r.distance(0, 2), 9) << name;
  }
}

TEST(SelfLoops, LoopOnlyNodeIsOnACycleInEveryReachQuery) {
  // 0 -> 1 -> 2, a loop on 1 and nothing else: 1 lies on a cycle of length 1, 0 and 2 on none.
  GraphBuilder b(3);
  b.add_arc(0, 1, 1);
  b.add_arc(1, 2, 1);
  b.add_arc(1, 1, 1);
  LoadReport report;
  const Graph g = b.build(true, report);

  Reachability by_search(g);  // no closure: breadth-first search per query
  Reachability by_closure(g);
  ASSERT_TRUE(by_closure.build_closure("bitset", {}, {}));
  for (const Reachability* reach : {&by_search, &by_closure}) {
    const std::string how = reach->has_closure() ? "closure" : "search";
    EXPECT_TRUE(reach->reachable_from(1).start_on_cycle()) << how;
    EXPECT_TRUE(reach->reaching(1).start_on_cycle()) << how;
    EXPECT_EQ(reach->reachable_from(1).nodes, (std::vector<std::int32_t>{1, 2})) << how;
    EXPECT_EQ(reach->reaching(1).nodes, (std::vector<std::int32_t>{0, 1})) << how;
    EXPECT_FALSE(reach->reachable_from(0).start_on_cycle()) << how;
    EXPECT_FALSE(reach->reachable_from(2).start_on_cycle()) << how;
  }
  const ReachSet one_hop = reach_by_search(g, 1, ReachDirection::Downstream, 1);
  EXPECT_EQ(one_hop.nodes, (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(one_hop.hops, (std::vector<std::int32_t>{1, 1}));
  EXPECT_FALSE(reach_by_search(g, 1, ReachDirection::Downstream, 0).start_on_cycle());

  const ApspResult hops = make_apsp_engine("sparse")->run(g, {}, {});
  EXPECT_TRUE(reach_within_hops(hops, g, 1, ReachDirection::Downstream, 1).start_on_cycle());
  EXPECT_FALSE(reach_within_hops(hops, g, 0, ReachDirection::Downstream, 5).start_on_cycle());
}
