// Per-group summaries of per-node values against a plain computation in the test: random type
// columns (missing values, empty text, one-node groups), random values with ties and NaN.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include "fresh_seed.hpp"
#include "pathscope/centrality/group_summary.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Expected {
  std::int64_t nodes = 0, with_value = 0;
  double mean = kNaN, median = kNaN, min = kNaN, max = kNaN;
  std::vector<std::pair<std::int32_t, double>> top;
};

// Straight from the definitions: members listed by scanning the column, statistics over the
// non-NaN values, the top by a full sort on (value descending, index ascending).
Expected expected_for(const std::vector<std::int32_t>& members, const std::vector<double>& values, int top) {
  Expected e;
  e.nodes = static_cast<std::int64_t>(members.size());
  std::vector<double> present;
  std::vector<std::pair<std::int32_t, double>> ranked;
  for (auto u : members)
    if (!std::isnan(values[u])) {
      present.push_back(values[u]);
      ranked.push_back({u, values[u]});
    }
  e.with_value = static_cast<std::int64_t>(present.size());
  std::sort(ranked.begin(), ranked.end(), [](auto& a, auto& b) { return a.second > b.second || (a.second == b.second && a.first < b.first); });
  if (static_cast<int>(ranked.size()) > top) ranked.resize(static_cast<std::size_t>(top));
  e.top = ranked;
  if (present.empty()) return e;
  e.mean = std::accumulate(present.begin(), present.end(), 0.0) / static_cast<double>(present.size());
  std::vector<double> sorted = present;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t k = sorted.size();
  e.median = k % 2 ? sorted[k / 2] : 0.5 * (sorted[k / 2 - 1] + sorted[k / 2]);
  e.min = sorted.front();
  e.max = sorted.back();
  return e;
}

void expect_same(double expected, double found, const std::string& what) {
  if (std::isnan(expected)) EXPECT_TRUE(std::isnan(found)) << what << ": " << found;
  else EXPECT_NEAR(found, expected, 1e-12 * std::max(1.0, std::fabs(expected))) << what;
}

void check_against_reference(const Graph& g, const std::string& column, const std::vector<double>& values, int top) {
  const AttributeColumn* c = g.node_attributes.find(column);
  ASSERT_NE(c, nullptr);
  std::map<std::string, std::vector<std::int32_t>> members;
  std::vector<std::int32_t> without;
  for (std::int32_t u = 0; u < g.n; ++u) {
    const std::string text = c->has(static_cast<std::size_t>(u)) ? c->to_text(static_cast<std::size_t>(u)) : "";
    if (text.empty()) without.push_back(u);
    else members[text].push_back(u);
  }
  const auto found = summarize_by_group(g, values, column, top);
  ASSERT_EQ(found.size(), members.size() + (without.empty() ? 0 : 1));
  std::size_t i = 0;
  auto check = [&](const std::string& name, bool missing, const std::vector<std::int32_t>& nodes) {
    const GroupValueSummary& s = found[i++];
    EXPECT_EQ(s.group, name);
    EXPECT_EQ(s.missing_value, missing);
    const Expected e = expected_for(nodes, values, top);
    EXPECT_EQ(s.nodes, e.nodes) << name;
    EXPECT_EQ(s.with_value, e.with_value) << name;
    expect_same(e.mean, s.mean, name + " mean");
    expect_same(e.median, s.median, name + " median");
    expect_same(e.min, s.min, name + " min");
    expect_same(e.max, s.max, name + " max");
    ASSERT_EQ(s.top.size(), e.top.size()) << name;
    for (std::size_t k = 0; k < e.top.size(); ++k) {
      EXPECT_EQ(s.top[k].node, e.top[k].first) << name << " rank " << k;
      EXPECT_EQ(s.top[k].value, e.top[k].second) << name << " rank " << k;
    }
  };
  for (const auto& [name, nodes] : members) check(name, false, nodes);
  if (!without.empty()) check("", true, without);
}

