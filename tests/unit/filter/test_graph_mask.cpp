// Node and arc masks against a brute-force judge of every condition on every value (random
// graphs of awkward sizes: text, 64-bit ids, reals, booleans, missing values, loops and
// parallel arcs), the summary's counts, and the errors a condition that cannot apply gives.
#include <gtest/gtest.h>

#include <random>

#include "fresh_seed.hpp"
#include "pathscope/filter/graph_mask.hpp"
#include "pathscope/runtime/error.hpp"
#include "random_attribute_graph.hpp"

namespace pathscope {
namespace {

using filter_test::judge;
using filter_test::Value;

// A random condition on a column of `type` named `name`.
AttributeCondition random_condition(std::mt19937_64& rng, const std::string& name, AttributeType type,
                                    const std::vector<std::string>& texts) {
  AttributeCondition c;
  c.attribute = name;
  std::vector<FilterOperator> ops{FilterOperator::Equal, FilterOperator::NotEqual, FilterOperator::In, FilterOperator::NotIn};
  if (type == AttributeType::Integer || type == AttributeType::Real) {
    for (auto op : {FilterOperator::Less, FilterOperator::LessEqual, FilterOperator::Greater, FilterOperator::GreaterEqual})
      ops.push_back(op);
  }
  if (type != AttributeType::Real) ops.push_back(FilterOperator::Matches);
  c.op = ops[rng() % ops.size()];
  const auto one_value = [&] {
    return type == AttributeType::Text ? texts[rng() % texts.size()] : filter_test::threshold_text(rng, type);
  };
  if (c.op == FilterOperator::Matches) {
    static const std::vector<std::string> text_patterns{"left.*", ".*side", "MB.*", ".*_L", "n1.*", "zz.*"};
    static const std::vector<std::string> number_patterns{"7205759406.*", ".*1", ".*00", "true.*", ".*e"};
    const auto& patterns = type == AttributeType::Text ? text_patterns : number_patterns;
    c.values = {patterns[rng() % patterns.size()]};
  } else if (c.op == FilterOperator::In || c.op == FilterOperator::NotIn) {
    const int count = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < count; ++i) c.values.push_back(one_value());
  } else {
    c.values = {one_value()};
  }
  return c;
}

struct NodeChoice {
  std::string name;
  AttributeType type;
};

Value node_value(const filter_test::RandomAttributeGraph& r, const std::string& name, std::int32_t u) {
  if (name == "id") return r.ids.empty() ? std::int64_t{u} : r.ids[static_cast<std::size_t>(u)];
  if (name == "name") return r.names[static_cast<std::size_t>(u)].empty() ? Value(filter_test::Missing{}) : Value(r.names[static_cast<std::size_t>(u)]);
  return filter_test::value_of(*r.node_attributes.find(name), static_cast<std::size_t>(u));
}

Value arc_value(const Graph& g, const std::string& name, std::size_t e) {
  const std::size_t arcs = g.heads.size(), loops = g.self_loops.size();
  if (name == "weight") {
    if (e < arcs) return g.weights[e];
    if (e < arcs + loops) return g.self_loops[e - arcs].weight;
    return g.extra_arcs[e - arcs - loops].weight;
  }
  if (name == "synapses") {
    if (e < arcs) return g.arc_strengths[e];
    if (e < arcs + loops) return filter_test::Missing{};
    const auto& extra = g.extra_arcs[e - arcs - loops];
    if (extra.tail == extra.head) return filter_test::Missing{};
    return extra.strength;
  }
  return filter_test::value_of(*g.arc_attributes.find(name), e);
}

GraphFilter random_filter(std::mt19937_64& rng, const filter_test::RandomAttributeGraph& r) {
  std::vector<NodeChoice> node_choices{{"side", AttributeType::Text}, {"root_id", AttributeType::Integer},
                                       {"size", AttributeType::Real}, {"flag", AttributeType::Boolean},
                                       {"id", AttributeType::Integer}};
  if (!r.names.empty()) node_choices.push_back({"name", AttributeType::Text});
  std::vector<NodeChoice> arc_choices{{"neuropil", AttributeType::Text}, {"length", AttributeType::Real},
                                      {"weight", AttributeType::Real}};
  // Strengths belong to the CSR arcs: a graph whose only arcs are loops has none.
  if (r.graph.has_arc_strengths()) arc_choices.push_back({"synapses", AttributeType::Real});
  std::vector<std::string> texts = filter_test::side_values();
  for (const auto& p : filter_test::neuropil_values()) texts.push_back(p);
  for (int i = 0; i < 40; i += 7) texts.push_back("n" + std::to_string(i));
  GraphFilter filter;
  const int node_count = static_cast<int>(rng() % 3), arc_count = static_cast<int>(rng() % 3);
  for (int i = 0; i < node_count; ++i) {
    const auto& choice = node_choices[rng() % node_choices.size()];
    auto c = random_condition(rng, choice.name, choice.type, texts);
    // id thresholds near the file's ids when it has them, else near the indices.
    if (choice.name == "id" && r.ids.empty() && c.op != FilterOperator::Matches)
      for (auto& v : c.values) v = std::to_string(static_cast<std::int64_t>(rng() % 300)) + (rng() % 3 == 0 ? ".5" : "");
    filter.nodes.push_back(c);
  }
  for (int i = 0; i < arc_count; ++i) {
    const auto& choice = arc_choices[rng() % arc_choices.size()];
    auto c = random_condition(rng, choice.name, choice.type, texts);
    if (choice.type == AttributeType::Real && c.op != FilterOperator::Matches)
      for (auto& v : c.values) v = std::to_string(rng() % 12) + (rng() % 2 ? ".5" : "");
    filter.arcs.push_back(c);
  }
  return filter;
}

TEST(GraphMask, AgreesWithBruteForceOnRandomGraphs) {
  std::mt19937_64 rng(test_support::fresh_seed());
  std::int64_t nodes_dropped = 0, arcs_dropped = 0, loops_dropped = 0;
  for (int round = 0; round < 300; ++round) {
    const auto r = filter_test::random_attribute_graph(rng);
    const Graph& g = r.graph;
    const GraphFilter filter = random_filter(rng, r);
    SCOPED_TRACE("round " + std::to_string(round) + ": " + filter_text(filter));
    const GraphMask mask = make_graph_mask(g, filter);
    ASSERT_EQ(mask.node_kept.empty(), filter.nodes.empty());
    ASSERT_EQ(mask.arc_kept.empty(), filter.arcs.empty() || g.heads.empty());
    FilterSummary expected;
    for (std::int32_t u = 0; u < g.n; ++u) {
      bool keep = true;
      for (const auto& c : filter.nodes) keep = keep && judge(c, node_value(r, c.attribute, u));
      ASSERT_EQ(mask.keeps_node(u), keep) << "node " << u;
      nodes_dropped += !keep;
      expected.nodes_kept += keep;
    }
    for (std::size_t e = 0; e < g.arc_attribute_count(); ++e) {
      bool keep = true;
      for (const auto& c : filter.arcs) keep = keep && judge(c, arc_value(g, c.attribute, e));
      const std::size_t arcs = g.heads.size(), loops = g.self_loops.size();
      const auto& kept = e < arcs ? mask.arc_kept : e < arcs + loops ? mask.self_loop_kept : mask.extra_arc_kept;
      const std::size_t at = e < arcs ? e : e < arcs + loops ? e - arcs : e - arcs - loops;
      ASSERT_EQ(kept.empty() || kept[at] != 0, keep) << "arc element " << e;
      arcs_dropped += !keep && e < arcs;
      loops_dropped += !keep && e >= arcs && e < arcs + loops;
    }
    for (std::int32_t u = 0; u < g.n; ++u)
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const bool both_ends = mask.keeps_node(u) && mask.keeps_node(g.heads[a]);
        const bool by_conditions = mask.arc_kept.empty() || mask.arc_kept[a] != 0;
        ASSERT_EQ(mask.keeps_arc(a, u, g.heads[a]), both_ends && by_conditions);
        expected.arcs_kept += both_ends && by_conditions;
      }
    const FilterSummary summary = summarize_mask(g, mask, filter);
    EXPECT_EQ(summary.nodes_before, g.n);
    EXPECT_EQ(summary.arcs_before, g.arc_count());
    EXPECT_EQ(summary.nodes_kept, expected.nodes_kept);
    EXPECT_EQ(summary.arcs_kept, expected.arcs_kept);
    EXPECT_EQ(summary.filter, filter_text(filter));
  }
  // The judge must have had work on both sides: conditions that drop nothing test little.
  EXPECT_GT(nodes_dropped, 100);
  EXPECT_GT(arcs_dropped, 100);
  EXPECT_GT(loops_dropped, 0);
}

