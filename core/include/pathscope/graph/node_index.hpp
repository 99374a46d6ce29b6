#pragma once
// Finding neurons the way people name them: by id, by name, or by a cell type or any other
// attribute value ("EPG" names every EPG neuron). Built once per loaded graph, so each search
// is a few hash look-ups even on a 139k-node brain.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope {

// The nodes whose value in `column` is `value` (as the file spells it), ascending.
struct AttributeMatch {
  std::string column;
  std::string value;
  std::vector<std::int32_t> nodes;
};

struct NodeLookup {
  std::optional<std::int32_t> node;     // the node with this name or id (as Graph::find_node)
  std::vector<AttributeMatch> matches;  // attribute values equal to the key, ignoring case
  // Every node found: the named one first, then the matches' nodes ascending, each once.
  std::vector<std::int32_t> all_nodes() const;
  bool empty() const { return !node && matches.empty(); }
};

class NodeIndex {
 public:
  NodeIndex() = default;
  // Indexes g's names, ids and its text and integer attribute columns. Keeps no reference to g.
  explicit NodeIndex(const Graph& g);

  // What `key` (trimmed of surrounding spaces) names: a node by exact name, else by name
  // ignoring case, else by id; and every attribute value equal to it, ignoring case.
  NodeLookup find(std::string_view key) const;
  // Names and attribute values, each once, sorted ignoring case: what completion offers.
  const std::vector<std::string>& keys() const { return keys_; }

 private:
  std::unordered_map<std::string, std::int32_t> by_name_, by_folded_name_;
  std::unordered_map<std::int64_t, std::int32_t> by_id_;
  bool has_ids_ = false;
  std::int32_t n_ = 0;
  std::unordered_map<std::string, std::vector<std::size_t>> by_folded_value_;  // -> values_
  std::vector<AttributeMatch> values_;
  std::vector<std::string> keys_;
};

// The attribute a person reads as a node's type, for lists and hop tables: the first text
// column among cell_type, type, primary_type, class, super_class, group; nullptr when none.
const AttributeColumn* type_column(const Graph& g);

// How labels, panels and lists name node u: by its name; a node without one (no name, or the
// reader's stand-in, its id as text) whose id is long (a connectome's 18-digit root id) by its
// type and the id's last four digits, "EPG (…4821)", since the full id tells a person nothing;
// otherwise as Graph::label. Graph::label stays the id, for files and the CLI.
std::string node_display_name(const Graph& g, std::int32_t u);

}  // namespace pathscope
