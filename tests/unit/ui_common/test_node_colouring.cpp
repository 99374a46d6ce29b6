// Colour by attribute (node_colouring.hpp), the filter's value counts (attribute_values.hpp),
// the derived columns (node_attribute.hpp) and the nameless-neuron display name, each against a
// brute-force reading of fresh random attribute tables and generated connectomes: legend counts
// equal the nodes of each colour, the most frequent values get the palette first, the numeric
// ramp grows lighter with the value, missing and NaN values are "none".
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>

#include "fresh_seed.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope_ui_common/attribute_values.hpp"
#include "pathscope_ui_common/node_attribute.hpp"
#include "pathscope_ui_common/node_colouring.hpp"

using namespace pathscope;

namespace {

double luminance(NodeColour c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

// A text column of `n` values drawn from `distinct` words with skewed odds, some missing.
AttributeColumn random_text_column(std::mt19937_64& rng, std::size_t n, int distinct) {
  AttributeColumn c;
  c.name = "kind";
  c.type = AttributeType::Text;
  c.resize(n);
  std::geometric_distribution<int> pick(0.25);
  std::bernoulli_distribution missing(0.07);
  for (std::size_t i = 0; i < n; ++i) {
    if (missing(rng)) continue;
    c.set_text(i, "v" + std::to_string(pick(rng) % distinct));
  }
  return c;
}

}  // namespace

TEST(NodeColouring, CategoryLegendCountsAreTheNodesOfEachColour) {
  std::mt19937_64 rng(test_support::fresh_seed());
  for (int round = 0; round < 20; ++round) {
    const std::size_t n = 1 + rng() % 3000;
    const int distinct = 1 + static_cast<int>(rng() % 30);
    const AttributeColumn column = random_text_column(rng, n, distinct);
    const NodeColouring colouring = colour_nodes(column);
    ASSERT_FALSE(colouring.numeric);
    ASSERT_EQ(colouring.node_colours.size(), n);

    // Brute force: value -> count, and the values in the order the palette must follow.
    std::map<std::string, std::int64_t> counts;
    std::int64_t missing = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (column.has(i)) {
        ++counts[column.text[i]];
      } else {
        ++missing;
      }
    }
    std::vector<std::pair<std::int64_t, std::string>> ranked;
    for (const auto& [value, count] : counts) ranked.push_back({-count, value});
    std::sort(ranked.begin(), ranked.end());

    const std::size_t coloured = std::min(ranked.size(), kCategoryColours);
    std::int64_t other = 0;
    for (std::size_t k = coloured; k < ranked.size(); ++k) other += -ranked[k].first;
    ASSERT_EQ(colouring.entries.size(), coloured + (other > 0) + (missing > 0));
    for (std::size_t k = 0; k < coloured; ++k) {
      EXPECT_EQ(colouring.entries[k].label, ranked[k].second);
      EXPECT_EQ(colouring.entries[k].count, -ranked[k].first);
      EXPECT_EQ(colouring.entries[k].colour, category_palette()[k]);
    }
    std::size_t next = coloured;
    if (other > 0) {
      EXPECT_EQ(colouring.entries[next].label, "other");
      EXPECT_EQ(colouring.entries[next++].count, other);
    }
    if (missing > 0) {
      EXPECT_EQ(colouring.entries[next].label, "none");
      EXPECT_EQ(colouring.entries[next].count, missing);
    }
    // Each entry's count is the number of nodes drawn in its colour (the colours are distinct).
    for (const auto& entry : colouring.entries) {
      const auto drawn = std::count(colouring.node_colours.begin(), colouring.node_colours.end(), entry.colour);
      EXPECT_EQ(drawn, entry.count) << entry.label;
    }
  }
}