TEST(GraphMask, SixtyFourBitIdsAreComparedUnrounded) {
  Graph g = make_empty_graph(3);
  auto& root = g.node_attributes.column("root_id", AttributeType::Integer, 3);
  // 2^53 + 1 and its neighbours: as doubles the first two are equal.
  root.set_integer(0, 9007199254740993LL);
  root.set_integer(1, 9007199254740992LL);
  root.set_integer(2, 720575940629970489LL);
  const auto kept = [&](const std::string& text) {
    const auto mask = make_graph_mask(g, GraphFilter{{parse_attribute_condition(text)}, {}});
    std::string out;
    for (auto k : mask.node_kept) out += k ? '1' : '0';
    return out;
  };
  EXPECT_EQ(kept("root_id == 9007199254740993"), "100");
  EXPECT_EQ(kept("root_id > 9007199254740992"), "101");
  EXPECT_EQ(kept("root_id < 9007199254740992.5"), "010");
  EXPECT_EQ(kept("root_id in {720575940629970489, 1}"), "001");
  EXPECT_EQ(kept("root_id >= 720575940629970488.9"), "001");
  EXPECT_EQ(kept("root_id ~ 7205.*"), "001");
  EXPECT_EQ(kept("root_id == +9007199254740992"), "010");
  EXPECT_EQ(kept("root_id != 9007199254740992.0"), "101");
}

