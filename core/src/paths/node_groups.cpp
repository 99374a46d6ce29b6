#include "pathscope/paths/node_groups.hpp"

#include <algorithm>
#include <map>

#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

std::string column_list(const Graph& g) {
  std::string list;
  for (const auto& c : g.node_attributes.columns) list += (list.empty() ? "" : ", ") + c.name;
  return list.empty() ? "none" : list;
}

std::vector<NodeGroup> single_nodes(const Graph& g, const std::vector<std::string>& selection) {
  std::vector<NodeGroup> groups;
  for (const auto& key : selection) {
    const auto u = g.find_node(key);
    if (!u) throw Error("node '" + key + "' is not in the graph (give a node id or a name)");
    groups.push_back({g.label(*u), {*u}});
  }
  return groups;
}

}  // namespace

std::string attribute_text(const Graph& g, std::string_view column, std::int32_t u) {
  const AttributeColumn* c = g.node_attributes.find(column);
  if (!c || static_cast<std::size_t>(u) >= c->size() || !c->has(static_cast<std::size_t>(u))) return {};
  return c->to_text(static_cast<std::size_t>(u));
}

std::vector<NodeGroup> groups_by_attribute(const Graph& g, std::string_view column,
                                           const std::vector<std::string>& selection) {
  if (selection.empty()) throw Error("no groups chosen: name values, 'all' or 'top:K'");
  if (column == "node") return single_nodes(g, selection);
  const AttributeColumn* c = g.node_attributes.find(column);
  if (!c) throw Error("the graph has no node attribute '" + std::string(column) + "' (its attributes: " + column_list(g) + "; or group by node)");
  std::map<std::string, std::vector<std::int32_t>> members;
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (static_cast<std::size_t>(u) >= c->size() || !c->has(static_cast<std::size_t>(u))) continue;
    std::string value = c->to_text(static_cast<std::size_t>(u));
    if (!value.empty()) members[std::move(value)].push_back(u);
  }
  std::vector<NodeGroup> groups;
  if (selection.size() == 1 && selection[0] == "all") {
    for (auto& [value, nodes] : members) groups.push_back({value, std::move(nodes)});
    return groups;
  }
  if (selection.size() == 1 && selection[0].rfind("top:", 0) == 0) {
    const std::string count = selection[0].substr(4);
    // Digits only: std::stoul reads "-1" as the largest count, which would mean "all".
    std::size_t k = 0;
    try {
      if (count.empty() || count.find_first_not_of("0123456789") != std::string::npos) throw Error("");
      k = std::stoul(count);
      if (k == 0) throw Error("");
    } catch (const std::exception&) {
      throw UsageError("'" + selection[0] + "': top:K needs a whole number K of at least 1");
    }
    for (auto& [value, nodes] : members) groups.push_back({value, std::move(nodes)});
    std::stable_sort(groups.begin(), groups.end(),
                     [](const NodeGroup& a, const NodeGroup& b) { return a.nodes.size() > b.nodes.size(); });
    if (groups.size() > k) groups.resize(k);
    return groups;
  }
  for (const auto& value : selection) {
    const auto it = members.find(value);
    if (it == members.end())
      throw Error("no node has " + std::string(column) + " '" + value + "' (" + std::to_string(members.size()) +
                  " values exist; 'all' lists them all)");
    groups.push_back({value, it->second});
  }
  return groups;
}

}  // namespace pathscope