TEST(NodeColouring, PaletteColoursAreDistinctFromEachOtherAndFromOtherAndNone) {
  std::set<std::tuple<int, int, int>> seen;
  for (const auto c : category_palette()) seen.insert({c.r, c.g, c.b});
  seen.insert({other_colour().r, other_colour().g, other_colour().b});
  seen.insert({none_colour().r, none_colour().g, none_colour().b});
  EXPECT_EQ(seen.size(), kCategoryColours + 2);
}

TEST(NodeColouring, NumericRampGrowsLighterWithTheValueAndNaNIsNone) {
  std::mt19937_64 rng(test_support::fresh_seed());
  for (int round = 0; round < 20; ++round) {
    const std::size_t n = 2 + rng() % 2000;
    AttributeColumn column;
    column.name = "score";
    column.type = AttributeType::Real;
    column.resize(n);
    std::normal_distribution<double> value(rng() % 100, 1 + rng() % 50);
    std::int64_t none = 0;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (std::size_t i = 0; i < n; ++i) {
      const auto roll = rng() % 20;
      if (roll == 0) {
        ++none;  // missing
      } else if (roll == 1) {
        column.set_real(i, std::numeric_limits<double>::quiet_NaN());
        ++none;
      } else {
        const double v = value(rng);
        column.set_real(i, v);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
    const NodeColouring colouring = colour_nodes(column);
    ASSERT_TRUE(colouring.numeric);
    EXPECT_EQ(colouring.numbered_nodes, static_cast<std::int64_t>(n) - none);
    if (colouring.numbered_nodes > 0) {
      EXPECT_EQ(colouring.min, lo);
      EXPECT_EQ(colouring.max, hi);
    }
    if (none > 0) {
      ASSERT_EQ(colouring.entries.size(), 1u);
      EXPECT_EQ(colouring.entries[0].label, "none");
      EXPECT_EQ(colouring.entries[0].count, none);
    } else {
      EXPECT_TRUE(colouring.entries.empty());
    }
    // Sorted by value, the nodes' colours never get darker (beyond the rounding to 8 bits, at
    // most half a level per channel).
    std::vector<std::pair<double, double>> by_value;
    for (std::size_t i = 0; i < n; ++i) {
      if (!column.has(i) || std::isnan(column.reals[i])) {
        EXPECT_EQ(colouring.node_colours[i], none_colour());
      } else {
        by_value.push_back({column.reals[i], luminance(colouring.node_colours[i])});
      }
    }
    std::sort(by_value.begin(), by_value.end());
    for (std::size_t k = 1; k < by_value.size(); ++k) EXPECT_LE(by_value[k - 1].second, by_value[k].second + 1.0);
  }
  // Steps of 1/64 (four 8-bit levels of the steepest channel): strictly lighter each time.
  for (int k = 1; k <= 64; ++k) EXPECT_LT(luminance(ramp_colour((k - 1) / 64.0)), luminance(ramp_colour(k / 64.0)));
  EXPECT_LT(luminance(ramp_colour(0)), luminance(ramp_colour(0.5)));
  EXPECT_LT(luminance(ramp_colour(0.5)), luminance(ramp_colour(1)));
  EXPECT_EQ(ramp_colour(std::numeric_limits<double>::quiet_NaN()), ramp_colour(0));
}

TEST(NodeAttributes, ValueCountsAndFilterMatchAScanOfAConnectome) {
  const std::uint64_t seed = test_support::fresh_seed();
  const int n = 150 + static_cast<int>(seed % 400);
  const LoadedGraph loaded = load_graph("connectome:n=" + std::to_string(n) + ",seed=" + std::to_string(seed % 100000) +
                                           ",types=" + std::to_string(2 + seed % 40), {});
  const Graph& g = loaded.graph;
  std::mt19937_64 rng(seed);
  for (const char* name : {"cell_type", "side", "super_class", "nt_type"}) {
    const auto column = node_attribute(g, name);
    ASSERT_TRUE(column) << name;
    const auto counts = value_counts(*column);
    std::int64_t total = 0;
    for (std::size_t k = 0; k < counts.size(); ++k) {
      total += counts[k].count;
      if (k > 0) {
        EXPECT_GE(counts[k - 1].count, counts[k].count);
      }
      std::int64_t scanned = 0;
      for (std::int32_t u = 0; u < g.n; ++u) scanned += column->to_text(u) == counts[k].value;
      EXPECT_EQ(scanned, counts[k].count) << name << " " << counts[k].value;
    }
    EXPECT_EQ(total, g.n);
    // A random choice of values keeps exactly the nodes holding one of them.
    std::vector<std::string> chosen;
    for (const auto& c : counts)
      if (rng() % 2) chosen.push_back(c.value);
    const auto shown = nodes_with_values(*column, chosen);
    for (std::int32_t u = 0; u < g.n; ++u) {
      const bool wanted = std::find(chosen.begin(), chosen.end(), column->to_text(u)) != chosen.end();
      EXPECT_EQ(shown[u] != 0, wanted);
    }
  }
}

TEST(NodeAttributes, DerivedDegreesAndSynapseTotalsMatchTheArcs) {
  const std::uint64_t seed = test_support::fresh_seed();
  const LoadedGraph loaded = load_graph("connectome:n=300,seed=" + std::to_string(seed % 100000), {});
  const Graph& g = loaded.graph;
  ASSERT_TRUE(g.directed);
  std::vector<std::int64_t> in(g.n, 0), out(g.n, 0);
  std::vector<double> syn_in(g.n, 0), syn_out(g.n, 0);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      ++out[u];
      ++in[g.heads[a]];
      if (g.has_arc_strengths()) {
        syn_out[u] += g.arc_strengths[a];
        syn_in[g.heads[a]] += g.arc_strengths[a];
      }
    }
  const auto names = node_attribute_names(g);
  for (const char* name : {"degree", "in-degree", "out-degree"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  const auto degree = node_attribute(g, "degree"), in_degree = node_attribute(g, "in-degree"),
             out_degree = node_attribute(g, "out-degree");
  for (std::int32_t u = 0; u < g.n; ++u) {
    EXPECT_EQ(degree->integers[u], in[u] + out[u]);
    EXPECT_EQ(in_degree->integers[u], in[u]);
    EXPECT_EQ(out_degree->integers[u], out[u]);
  }
  if (g.has_arc_strengths()) {
    const auto s_in = node_attribute(g, "synapses in"), s_out = node_attribute(g, "synapses out");
    ASSERT_TRUE(s_in && s_out);
    for (std::int32_t u = 0; u < g.n; ++u) {
      EXPECT_DOUBLE_EQ(s_in->reals[u], syn_in[u]);
      EXPECT_DOUBLE_EQ(s_out->reals[u], syn_out[u]);
    }
  }
  EXPECT_FALSE(node_attribute(g, "no such column"));
}

TEST(NodeDisplayName, ANamelessNeuronWithALongIdShowsItsTypeAndTheIdsLastDigits) {
  Graph g = make_empty_graph(4);
  g.ids = {720575940612345678, 720575940600001234, 17, 720575940699998888};
  // The reader's stand-in for a missing name is the id as text.
  g.names = {"720575940612345678", "EPG_L1", "17", "720575940699998888"};
  auto& type = g.node_attributes.column("cell_type", AttributeType::Text, 4);
  type.set_text(0, "PEN_a");
  type.set_text(1, "EPG");
  type.set_text(2, "KC");
  EXPECT_EQ(node_display_name(g, 0), "PEN_a (\xE2\x80\xA6" "5678)");
  EXPECT_EQ(node_display_name(g, 1), "EPG_L1");                // named: its name
  EXPECT_EQ(node_display_name(g, 2), "17");                    // a short id reads as it is
  EXPECT_EQ(node_display_name(g, 3), "720575940699998888");    // no type: the id
  g.names.clear();
  EXPECT_EQ(node_display_name(g, 1), "EPG (\xE2\x80\xA6" "1234)");
}