TEST(GraphMask, ConditionsThatCannotApplyAreRefusedByName) {
  filter_test::RandomAttributeGraph r;
  std::mt19937_64 rng(7);
  do r = filter_test::random_attribute_graph(rng);
  while (r.names.empty() || !r.graph.has_arc_strengths());
  const auto message = [&](const GraphFilter& filter) -> std::string {
    try {
      make_graph_mask(r.graph, filter);
    } catch (const UsageError& e) {
      return e.what();
    }
    return "accepted";
  };
  const auto nodes = [](const std::string& text) { return GraphFilter{{parse_attribute_condition(text)}, {}}; };
  const auto arcs = [](const std::string& text) { return GraphFilter{{}, {parse_attribute_condition(text)}}; };
  auto m = message(nodes("sid == left"));
  EXPECT_NE(m.find("no attribute 'sid'"), std::string::npos) << m;
  EXPECT_NE(m.find("side, root_id, size, flag, id, name"), std::string::npos) << m;
  m = message(nodes("side < left"));
  EXPECT_NE(m.find("'side' (text)"), std::string::npos) << m;
  m = message(nodes("flag >= 1"));
  EXPECT_NE(m.find("'flag' (boolean)"), std::string::npos) << m;
  m = message(nodes("flag == maybe"));
  EXPECT_NE(m.find("true or false"), std::string::npos) << m;
  m = message(nodes("root_id == KC"));
  EXPECT_NE(m.find("'root_id' (integer)"), std::string::npos) << m;
  EXPECT_NE(m.find("'KC' is not one"), std::string::npos) << m;
  m = message(arcs("neuropl == MB_CA_L"));
  EXPECT_NE(m.find("neuropil, length, weight, cost, synapses, strength"), std::string::npos) << m;
  Graph without = r.graph;
  without.arc_strengths.clear();
  for (auto& extra : without.extra_arcs) extra.strength = 0;
  try {
    make_graph_mask(without, arcs("synapses >= 3"));
    ADD_FAILURE() << "synapses read from a graph without strengths";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("no connection strengths"), std::string::npos) << e.what();
  }
  // A column of that name wins over the pseudo-attribute.
  Graph named = r.graph;
  named.node_attributes.column("id", AttributeType::Text, static_cast<std::size_t>(named.n)).set_text(0, "first");
  const auto mask = make_graph_mask(named, nodes("id == first"));
  EXPECT_EQ(mask.node_kept[0], 1);
  for (std::size_t u = 1; u < mask.node_kept.size(); ++u) EXPECT_EQ(mask.node_kept[u], 0);
}

TEST(GraphMask, SummaryTextGroupsDigits) {
  FilterSummary s;
  s.filter = "nodes: side == left";
  s.nodes_before = 2952;
  s.nodes_kept = 812;
  s.arcs_before = 41200;
  s.arcs_kept = 1;
  EXPECT_EQ(s.text(), "kept 812 of 2,952 nodes and 1 of 41,200 arcs (nodes: side == left)");
}

}  // namespace
}  // namespace pathscope
