#pragma once
// Turns the node keys of a table (integers or names) into 0-based indices in order of first
// appearance, and at the end into Graph.ids (all keys integers) or Graph.names. One flat
// open-addressing table of (hash, index) pairs: a lookup touches one slot (and the node's key
// on a hash match), so a graph of millions of nodes costs a few cache misses per key, not the
// node chains of a std::unordered_map, and no memory per key beyond the key itself.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/graph.hpp"

namespace pathscope::io {

class NodeInterner {
 public:
  // Returns the index of key, adding it when new; -1 when max_nodes would be exceeded.
  std::int32_t intern(std::string_view key, std::int64_t max_nodes);
  // Looks a key up without adding it; -1 when absent.
  std::int32_t find(std::string_view key) const;
  // Keys whose type the file states (JSON): a number, or a text taken exactly as written
  // (never trimmed, never read as a number), so the text "1" and the number 1 are two keys.
  std::int32_t intern_number(std::int64_t key, std::int64_t max_nodes) { return lookup(key, {}, true, max_nodes); }
  std::int32_t find_number(std::int64_t key) const;
  std::int32_t intern_text(std::string_view key, std::int64_t max_nodes) {
    return lookup(std::nullopt, key, true, max_nodes);
  }
  std::int32_t find_text(std::string_view key) const;
  // The key of an index as written: the number in decimal, or the text.
  std::string key_text(std::int32_t index) const;
  bool is_number(std::int32_t index) const { return name_of_[index] == kNumber; }
  std::int32_t size() const { return static_cast<std::int32_t>(numbers_.size()); }
  bool all_integers() const { return names_.empty(); }
  // Sets g.ids when every key was an integer, otherwise g.names (integers as written).
  void label_graph(Graph& g) const;

 private:
  static constexpr std::uint32_t kNumber = 0xffffffffu;  // name_of_ for an integer key

  std::int32_t lookup(std::string_view key, bool add, std::int64_t max_nodes);
  std::int32_t lookup(std::optional<std::int64_t> number, std::string_view text, bool add, std::int64_t max_nodes);
  void grow();

  std::vector<std::uint64_t> slots_;  // 0: empty; else (32-bit hash << 32) | (index + 1)
  // Small non-negative integer keys (ids 0..n or 1..n, the usual case) by direct index: index
  // + 1, or 0. Neighbouring ids share cache lines, where hashed slots would scatter them. Kept
  // under 4 entries per node (plus a little), so a stray large id never makes it large.
  std::vector<std::int32_t> direct_;
  std::vector<std::int64_t> numbers_;  // per node: its integer key
  std::vector<std::uint32_t> name_of_;  // per node: its index in names_, or kNumber
  std::vector<std::string> names_;      // the keys that are not integers
};

}  // namespace pathscope::io
