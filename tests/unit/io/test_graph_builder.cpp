// GraphBuilder's load policy against a brute-force model: a map from (u, v) to the cheapest cost.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>


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

// Records with attributes, parallel arcs and loops against a brute-force model: per pair, the
// cheapest record (the first listed among equal costs) is the arc; with keep_extra_arcs the
// others are extra arcs, an undirected edge once from its lower end.
namespace {

struct ModelRecord {
  std::int32_t u, v;
  double w, strength;
  std::int64_t index;
};

void check_records_against_model(std::int32_t n, std::int64_t records, bool directed, bool keep_extra,
                                 bool with_strength, std::uint64_t seed) {
  SCOPED_TRACE("seed " + std::to_string(seed) + (directed ? " directed" : " undirected") +
               (keep_extra ? " keep" : " merge") + (with_strength ? " strength" : ""));
  SplitMix64 rng(seed);
  GraphBuilder builder(n);
  builder.keep_extra_arcs(keep_extra);
  std::vector<ModelRecord> listed;
  for (std::int64_t i = 0; i < records; ++i) {
    auto u = static_cast<std::int32_t>(rng.below(n)), v = static_cast<std::int32_t>(rng.below(n));
    const double w = static_cast<double>(rng.below(4));  // few costs: many ties between parallel arcs
    const double strength = static_cast<double>(rng.below(1000));
    if (directed && with_strength) builder.add_arc(u, v, w, strength);
    else if (directed) builder.add_arc(u, v, w);
    else if (with_strength) builder.add_edge(u, v, w, strength);
    else builder.add_edge(u, v, w);
    ASSERT_EQ(builder.record_count(), i + 1);
    const auto at = static_cast<std::size_t>(builder.record_count() - 1);
    builder.record_attributes().column("record", AttributeType::Integer, at + 1).set_integer(at, i);
    if (i % 3 == 1) {  // some records lack the text column, and the last ones leave it short
      builder.record_attributes().column("label", AttributeType::Text, at + 1).set_text(at, "r" + std::to_string(i));
    }
    if (!directed && u > v) std::swap(u, v);
    listed.push_back({u, v, w, with_strength ? strength : 0.0, i});
  }
  // The model: records by pair in cost order, first listed first among equals.
  std::stable_sort(listed.begin(), listed.end(), [](const ModelRecord& a, const ModelRecord& b) {
    return std::tie(a.u, a.v, a.w) < std::tie(b.u, b.v, b.w);
  });
  std::map<std::pair<std::int32_t, std::int32_t>, ModelRecord> kept;
  std::vector<ModelRecord> extras;
  std::int64_t loop_arcs = 0, parallel_arcs = 0;
  for (const auto& r : listed) {
    if (r.u == r.v) loop_arcs += directed ? 1 : 2;
    if (!kept.emplace(std::make_pair(r.u, r.v), r).second) {
      extras.push_back(r);
      if (r.u != r.v) parallel_arcs += directed ? 1 : 2;
    }
  }
  LoadReport report;
  const Graph g = builder.build(directed, report);
  EXPECT_EQ(builder.record_count(), 0);
  EXPECT_EQ(report.self_loops, loop_arcs);
  EXPECT_EQ(report.parallel_arcs_dropped, keep_extra ? 0 : parallel_arcs);
  ASSERT_EQ(g.arc_attributes.columns.size(), 2u);
  const AttributeColumn* index = g.arc_attributes.find("record");
  const AttributeColumn* label = g.arc_attributes.find("label");
  ASSERT_TRUE(index && label);
  ASSERT_EQ(index->size(), g.arc_attribute_count());
  ASSERT_EQ(label->size(), g.arc_attribute_count());
  const auto expect_element = [&](std::size_t element, const ModelRecord& r) {
    ASSERT_TRUE(index->has(element));
    EXPECT_EQ(index->integers[element], r.index);
    EXPECT_EQ(label->has(element), r.index % 3 == 1);
    if (label->has(element)) {
      EXPECT_EQ(label->text[element], "r" + std::to_string(r.index));
    }
  };
  std::size_t arcs_expected = 0;
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const std::int32_t v = g.heads[e];
      const auto it = kept.find(directed || u < v ? std::make_pair(u, v) : std::make_pair(v, u));
      ASSERT_NE(it, kept.end()) << u << "->" << v;
      EXPECT_EQ(g.weights[e], it->second.w);
      if (with_strength) {
        EXPECT_EQ(g.arc_strengths[e], it->second.strength);
      }
      expect_element(static_cast<std::size_t>(e), it->second);
    }
  }
  for (const auto& [pair, r] : kept) arcs_expected += pair.first == pair.second ? 0 : (directed ? 1 : 2);
  EXPECT_EQ(static_cast<std::size_t>(g.arc_count()), arcs_expected);
  std::size_t loops_expected = 0;
  for (std::size_t i = 0; i < g.self_loops.size(); ++i) {
    const auto& loop = g.self_loops[i];
    const auto it = kept.find({loop.node, loop.node});
    ASSERT_NE(it, kept.end());
    EXPECT_EQ(loop.weight, it->second.w);
    expect_element(g.self_loop_attribute_index(i), it->second);
  }
  for (const auto& [pair, r] : kept) loops_expected += pair.first == pair.second ? 1 : 0;
  EXPECT_EQ(g.self_loops.size(), loops_expected);
  if (!keep_extra) {
    EXPECT_TRUE(g.extra_arcs.empty());
    return;
  }
  ASSERT_EQ(g.extra_arcs.size(), extras.size());
  for (std::size_t i = 0; i < extras.size(); ++i) {
    const auto& extra = g.extra_arcs[i];
    EXPECT_EQ(extra.tail, extras[i].u);
    EXPECT_EQ(extra.head, extras[i].v);
    EXPECT_EQ(extra.weight, extras[i].w);
    EXPECT_EQ(extra.strength, extras[i].strength);
    expect_element(g.extra_arc_attribute_index(i), extras[i]);
  }
}

}  // namespace

