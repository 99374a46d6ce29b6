#pragma once
// Turns the node keys of a table (integers or names) into 0-based indices in order of first
// appearance, and at the end into Graph.ids (all keys integers) or Graph.names.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pathscope/graph.hpp"

namespace pathscope::io {

struct TransparentHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

class NodeInterner {
 public:
  // Returns the index of key, adding it when new; -1 when max_nodes would be exceeded.
  std::int32_t intern(std::string_view key, std::int64_t max_nodes);
  // Looks a key up without adding it; -1 when absent.
  std::int32_t find(std::string_view key) const;
  std::int32_t size() const { return static_cast<std::int32_t>(keys_.size()); }
  bool all_integers() const { return name_count_ == 0; }
  // Sets g.ids when every key was an integer, otherwise g.names (integers as written).
  void label_graph(Graph& g) const;

 private:
  struct Key {
    bool is_integer;
    std::int64_t number;
    std::string text;
  };
  std::unordered_map<std::int64_t, std::int32_t> by_number_;
  std::unordered_map<std::string, std::int32_t, TransparentHash, std::equal_to<>> by_name_;
  std::vector<Key> keys_;
  std::int64_t name_count_ = 0;
};

}  // namespace pathscope::io
