#include <gtest/gtest.h>

#include "pathscope/error.hpp"
#include "pathscope/random_graph.hpp"

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