TEST(GraphBuilder, RecordAttributesAndExtraArcsMatchModel) {
  std::uint64_t seed = 0x5EED0027;
  for (std::int32_t n : {1, 2, 5, 13, 97}) {
    for (bool directed : {true, false}) {
      for (bool keep_extra : {true, false}) {
        for (bool with_strength : {false, true}) {
          check_records_against_model(n, 4 * n + 7, directed, keep_extra, with_strength, seed++);
        }
      }
    }
  }
}

TEST(GraphBuilder, NoAttributeMemoryWhenNoneSet) {
  GraphBuilder b(3);
  b.keep_extra_arcs(true);
  b.add_arc(0, 1, 2);
  b.add_arc(0, 1, 1);
  LoadReport report;
  const Graph g = b.build(true, report);
  EXPECT_TRUE(g.arc_attributes.empty());
  ASSERT_EQ(g.extra_arcs.size(), 1u);
  EXPECT_EQ(g.extra_arcs[0].weight, 2);
  EXPECT_EQ(g.weights[0], 1);
}

TEST(Graph, ReverseCarriesArcAttributesAndExtraArcs) {
  const std::uint64_t seed = 0xBAC4;
  SplitMix64 rng(seed);
  SCOPED_TRACE("seed " + std::to_string(seed));
  const std::int32_t n = 23;
  GraphBuilder b(n);
  b.keep_extra_arcs(true);
  for (std::int64_t i = 0; i < 90; ++i) {
    b.add_arc(static_cast<std::int32_t>(rng.below(n)), static_cast<std::int32_t>(rng.below(n)), static_cast<double>(rng.below(3)));
    const auto at = static_cast<std::size_t>(b.record_count() - 1);
    b.record_attributes().column("record", AttributeType::Integer, at + 1).set_integer(at, i);
  }
  LoadReport report;
  Graph g = b.build(true, report);
  g.graph_attributes.column("title", AttributeType::Text, 1).set_text(0, "reversed");
  const Graph r = reverse_graph(g);
  ASSERT_EQ(r.arc_attribute_count(), g.arc_attribute_count());
  std::map<std::tuple<std::int32_t, std::int32_t, std::int64_t>, int> forward, backward;
  const AttributeColumn& gi = *g.arc_attributes.find("record");
  const AttributeColumn& ri = *r.arc_attributes.find("record");
  for (std::int32_t u = 0; u < n; ++u) {
    for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e) ++forward[{u, g.heads[e], gi.integers[e]}];
    for (auto e = r.offsets[u]; e < r.offsets[u + 1]; ++e) ++backward[{r.heads[e], u, ri.integers[e]}];
  }
  for (std::size_t i = 0; i < g.extra_arcs.size(); ++i) {
    ++forward[{g.extra_arcs[i].tail, g.extra_arcs[i].head, gi.integers[g.extra_arc_attribute_index(i)]}];
    ++backward[{r.extra_arcs[i].head, r.extra_arcs[i].tail, ri.integers[r.extra_arc_attribute_index(i)]}];
  }
  EXPECT_FALSE(g.extra_arcs.empty());
  EXPECT_EQ(forward, backward);
  ASSERT_NE(r.graph_attributes.find("title"), nullptr);
  EXPECT_EQ(r.graph_attributes.find("title")->text[0], "reversed");
}
