// Computed node values (node_attribute.hpp: centrality and flow results joining the attribute
// menus) and the log colour ramp (node_colouring.hpp) that skewed measures are drawn with, each
// against a brute-force reading of fresh random values: names and columns follow the rules of
// the header, NaN is "none", the log ramp puts each value where the formula says, stays in
// order, reads back through ramp_value, and the automatic scale picks log exactly when the
// largest value passes kLogScaleSkew times the median.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope_ui_common/node_attribute.hpp"
#include "pathscope_ui_common/node_colouring.hpp"

using namespace pathscope;

namespace {

AttributeColumn real_column(const std::vector<double>& values) {
  AttributeColumn c;
  c.name = "x";
  c.type = AttributeType::Real;
  c.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (std::isfinite(values[i])) c.set_real(i, values[i]);
  }
  return c;
}

// Heavy-tailed like betweenness: many zeros, most small, a few huge.
std::vector<double> skewed_values(std::mt19937_64& rng, std::size_t n) {
  std::vector<double> v(n);
  std::lognormal_distribution<double> tail(0.0, 3.0);
  std::bernoulli_distribution zero(0.3);
  for (auto& x : v) x = zero(rng) ? 0.0 : tail(rng);
  return v;
}

}  // namespace

TEST(ComputedNodeValues, JoinTheNamesAfterTheDerivedOnesAndReplaceAGraphColumn) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::mt19937_64 rng(seed);
  const LoadedGraph loaded = load_graph("connectome:n=" + std::to_string(50 + seed % 300) + ",seed=" + std::to_string(seed % 1000), {});
  const Graph& g = loaded.graph;
  ComputedNodeValues computed;
  std::vector<double> betweenness(g.n), layer(g.n);
  std::uniform_real_distribution<double> unit(0, 1);
  for (std::int32_t u = 0; u < g.n; ++u) {
    betweenness[u] = unit(rng);
    layer[u] = u % 7 == 0 ? std::numeric_limits<double>::quiet_NaN() : 1 + unit(rng) * 5;
  }
  computed.set("betweenness", betweenness);
  computed.set("flow_layer", layer);
  const std::string own = g.node_attributes.columns.at(0).name;  // e.g. cell_type
  computed.set(own, std::vector<double>(g.n, 2.5));

  const auto plain = node_attribute_names(g);
  const auto names = node_attribute_names(g, computed);
  // The graph's and derived names first, in their order, then the new computed ones, each once.
  ASSERT_EQ(names.size(), plain.size() + 2);
  EXPECT_TRUE(std::equal(plain.begin(), plain.end(), names.begin()));
  EXPECT_EQ(names[plain.size()], "betweenness");
  EXPECT_EQ(names[plain.size() + 1], "flow_layer");

  const auto b = node_attribute(g, computed, "betweenness");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->type, AttributeType::Real);
  const auto f = node_attribute(g, computed, "flow_layer");
  ASSERT_TRUE(f);
  for (std::int32_t u = 0; u < g.n; ++u) {
    EXPECT_EQ(b->reals[u], betweenness[u]);
    EXPECT_EQ(f->has(u), u % 7 != 0);  // NaN: no value
    if (u % 7 != 0) EXPECT_EQ(f->reals[u], layer[u]);
  }
  // The newer answer wins over the file's column of the same name.
  const auto replaced = node_attribute(g, computed, own);
  ASSERT_TRUE(replaced);
  EXPECT_EQ(replaced->type, AttributeType::Real);
  EXPECT_EQ(replaced->reals[0], 2.5);
  // Computing a name again replaces its values in place.
  computed.set("betweenness", std::vector<double>(g.n, 1.0));
  EXPECT_EQ(node_attribute_names(g, computed).size(), names.size());
  EXPECT_EQ(node_attribute(g, computed, "betweenness")->reals[g.n - 1], 1.0);
  // Derived and unknown names read as without computed values.
  EXPECT_EQ(node_attribute(g, computed, "degree")->integers, node_attribute(g, "degree")->integers);
  EXPECT_FALSE(node_attribute(g, computed, "no such column"));
}

