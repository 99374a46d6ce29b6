#pragma once
// Keeping part of a graph by attribute values: the conditions a person types
// (`side == left`, `nt_type in {ACH, GABA}`, `neuropil == MB_CA_L`, `synapses >= 10`,
// `cell_type ~ KC.*`) and the node and arc masks they select. The CLI (`--keep-nodes`,
// `--keep-arcs`), Python, the explorer and every engine read the same conditions.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope {

enum class FilterOperator {
  Equal,         // ==   (numbers compare as numbers, text as text; booleans as true/false)
  NotEqual,      // !=
  Less,          // <    (numbers only)
  LessEqual,     // <=
  Greater,       // >
  GreaterEqual,  // >=
  In,            // in {a, b, c}
  NotIn,         // not in {a, b, c}
  Matches,       // ~    (the whole value matches an ECMAScript regular expression)
};

// One condition on one attribute. A node or arc whose value is missing fails every condition
// but NotEqual and NotIn.
struct AttributeCondition {
  std::string attribute;
  FilterOperator op = FilterOperator::Equal;
  std::vector<std::string> values;  // one value, or the set of In / NotIn, as typed
  friend bool operator==(const AttributeCondition&, const AttributeCondition&) = default;
};

// "name OP value". Throws UsageError quoting the text and saying what is allowed.
AttributeCondition parse_attribute_condition(std::string_view text);
// The condition as parse_attribute_condition reads it back.
std::string condition_text(const AttributeCondition& condition);

// Every condition must hold (and). Node conditions read node attributes; arc conditions read
// arc attributes, and also `weight` (the cost) and `synapses` / `strength` (Graph::arc_strengths)
// where the graph has no column of that name. An arc is kept only when both its ends are.
struct GraphFilter {
  std::vector<AttributeCondition> nodes;
  std::vector<AttributeCondition> arcs;
  bool empty() const { return nodes.empty() && arcs.empty(); }
  friend bool operator==(const GraphFilter&, const GraphFilter&) = default;
};

// "nodes: side == left; arcs: synapses >= 10", "" for an empty filter.
std::string filter_text(const GraphFilter& filter);

}  // namespace pathscope
