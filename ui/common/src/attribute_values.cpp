#include "pathscope_ui_common/attribute_values.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace pathscope {

std::vector<ValueCount> value_counts(const AttributeColumn& column) {
  std::unordered_map<std::string, std::int64_t> counts;
  for (std::size_t i = 0; i < column.size(); ++i) ++counts[column.to_text(i)];
  std::vector<ValueCount> out;
  out.reserve(counts.size());
  for (auto& [value, count] : counts) out.push_back({value, count});
  std::sort(out.begin(), out.end(), [](const ValueCount& a, const ValueCount& b) {
    return a.count != b.count ? a.count > b.count : a.value < b.value;
  });
  return out;
}

std::vector<std::uint8_t> nodes_with_values(const AttributeColumn& column, const std::vector<std::string>& values) {
  const std::unordered_set<std::string> wanted(values.begin(), values.end());
  std::vector<std::uint8_t> shown(column.size(), 0);
  for (std::size_t i = 0; i < column.size(); ++i) shown[i] = wanted.count(column.to_text(i)) ? 1 : 0;
  return shown;
}

}  // namespace pathscope