TEST(LogRamp, PlacesEachValueByTheFormulaInOrderAndReadsBack) {
  std::mt19937_64 rng(test_support::fresh_seed());
  for (int round = 0; round < 20; ++round) {
    const std::size_t n = 2 + rng() % 2000;
    auto values = skewed_values(rng, n);
    const double shift = round % 3 == 0 ? 0.0 : (round % 3) * 1.5;  // a minimum above 0 too
    for (auto& v : values) v += shift;
    if (n > 5) values[rng() % n] = std::numeric_limits<double>::quiet_NaN();
    const AttributeColumn column = real_column(values);
    const NodeColouring c = colour_nodes(column, RampScale::Log);
    ASSERT_TRUE(c.numeric);
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double v : values)
      if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (!(hi > lo)) continue;
    double step = std::numeric_limits<double>::infinity();
    for (double v : values)
      if (std::isfinite(v) && v > lo) step = std::min(step, v - lo);
    ASSERT_EQ(c.scale, RampScale::Log);
    EXPECT_DOUBLE_EQ(c.log_step, step);
    for (std::size_t i = 0; i < n; ++i) {
      if (!std::isfinite(values[i])) {
        EXPECT_EQ(c.node_colours[i], none_colour());
        continue;
      }
      const double t = std::log1p((values[i] - lo) / step) / std::log1p((hi - lo) / step);
      EXPECT_NEAR(ramp_position(c, values[i]), t, 1e-12);
      EXPECT_EQ(c.node_colours[i], ramp_colour(t));
      EXPECT_NEAR(ramp_value(c, t), values[i], 1e-9 * std::max(1.0, std::abs(values[i])));
    }
    EXPECT_DOUBLE_EQ(ramp_position(c, lo), 0.0);
    EXPECT_NEAR(ramp_position(c, hi), 1.0, 1e-12);
    // On a skewed column the log ramp lifts the middle: the median sits higher than on a linear one.
    const NodeColouring linear = colour_nodes(column, RampScale::Linear);
    EXPECT_EQ(linear.scale, RampScale::Linear);
    std::vector<double> finite;
    for (double v : values)
      if (std::isfinite(v)) finite.push_back(v);
    std::nth_element(finite.begin(), finite.begin() + finite.size() / 2, finite.end());
    const double median = finite[finite.size() / 2];
    // Always so: the log ramp is concave in the value, equal to the linear one at both ends.
    if (median > lo && median < hi) EXPECT_GT(ramp_position(c, median), ramp_position(linear, median));
  }
}

TEST(LogRamp, OneValueThroughoutFallsBackToLinear) {
  const NodeColouring c = colour_nodes(real_column({3, 3, 3, std::nan("")}), RampScale::Log);
  EXPECT_EQ(c.scale, RampScale::Linear);
  EXPECT_EQ(c.node_colours[0], ramp_colour(0.5));
  EXPECT_EQ(c.node_colours[3], none_colour());
}

TEST(LogRamp, AutomaticScaleIsLogExactlyWhenTheMaximumDwarfsTheMedian) {
  std::mt19937_64 rng(test_support::fresh_seed());
  for (int round = 0; round < 40; ++round) {
    const std::size_t n = 1 + rng() % 500;
    std::vector<double> values = round % 2 ? skewed_values(rng, n) : std::vector<double>(n);
    if (round % 2 == 0) {
      std::uniform_real_distribution<double> even(round % 4 == 0 ? -5.0 : 1.0, 10.0);
      for (auto& v : values) v = even(rng);
    }
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    const double median = sorted[n / 2], lo = sorted.front(), hi = sorted.back();
    const bool want_log = lo >= 0 && hi > lo && hi > kLogScaleSkew * median;
    EXPECT_EQ(automatic_ramp_scale(real_column(values)), want_log ? RampScale::Log : RampScale::Linear)
        << "n " << n << " median " << median << " max " << hi;
  }
  AttributeColumn text;
  text.type = AttributeType::Text;
  text.resize(3);
  EXPECT_EQ(automatic_ramp_scale(text), RampScale::Linear);
}
