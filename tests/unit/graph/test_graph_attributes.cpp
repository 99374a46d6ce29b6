// Node attributes and arc strengths: what readers keep beside the costs, checked against the
// rows that went in (random rows, parallel arcs and loops included).
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "fresh_seed.hpp"
#include "pathscope/graph/attributes.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

TEST(AttributeColumn, MissingValuesAndTypes) {
  AttributeTable table;
  // Adding a column may move the others: fill each before the next is made, read them after.
  {
    auto& type = table.column("cell_type", AttributeType::Text, 5);
    type.set_text(1, "KC");
    type.set_text(4, "MBON");
  }
  table.column("root_id", AttributeType::Integer, 5).set_integer(0, 720575940629970489LL);
  table.column("size", AttributeType::Real, 5).set_real(2, 0.1);
  table.column("flag", AttributeType::Boolean, 5).set_integer(3, 7);
  const AttributeColumn& type = *table.find("cell_type");
  const AttributeColumn& id = *table.find("root_id");
  const AttributeColumn& size = *table.find("size");
  const AttributeColumn& flag = *table.find("flag");

  EXPECT_EQ(table.columns.size(), 4u);
  EXPECT_FALSE(type.has(0));
  EXPECT_EQ(type.to_text(0), "");
  EXPECT_EQ(type.to_text(4), "MBON");
  EXPECT_EQ(id.to_text(0), "720575940629970489");
  EXPECT_EQ(std::stod(size.to_text(2)), 0.1);
  EXPECT_EQ(flag.to_text(3), "true");
  EXPECT_THROW(table.column("cell_type", AttributeType::Integer, 5), Error);
  EXPECT_EQ(&table.column("cell_type", AttributeType::Text, 5), table.find("cell_type"));

  const AttributeTable sub = table.subset({4, 0, 2});
  EXPECT_EQ(sub.find("cell_type")->to_text(0), "MBON");
  EXPECT_FALSE(sub.find("cell_type")->has(1));
  EXPECT_EQ(sub.find("root_id")->integers[1], 720575940629970489LL);
  EXPECT_TRUE(sub.find("size")->has(2));
  EXPECT_FALSE(sub.find("flag")->has(0));
}

TEST(GraphBuilder, KeepsTheStrengthOfTheArcItKeeps) {
  const auto seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  const std::int32_t n = 37;
  GraphBuilder builder(n);
  // Reference: per (u, v) the cheapest cost and the strength that came with it.
  std::map<std::pair<int, int>, std::pair<double, double>> best;
  for (int i = 0; i < 1009; ++i) {
    const auto u = static_cast<std::int32_t>(rng() % n), v = static_cast<std::int32_t>(rng() % n);
    const double strength = 1 + static_cast<double>(rng() % 50);
    const double cost = 1.0 / strength + static_cast<double>(i) * 1e-9;  // costs all distinct
    builder.add_arc(u, v, cost, strength);
    if (u == v) continue;
    auto [it, fresh] = best.try_emplace({u, v}, cost, strength);
    if (!fresh && cost < it->second.first) it->second = {cost, strength};
  }
  LoadReport report;
  const Graph g = builder.build(true, report);
  ASSERT_EQ(g.arc_strengths.size(), g.heads.size()) << "seed " << seed;
  ASSERT_EQ(static_cast<std::size_t>(g.arc_count()), best.size()) << "seed " << seed;
  for (std::int32_t u = 0; u < n; ++u)
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const auto& expected = best.at({u, g.heads[a]});
      EXPECT_EQ(g.weights[a], expected.first);
      EXPECT_EQ(g.arc_strengths[a], expected.second) << "seed " << seed;
    }
  const Graph r = reverse_graph(g);
  for (std::int32_t v = 0; v < n; ++v)
    for (auto a = r.offsets[v]; a < r.offsets[v + 1]; ++a)
      EXPECT_EQ(r.arc_strengths[a], best.at({r.heads[a], v}).second);
}

TEST(GraphBuilder, NoStrengthsWhenNoneWereGiven) {
  GraphBuilder builder(3);
  builder.add_arc(0, 1, 2.0);
  LoadReport report;
  EXPECT_TRUE(builder.build(true, report).arc_strengths.empty());
}

}  // namespace
}  // namespace pathscope
