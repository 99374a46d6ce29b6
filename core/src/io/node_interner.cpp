#include "io/node_interner.hpp"

#include "io/text_fields.hpp"

namespace pathscope::io {

std::int32_t NodeInterner::intern(std::string_view key, std::int64_t max_nodes) {
  key = trim(key);
  if (const auto number = to_int64(key)) {
    if (auto it = by_number_.find(*number); it != by_number_.end()) return it->second;
    if (static_cast<std::int64_t>(keys_.size()) >= max_nodes) return -1;
    const auto index = static_cast<std::int32_t>(keys_.size());
    by_number_.emplace(*number, index);
    keys_.push_back({true, *number, std::to_string(*number)});
    return index;
  }
  if (auto it = by_name_.find(key); it != by_name_.end()) return it->second;
  if (static_cast<std::int64_t>(keys_.size()) >= max_nodes) return -1;
  const auto index = static_cast<std::int32_t>(keys_.size());
  by_name_.emplace(std::string(key), index);
  keys_.push_back({false, 0, std::string(key)});
  ++name_count_;
  return index;
}

std::int32_t NodeInterner::find(std::string_view key) const {
  key = trim(key);
  if (const auto number = to_int64(key)) {
    const auto it = by_number_.find(*number);
    return it == by_number_.end() ? -1 : it->second;
  }
  const auto it = by_name_.find(key);
  return it == by_name_.end() ? -1 : it->second;
}

void NodeInterner::label_graph(Graph& g) const {
  if (all_integers()) {
    g.ids.reserve(keys_.size());
    for (const auto& key : keys_) g.ids.push_back(key.number);
  } else {
    g.names.reserve(keys_.size());
    for (const auto& key : keys_) g.names.push_back(key.text);
  }
}

}  // namespace pathscope::io
