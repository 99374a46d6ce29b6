#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;

TEST(RandomGraph, ParsesSpec) {
  const auto s = parse_random_spec("random:n=12529,deg=20,seed=1,unweighted");
  EXPECT_EQ(s.n, 12529);
  EXPECT_DOUBLE_EQ(s.degree, 20);
  EXPECT_EQ(s.seed, 1u);
  EXPECT_TRUE(s.unweighted);
  EXPECT_FALSE(s.undirected);
}

TEST(RandomGraph, RejectsBadSpecs) {
  for (const char* bad : {"random:n=0", "random:n=abc", "random:n=10,color=3", "random:n=10,deg=-1",
                          "random:n=10,wmin=5,wmax=2", "random:n=1e9", "rand:n=3", "random:n=10,seed=1.5"})
    EXPECT_THROW(parse_random_spec(bad), Error) << bad;
}

TEST(RandomGraph, SameSeedSameGraphOtherSeedOtherGraph) {
  LoadReport r1, r2, r3;
  const auto a = generate_random_graph(parse_random_spec("random:n=777,deg=5,seed=3"), r1);
  const auto b = generate_random_graph(parse_random_spec("random:n=777,deg=5,seed=3"), r2);
  const auto c = generate_random_graph(parse_random_spec("random:n=777,deg=5,seed=4"), r3);
  EXPECT_EQ(a.heads, b.heads);
  EXPECT_EQ(a.weights, b.weights);
  EXPECT_NE(a.heads, c.heads);
}

TEST(RandomGraph, DegreeAndWeightsAsAsked) {
  LoadReport report;
  const auto g = generate_random_graph(parse_random_spec("random:n=5000,deg=7.5,seed=9,wmin=3,wmax=11"), report);
  const double listed = static_cast<double>(report.records_read);
  EXPECT_NEAR(listed / g.n, 7.5, 0.1);
  EXPECT_EQ(listed, g.arc_count() + report.self_loops + report.parallel_arcs_dropped);
  EXPECT_GE(g.min_weight(), 3);
  EXPECT_LE(g.max_weight(), 11);
  EXPECT_TRUE(g.integer_weights);
  const auto u = generate_random_graph(parse_random_spec("random:n=300,deg=4,seed=9,unweighted,undirected"), report);
  EXPECT_TRUE(u.unit_weights);
  EXPECT_FALSE(u.directed);
}

// "geometric": coordinates for every node inside the square of side ceil(sqrt(n)), every arc
// between nodes of neighbouring unit cells (at most 2 sqrt(2) apart), the asked mean degree
// drawn, and the same spec gives the same graph.
TEST(RandomGraph, GeometricGraphsHaveCoordinatesAndShortArcs) {
  const std::uint64_t seed = std::random_device{}() % 100000;
  const std::string spec = "random:n=" + std::to_string(3000 + seed % 4000) + ",deg=3,seed=" + std::to_string(seed) + ",geometric";
  SCOPED_TRACE(spec);
  pathscope::LoadReport report;
  const auto parsed = pathscope::parse_random_spec(spec);
  ASSERT_TRUE(parsed.geometric);
  const pathscope::Graph g = pathscope::generate_random_graph(parsed, report);
  ASSERT_EQ(g.coord_dims, 2);
  ASSERT_EQ(g.coords.size(), static_cast<std::size_t>(g.n) * 2);
  const double side = std::ceil(std::sqrt(static_cast<double>(g.n)));
  for (float c : g.coords) ASSERT_TRUE(c >= 0 && c <= side);
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const auto v = g.heads[a];
      const double d = std::hypot(g.coords[2 * u] - g.coords[2 * v], g.coords[2 * u + 1] - g.coords[2 * v + 1]);
      ASSERT_LE(d, 2 * std::sqrt(2.0) + 1e-4) << u << " -> " << v;
    }
  }
  // Three arcs asked of every node (before duplicates merge); only a node whose whole
  // neighbourhood is empty, eight draws in a row, can go without.
  EXPECT_LE(report.records_read, 3LL * g.n);
  EXPECT_GE(report.records_read, 3LL * g.n * 99 / 100);
  pathscope::LoadReport again;
  const pathscope::Graph h = pathscope::generate_random_graph(parsed, again);
  EXPECT_EQ(g.heads, h.heads);
  EXPECT_EQ(g.coords, h.coords);
}