// n nodes with a text type column "cell_type": a few common types, some types of one node,
// missing values and empty text; values with ties (small integers) and NaN.
Graph random_typed_graph(SplitMix64& rng, std::int32_t n) {
  Graph g = make_empty_graph(n);
  // Both made before either is held: making a column may move the others.
  g.node_attributes.column("cell_type", AttributeType::Text, static_cast<std::size_t>(n));
  g.node_attributes.column("size", AttributeType::Integer, static_cast<std::size_t>(n));
  AttributeColumn& type = *g.node_attributes.find("cell_type");
  AttributeColumn& size = *g.node_attributes.find("size");
  for (std::int32_t u = 0; u < n; ++u) {
    const auto draw = rng.below(20);
    if (draw < 12) type.set_text(static_cast<std::size_t>(u), "T" + std::to_string(rng.below(4)));
    else if (draw < 15) type.set_text(static_cast<std::size_t>(u), "single" + std::to_string(u));
    else if (draw < 17) type.set_text(static_cast<std::size_t>(u), "");
    // else: missing
    if (rng.below(4) != 0) size.set_integer(static_cast<std::size_t>(u), static_cast<std::int64_t>(rng.below(3)));
  }
  return g;
}

std::vector<double> random_values(SplitMix64& rng, std::int32_t n) {
  std::vector<double> values(static_cast<std::size_t>(n));
  for (auto& v : values) {
    const auto draw = rng.below(10);
    v = draw < 2 ? kNaN : draw < 6 ? static_cast<double>(rng.below(4)) : rng.unit() * 1e3;
  }
  return values;
}

TEST(GroupSummary, MatchesAPlainComputationOnRandomGroups) {
  const auto seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  for (const std::int32_t n : {1, 2, 7, 61, 333}) {
    SCOPED_TRACE("n=" + std::to_string(n));
    const Graph g = random_typed_graph(rng, n);
    const std::vector<double> values = random_values(rng, n);
    for (const int top : {0, 1, 3, 50}) {
      check_against_reference(g, "cell_type", values, top);
      check_against_reference(g, "size", values, top);
    }
  }
}

TEST(GroupSummary, DefaultsToTheTypeColumnAndNamesWhatIsMissing) {
  SplitMix64 rng(5);
  const Graph g = random_typed_graph(rng, 40);
  const std::vector<double> values = random_values(rng, 40);
  EXPECT_EQ(grouping_column_name(g, ""), "cell_type");
  const auto by_default = summarize_by_group(g, values, "", 2);
  const auto by_name = summarize_by_group(g, values, "cell_type", 2);
  ASSERT_EQ(by_default.size(), by_name.size());
  for (std::size_t i = 0; i < by_name.size(); ++i) EXPECT_EQ(by_default[i].group, by_name[i].group);
  try {
    summarize_by_group(g, values, "side", 2);
    FAIL() << "no error for a missing column";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'side'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cell_type, size"), std::string::npos) << e.what();
  }
  const Graph untyped = make_empty_graph(3);
  try {
    summarize_by_group(untyped, {1, 2, 3}, "", 2);
    FAIL() << "no error for a graph without a type column";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no type column"), std::string::npos) << e.what();
  }
  EXPECT_THROW(summarize_by_group(g, {1, 2}, "", 2), Error);
}

TEST(GroupSummary, TopNodesOfAWholeMeasure) {
  const std::vector<double> values{3, kNaN, 5, 3, 5, -1};
  const auto top = top_nodes(values, 4);
  ASSERT_EQ(top.size(), 4u);
  EXPECT_EQ(top[0].node, 2);
  EXPECT_EQ(top[1].node, 4);
  EXPECT_EQ(top[2].node, 0);
  EXPECT_EQ(top[3].node, 3);
  EXPECT_EQ(top_nodes(values, 100).size(), 5u);
  EXPECT_TRUE(top_nodes({kNaN, kNaN}, 3).empty());
}

}  // namespace
