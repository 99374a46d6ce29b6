#pragma once
// Union-find over 0..n-1 with path halving: which of n items have been joined, in near-constant
// time per question. Weak components of a graph and the places where two tours differ both ask it.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace pathscope::detail {

class DisjointSets {
 public:
  explicit DisjointSets(std::int32_t n) : parent_(static_cast<std::size_t>(n)) {
    std::iota(parent_.begin(), parent_.end(), 0);
  }
  std::int32_t find(std::int32_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  // The smaller root stays the root, so a set's name is its smallest member.
  void unite(std::int32_t a, std::int32_t b) {
    a = find(a), b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }

 private:
  std::vector<std::int32_t> parent_;
};

}  // namespace pathscope::detail
