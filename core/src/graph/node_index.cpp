#include "pathscope/graph/node_index.hpp"

#include <algorithm>
#include <charconv>
#include <map>

namespace pathscope {

namespace {

std::string folded(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

}  // namespace

std::vector<std::int32_t> NodeLookup::all_nodes() const {
  std::vector<std::int32_t> nodes;
  for (const auto& m : matches) nodes.insert(nodes.end(), m.nodes.begin(), m.nodes.end());
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  if (node) {
    nodes.erase(std::remove(nodes.begin(), nodes.end(), *node), nodes.end());
    nodes.insert(nodes.begin(), *node);
  }
  return nodes;
}

NodeIndex::NodeIndex(const Graph& g) : n_(g.n) {
  std::vector<std::string> keys;
  if (!g.names.empty()) {
    for (std::int32_t u = 0; u < g.n; ++u) {
      by_name_.try_emplace(g.names[u], u);  // the first node of a name, as Graph::find_node
      by_folded_name_.try_emplace(folded(g.names[u]), u);
      if (!g.names[u].empty()) keys.push_back(g.names[u]);
    }
  }
  has_ids_ = !g.ids.empty();
  if (has_ids_) {
    for (std::int32_t u = 0; u < g.n; ++u) by_id_.try_emplace(g.ids[u], u);
  }
  for (const auto& column : g.node_attributes.columns) {
    if (column.type != AttributeType::Text && column.type != AttributeType::Integer) continue;
    std::map<std::string, std::vector<std::int32_t>> members;
    const auto size = std::min(column.size(), static_cast<std::size_t>(g.n));
    for (std::size_t u = 0; u < size; ++u) {
      if (!column.has(u)) continue;
      std::string value = column.to_text(u);
      if (!value.empty()) members[std::move(value)].push_back(static_cast<std::int32_t>(u));
    }
    for (auto& [value, nodes] : members) {
      by_folded_value_[folded(value)].push_back(values_.size());
      keys.push_back(value);
      values_.push_back({column.name, value, std::move(nodes)});
    }
  }
  std::sort(keys.begin(), keys.end(), [](const std::string& a, const std::string& b) {
    const auto fa = folded(a), fb = folded(b);
    return fa != fb ? fa < fb : a < b;
  });
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  keys_ = std::move(keys);
}

NodeLookup NodeIndex::find(std::string_view raw_key) const {
  NodeLookup out;
  const std::string_view key = trimmed(raw_key);
  if (key.empty()) return out;
  const std::string key_text(key), key_folded = folded(key);
  if (auto it = by_name_.find(key_text); it != by_name_.end()) {
    out.node = it->second;
  } else if (auto folded_it = by_folded_name_.find(key_folded); folded_it != by_folded_name_.end()) {
    out.node = folded_it->second;
  } else {
    std::int64_t id = 0;
    const auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), id);
    if (error == std::errc() && end == key.data() + key.size()) {
      if (!has_ids_ && id >= 0 && id < n_) out.node = static_cast<std::int32_t>(id);
      if (has_ids_) {
        if (auto id_it = by_id_.find(id); id_it != by_id_.end()) out.node = id_it->second;
      }
    }
  }
  if (auto it = by_folded_value_.find(key_folded); it != by_folded_value_.end()) {
    for (const std::size_t i : it->second) out.matches.push_back(values_[i]);
  }
  return out;
}

const AttributeColumn* type_column(const Graph& g) {
  for (const char* name : {"cell_type", "type", "primary_type", "class", "super_class", "group"}) {
    const AttributeColumn* c = g.node_attributes.find(name);
    if (c && c->type == AttributeType::Text) return c;
  }
  return nullptr;
}

std::string node_display_name(const Graph& g, std::int32_t u) {
  const std::string id = std::to_string(g.display_id(u));
  if (!g.names.empty() && !g.names[u].empty() && g.names[u] != id) return g.names[u];
  // Ids up to six digits read well enough on their own.
  constexpr std::size_t kLongId = 7, kShownDigits = 4;
  const AttributeColumn* type = id.size() >= kLongId ? type_column(g) : nullptr;
  if (type && type->has(static_cast<std::size_t>(u)) && !type->text[u].empty())
    return type->text[u] + " (\xE2\x80\xA6"  // an ellipsis, UTF-8
            + id.substr(id.size() - kShownDigits) + ")";
  return g.label(u);
}

}  // namespace pathscope
