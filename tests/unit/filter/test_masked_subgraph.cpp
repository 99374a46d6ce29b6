// The subgraph of a mask against the graph a reader builds from only the kept rows (random
// graphs with loops, parallel arcs kept apart, strengths, node, arc and graph attributes): every
// arc, loop, extra arc, attribute, id, name and coordinate must be the same.
#include <gtest/gtest.h>

#include <random>

#include "fresh_seed.hpp"
#include "pathscope/filter/graph_mask.hpp"
#include "random_attribute_graph.hpp"

namespace pathscope {
namespace {

using filter_test::judge;
using filter_test::Value;

void expect_same_table(const AttributeTable& got, const AttributeTable& want, std::size_t count, const char* what) {
  ASSERT_EQ(got.columns.size(), want.columns.size()) << what;
  for (const auto& w : want.columns) {
    const AttributeColumn* g = got.find(w.name);
    ASSERT_NE(g, nullptr) << what << " " << w.name;
    ASSERT_EQ(g->type, w.type) << what << " " << w.name;
    ASSERT_EQ(g->size(), count) << what << " " << w.name;
    for (std::size_t i = 0; i < count; ++i) {
      ASSERT_EQ(g->has(i), w.has(i)) << what << " " << w.name << " element " << i;
      ASSERT_EQ(g->to_text(i), w.to_text(i)) << what << " " << w.name << " element " << i;
    }
  }
}

GraphFilter random_filter(std::mt19937_64& rng, bool with_strengths) {
  static const std::vector<std::string> nodes{"side in {left, right}", "side != center", "root_id < 720575940600000030",
                                              "size >= 0", "flag == true", "side ~ .*t", "id >= 20", "id < 50.5"};
  static const std::vector<std::string> arcs{"neuropil == MB_CA_L", "neuropil not in {AL_R}", "synapses >= 10",
                                             "weight < 4", "length > 3.5", "neuropil ~ MB.*", "strength <= 20"};
  GraphFilter filter;
  for (int i = static_cast<int>(rng() % 3); i > 0; --i) filter.nodes.push_back(parse_attribute_condition(nodes[rng() % nodes.size()]));
  for (int i = static_cast<int>(rng() % 3); i > 0; --i) {
    const auto c = parse_attribute_condition(arcs[rng() % arcs.size()]);
    // Strengths belong to the CSR arcs: a graph whose only arcs are loops has none.
    if (with_strengths || (c.attribute != "synapses" && c.attribute != "strength")) filter.arcs.push_back(c);
  }
  return filter;
}

Value row_value(const filter_test::ArcRow& row, const std::string& name) {
  if (name == "neuropil") return row.neuropil;
  if (name == "length") return row.length;
  if (name == "weight") return row.weight;
  // A loop keeps no strength in the graph (Graph::SelfLoop): its strength reads as missing.
  if (row.u == row.v) return filter_test::Missing{};
  return row.strength;
}

Value node_value(const filter_test::RandomAttributeGraph& r, const std::string& name, std::int32_t u) {
  if (name == "id") return r.ids.empty() ? std::int64_t{u} : r.ids[static_cast<std::size_t>(u)];
  return filter_test::value_of(*r.node_attributes.find(name), static_cast<std::size_t>(u));
}

TEST(MaskedSubgraph, EqualsTheGraphOfTheKeptRows) {
  std::mt19937_64 rng(test_support::fresh_seed());
  std::int64_t promoted_cases = 0;
  for (int round = 0; round < 300; ++round) {
    const auto r = filter_test::random_attribute_graph(rng);
    const Graph& g = r.graph;
    const GraphFilter filter = random_filter(rng, g.has_arc_strengths());
    SCOPED_TRACE("round " + std::to_string(round) + ": " + filter_text(filter) + (r.directed ? "" : " (undirected)"));
    std::vector<std::int32_t> old_of;
    const Graph s = masked_subgraph(g, make_graph_mask(g, filter), &old_of);

    // The reference: the kept nodes renumbered in order, the kept rows built afresh.
    std::vector<std::int32_t> node_of(static_cast<std::size_t>(g.n), -1), kept;
    for (std::int32_t u = 0; u < g.n; ++u) {
      bool keep = true;
      for (const auto& c : filter.nodes) keep = keep && judge(c, node_value(r, c.attribute, u));
      if (keep) {
        node_of[static_cast<std::size_t>(u)] = static_cast<std::int32_t>(kept.size());
        kept.push_back(u);
      }
    }
    std::vector<filter_test::ArcRow> rows;
    for (const auto& row : r.rows) {
      bool keep = true;
      for (const auto& c : filter.arcs) keep = keep && judge(c, row_value(row, c.attribute));
      if (keep) rows.push_back(row);
    }
    const auto n = static_cast<std::int32_t>(kept.size());
    const Graph want = filter_test::build_from_rows(rows, node_of, n, r.directed);

    ASSERT_EQ(old_of, kept);
    ASSERT_EQ(s.n, n);
    EXPECT_EQ(s.directed, g.directed);
    ASSERT_EQ(s.offsets, want.offsets);
    ASSERT_EQ(s.heads, want.heads);
    ASSERT_EQ(s.weights, want.weights);
    ASSERT_EQ(s.arc_strengths, want.arc_strengths);
    ASSERT_EQ(s.self_loops.size(), want.self_loops.size());
    for (std::size_t i = 0; i < s.self_loops.size(); ++i) {
      EXPECT_EQ(s.self_loops[i].node, want.self_loops[i].node);
      EXPECT_EQ(s.self_loops[i].weight, want.self_loops[i].weight);
    }
    ASSERT_EQ(s.extra_arcs.size(), want.extra_arcs.size());
    for (std::size_t i = 0; i < s.extra_arcs.size(); ++i) {
      EXPECT_EQ(s.extra_arcs[i].tail, want.extra_arcs[i].tail);
      EXPECT_EQ(s.extra_arcs[i].head, want.extra_arcs[i].head);
      EXPECT_EQ(s.extra_arcs[i].weight, want.extra_arcs[i].weight);
      EXPECT_EQ(s.extra_arcs[i].strength, want.extra_arcs[i].strength);
    }
    if (want.arc_attribute_count() > 0) expect_same_table(s.arc_attributes, want.arc_attributes, want.arc_attribute_count(), "arc");
    // The flags are those of the part, not of the whole: a stand-in may cost more than the
    // unit arc it replaces, and dropping the costly arcs leaves hops.
    EXPECT_EQ(s.integer_weights, want.integer_weights);
    EXPECT_EQ(s.unit_weights, want.unit_weights);

    std::vector<std::int64_t> ids;
    std::vector<std::string> names;
    std::vector<float> coords;
    for (auto u : kept) {
      ids.push_back(r.ids.empty() ? u : r.ids[static_cast<std::size_t>(u)]);
      if (!r.names.empty()) names.push_back(r.names[static_cast<std::size_t>(u)]);
      coords.push_back(r.coords[2 * static_cast<std::size_t>(u)]);
      coords.push_back(r.coords[2 * static_cast<std::size_t>(u) + 1]);
    }
    // Every node keeps the id a person sees; a graph that kept every node needs no ids.
    if (r.ids.empty() && n == g.n) {
      EXPECT_TRUE(s.ids.empty());
    } else {
      EXPECT_EQ(s.ids, ids);
    }
    EXPECT_EQ(s.names, names);
    EXPECT_EQ(s.coord_dims, 2);
    EXPECT_EQ(s.coords, coords);
    AttributeTable want_nodes;
    for (const auto& c : r.node_attributes.columns) {
      auto& column = want_nodes.column(c.name, c.type, kept.size());
      for (std::size_t j = 0; j < kept.size(); ++j)
        filter_test::set_value(column, j, filter_test::value_of(c, static_cast<std::size_t>(kept[j])));
    }
    expect_same_table(s.node_attributes, want_nodes, kept.size(), "node");
    expect_same_table(s.graph_attributes, g.graph_attributes, 1, "graph");
    // Cases where a dropped cheapest arc gave way to a kept parallel one.
    const GraphMask mask = make_graph_mask(g, filter);
    for (std::size_t i = 0; i < g.extra_arcs.size(); ++i) {
      const auto& e = g.extra_arcs[i];
      if (e.tail == e.head || !mask.keeps_node(e.tail) || !mask.keeps_node(e.head)) continue;
      if (!mask.extra_arc_kept.empty() && mask.extra_arc_kept[i] == 0) continue;
      for (std::int64_t a = g.offsets[e.tail]; a < g.offsets[e.tail + 1]; ++a)
        if (g.heads[a] == e.head && !mask.keeps_arc(a, e.tail, e.head)) ++promoted_cases;
    }
  }
  EXPECT_GT(promoted_cases, 0);
}

TEST(MaskedSubgraph, EmptyMaskCopiesTheGraph) {
  std::mt19937_64 rng(test_support::fresh_seed());
  const auto r = filter_test::random_attribute_graph(rng);
  const Graph s = masked_subgraph(r.graph, GraphMask{});
  EXPECT_EQ(s.offsets, r.graph.offsets);
  EXPECT_EQ(s.heads, r.graph.heads);
  EXPECT_EQ(s.ids, r.graph.ids);
  EXPECT_EQ(s.extra_arcs.size(), r.graph.extra_arcs.size());
  EXPECT_EQ(s.integer_weights, r.graph.integer_weights);
  EXPECT_EQ(s.unit_weights, r.graph.unit_weights);
}

}  // namespace
}  // namespace pathscope
