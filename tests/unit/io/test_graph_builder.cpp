// GraphBuilder's load policy against a brute-force model: a map from (u, v) to the cheapest cost.
#include <gtest/gtest.h>

#include <map>

#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/random_graph.hpp"

using namespace pathscope;

namespace {

void check_against_model(std::int32_t n, std::int64_t arcs, std::uint64_t seed) {
  SplitMix64 rng(seed);
  GraphBuilder builder(n);
  std::map<std::pair<std::int32_t, std::int32_t>, double> cheapest;
  std::map<std::int32_t, double> cheapest_loop;
  std::int64_t loops = 0, listed = 0;
  for (std::int64_t i = 0; i < arcs; ++i) {
    const auto u = static_cast<std::int32_t>(rng.below(n)), v = static_cast<std::int32_t>(rng.below(n));
    const double w = static_cast<double>(rng.below(7)) - 2;  // zero and negative costs too
    builder.add_arc(u, v, w);
    if (u == v) {
      ++loops;
      auto [it, inserted] = cheapest_loop.emplace(u, w);
      if (!inserted) it->second = std::min(it->second, w);
      continue;
    }
    ++listed;
    auto [it, inserted] = cheapest.emplace(std::make_pair(u, v), w);
    if (!inserted) it->second = std::min(it->second, w);
  }
  LoadReport report;
  const Graph g = builder.build(true, report);
  ASSERT_EQ(g.n, n);
  EXPECT_EQ(report.self_loops, loops);
  EXPECT_EQ(report.parallel_arcs_dropped, listed - static_cast<std::int64_t>(cheapest.size()));
  ASSERT_EQ(g.arc_count(), static_cast<std::int64_t>(cheapest.size()));
  std::map<std::pair<std::int32_t, std::int32_t>, double> built;
  for (std::int32_t u = 0; u < g.n; ++u)
    for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e) built[{u, g.heads[e]}] = g.weights[e];
  EXPECT_EQ(built, cheapest);
  std::map<std::int32_t, double> kept_loops;
  for (const auto& loop : g.self_loops) {
    EXPECT_TRUE(kept_loops.empty() || kept_loops.rbegin()->first < loop.node) << "loops not ascending by node";
    kept_loops[loop.node] = loop.weight;
  }
  EXPECT_EQ(kept_loops, cheapest_loop);
}

}  // namespace

TEST(GraphBuilder, MatchesCheapestArcModel) {
  std::uint64_t seed = 0xC0FFEE;
  for (std::int32_t n : {1, 2, 3, 17, 64, 257}) check_against_model(n, 5 * n + 3, seed++);
}

TEST(GraphBuilder, FlagsWeightKinds) {
  LoadReport report;
  GraphBuilder unit(3);
  unit.add_arc(0, 1, 1);
  unit.add_arc(1, 2, 1);
  EXPECT_TRUE(unit.build(true, report).unit_weights);

  GraphBuilder fractional(3);
  fractional.add_arc(0, 1, 0.5);
  const Graph f = fractional.build(true, report);
  EXPECT_FALSE(f.integer_weights);
  EXPECT_FALSE(f.unit_weights);

  // Whole numbers are integers whatever their size, as long as double holds them exactly
  // (2^53); whether their sums fit int32 is the distance choice's question, not the graph's.
  for (const double whole : {2147483647.0, 3e9, 0x1.0p53, -0x1.0p53}) {
    GraphBuilder large(2);
    large.add_arc(0, 1, whole);
    EXPECT_TRUE(large.build(true, report).integer_weights) << whole;
  }
  GraphBuilder beyond(2);
  beyond.add_arc(0, 1, 0x1.0p54);
  EXPECT_FALSE(beyond.build(true, report).integer_weights);
}

TEST(GraphBuilder, UndirectedEdgesBecomeTwoArcs) {
  GraphBuilder b(4);
  b.add_edge(0, 1, 5);
  b.add_edge(1, 2, 3);
  b.add_edge(2, 2, 1);  // self-loop: counted as two arcs, kept once off the arcs
  LoadReport report;
  const Graph g = b.build(false, report);
  EXPECT_FALSE(g.directed);
  EXPECT_TRUE(report.undirected_input);
  EXPECT_EQ(g.arc_count(), 4);
  EXPECT_EQ(report.self_loops, 2);
  ASSERT_EQ(g.self_loops.size(), 1u);
  EXPECT_EQ(g.self_loops[0].node, 2);
}

TEST(Graph, ReverseSwapsEveryArc) {
  LoadReport report;
  RandomGraphSpec spec;
  spec.n = 101;
  spec.degree = 4.5;
  spec.seed = 7;
  const Graph g = generate_random_graph(spec, report);
  const Graph r = reverse_graph(g);
  std::multimap<std::pair<std::int32_t, std::int32_t>, double> forward, backward;
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e) forward.insert({{u, g.heads[e]}, g.weights[e]});
    for (auto e = r.offsets[u]; e < r.offsets[u + 1]; ++e) backward.insert({{r.heads[e], u}, r.weights[e]});
  }
  EXPECT_EQ(forward, backward);
}

TEST(Graph, WeakComponentsCountIslands) {
  // Three chains of different lengths plus two isolated nodes: five components.
  GraphBuilder b(12);
  for (int u : {0, 1, 2}) b.add_arc(u + 1, u, 1);  // 0..3
  for (int u : {4, 5}) b.add_arc(u, u + 1, 1);     // 4..6
  b.add_arc(7, 8, 1);
  b.add_arc(9, 8, 1);                              // 7..9
  LoadReport report;
  const Graph g = b.build(true, report);
  std::int32_t count = 0;
  const auto c = weak_components(g, &count);
  EXPECT_EQ(count, 5);
  EXPECT_EQ(c[0], c[3]);
  EXPECT_EQ(c[7], c[9]);
  EXPECT_NE(c[3], c[4]);
  EXPECT_NE(c[10], c[11]);
}

TEST(Graph, FindNodeByNameCaseAndId) {
  Graph g = make_empty_graph(3);
  g.names = {"AVAL", "AVAR", "PVCL"};
  g.ids = {10, 20, 30};
  EXPECT_EQ(g.find_node("AVAR"), 1);
  EXPECT_EQ(g.find_node("pvcl"), 2);
  EXPECT_EQ(g.find_node("10"), 0);
  EXPECT_FALSE(g.find_node("11").has_value());
  EXPECT_FALSE(g.find_node("XYZ").has_value());
  EXPECT_EQ(g.label(1), "AVAR");
}
