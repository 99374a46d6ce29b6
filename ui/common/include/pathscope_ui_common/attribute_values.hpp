#pragma once
// The distinct values of a node attribute with how many nodes hold each, and the nodes whose
// value is among a chosen few: what the colour legend lists and the view filter keeps. Values
// are compared as a person reads them (AttributeColumn::to_text); a missing value is "".
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/graph/attributes.hpp"

namespace pathscope {

struct ValueCount {
  std::string value;  // "" for nodes without a value
  std::int64_t count = 0;
};

// Each distinct value once, the most frequent first, ties in ascending value order.
std::vector<ValueCount> value_counts(const AttributeColumn& column);

// 1 for each node whose value is one of `values`, else 0.
std::vector<std::uint8_t> nodes_with_values(const AttributeColumn& column, const std::vector<std::string>& values);

}  // namespace pathscope
