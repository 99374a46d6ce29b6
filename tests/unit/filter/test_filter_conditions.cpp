// Conditions as typed: what each form reads as, that condition_text reads back to the same
// condition (fixed cases and fresh random ones with awkward names and values), and that every
// malformed text is refused with the text quoted.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/filter/graph_filter.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

AttributeCondition condition(std::string attribute, FilterOperator op, std::vector<std::string> values) {
  return {std::move(attribute), op, std::move(values)};
}

TEST(FilterConditions, TypedFormsReadAsMeant) {
  EXPECT_EQ(parse_attribute_condition("side == left"), condition("side", FilterOperator::Equal, {"left"}));
  EXPECT_EQ(parse_attribute_condition("side!=left"), condition("side", FilterOperator::NotEqual, {"left"}));
  EXPECT_EQ(parse_attribute_condition("  nt_type in {ACH, GABA}  "), condition("nt_type", FilterOperator::In, {"ACH", "GABA"}));
  EXPECT_EQ(parse_attribute_condition("nt_type not in{ACH,GABA}"), condition("nt_type", FilterOperator::NotIn, {"ACH", "GABA"}));
  EXPECT_EQ(parse_attribute_condition("neuropil == MB_CA_L"), condition("neuropil", FilterOperator::Equal, {"MB_CA_L"}));
  EXPECT_EQ(parse_attribute_condition("synapses >= 10"), condition("synapses", FilterOperator::GreaterEqual, {"10"}));
  EXPECT_EQ(parse_attribute_condition("synapses<=10"), condition("synapses", FilterOperator::LessEqual, {"10"}));
  EXPECT_EQ(parse_attribute_condition("weight < 2.5"), condition("weight", FilterOperator::Less, {"2.5"}));
  EXPECT_EQ(parse_attribute_condition("weight>2.5"), condition("weight", FilterOperator::Greater, {"2.5"}));
  EXPECT_EQ(parse_attribute_condition("cell_type ~ KC.*"), condition("cell_type", FilterOperator::Matches, {"KC.*"}));
  EXPECT_EQ(parse_attribute_condition("cell_type ~ a{2}b"), condition("cell_type", FilterOperator::Matches, {"a{2}b"}));
  EXPECT_EQ(parse_attribute_condition("side == \"left side\""), condition("side", FilterOperator::Equal, {"left side"}));
  EXPECT_EQ(parse_attribute_condition("side == left side"), condition("side", FilterOperator::Equal, {"left side"}));
  EXPECT_EQ(parse_attribute_condition("side == ' x '"), condition("side", FilterOperator::Equal, {" x "}));
  EXPECT_EQ(parse_attribute_condition("`cell class` in {'a, b', \"it''s\", c}"),
            condition("cell class", FilterOperator::In, {"a, b", "it''s", "c"}));
  EXPECT_EQ(parse_attribute_condition("name == 'it''s'"), condition("name", FilterOperator::Equal, {"it's"}));
  EXPECT_EQ(parse_attribute_condition("index == 3"), condition("index", FilterOperator::Equal, {"3"}));
  EXPECT_EQ(parse_attribute_condition("notes in {x}"), condition("notes", FilterOperator::In, {"x"}));
}

TEST(FilterConditions, FilterTextNamesBothParts) {
  GraphFilter filter;
  EXPECT_EQ(filter_text(filter), "");
  filter.nodes = {parse_attribute_condition("side == left"), parse_attribute_condition("cell_type ~ KC.*")};
  filter.arcs = {parse_attribute_condition("synapses >= 10")};
  EXPECT_EQ(filter_text(filter), "nodes: side == left and cell_type ~ KC.*; arcs: synapses >= 10");
  filter.nodes.clear();
  EXPECT_EQ(filter_text(filter), "arcs: synapses >= 10");
}

TEST(FilterConditions, MalformedTextIsRefusedQuotingIt) {
  for (const std::string text :
       {"", "side", "side left", "side = left", "== left", "side ==", "side ==   ", "nt_type in ACH", "nt_type in {}",
        "nt_type in {ACH", "nt_type in {ACH,,GABA}", "nt_type in {ACH} extra", "nt_type not {ACH}", "side == 'left",
        "side == 'left' x", "`cell class == x", "`` == x", "cell_type ~ KC(", "cell_type ~ [", "x in {'a' b}"}) {
    try {
      parse_attribute_condition(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const UsageError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("'" + text + "'"), std::string::npos) << message;
      EXPECT_NE(message.find("in {A, B}"), std::string::npos) << message;
    }
  }
}

// Awkward names and values: spaces inside and around, quotes of both kinds, commas and braces,
// operator characters, words that are operators.
std::string awkward_text(std::mt19937_64& rng, bool may_be_empty) {
  static const std::vector<std::string> pieces{"a", "B", "7", " ", ",", "{", "}", "'", "\"", "=", "<", "~", "in",
                                                "not", "KC", "_", "-", ".", "é", "\t"};
  const int length = static_cast<int>(rng() % 6) + (may_be_empty ? 0 : 1);
  std::string out;
  for (int i = 0; i < length; ++i) out += pieces[rng() % pieces.size()];
  return out;
}

TEST(FilterConditions, TextReadsBackToTheSameCondition) {
  std::mt19937_64 rng(test_support::fresh_seed());
  const std::vector<FilterOperator> ops{FilterOperator::Equal, FilterOperator::NotEqual, FilterOperator::Less,
                                        FilterOperator::LessEqual, FilterOperator::Greater, FilterOperator::GreaterEqual,
                                        FilterOperator::In, FilterOperator::NotIn};
  int checked = 0;
  for (int round = 0; round < 3000; ++round) {
    AttributeCondition c;
    c.attribute = awkward_text(rng, false);
    // A backquote cannot be written inside a backquoted name; names never hold one here.
    c.op = ops[rng() % ops.size()];
    const bool set = c.op == FilterOperator::In || c.op == FilterOperator::NotIn;
    const int count = set ? 1 + static_cast<int>(rng() % 4) : 1;
    for (int i = 0; i < count; ++i) c.values.push_back(awkward_text(rng, true));
    const std::string text = condition_text(c);
    ASSERT_EQ(parse_attribute_condition(text), c) << "text: " << text;
    ++checked;
  }
  // Regular expressions read back too, when they are ones.
  for (const std::string pattern : {"KC.*", "a{2,3}", "(x|y)+", "[^,]*", ".* side"}) {
    const AttributeCondition c = condition("cell type", FilterOperator::Matches, {pattern});
    EXPECT_EQ(parse_attribute_condition(condition_text(c)), c) << condition_text(c);
  }
  EXPECT_EQ(checked, 3000);
}

}  // namespace
}  // namespace pathscope
