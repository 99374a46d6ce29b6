#pragma once
// Inputs and the reference answer shared by the closure and reach tests (unit and gpu).
// The reference is a plain depth-first search from every node, written here and nowhere else,
// so that no engine is checked against code it shares.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "pathscope/closure/closure.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/io/random_graph.hpp"

namespace closure_test {

using Arcs = std::vector<std::pair<std::int32_t, std::int32_t>>;

// CSR straight from an arc list, self-loops and parallel arcs kept (the graph builder drops
// self-loops, and they matter here: a self-loop puts a node in its own reach set).
inline pathscope::Graph graph_from_arcs(std::int32_t n, Arcs arcs) {
  pathscope::Graph g;
  g.n = n;
  g.unit_weights = true;
  std::stable_sort(arcs.begin(), arcs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  g.offsets.assign(static_cast<std::size_t>(n) + 1, 0);
  for (const auto& [u, v] : arcs) ++g.offsets[u + 1];
  std::partial_sum(g.offsets.begin(), g.offsets.end(), g.offsets.begin());
  for (const auto& [u, v] : arcs) {
    g.heads.push_back(v);
    g.weights.push_back(1.0);
  }
  return g;
}

// Random arcs at mean out-degree `degree`; a share of nodes kept isolated (no arc in or out)
// and a share given self-loops.
inline pathscope::Graph random_sparse(std::int32_t n, double degree, std::uint64_t seed) {
  pathscope::SplitMix64 rng(seed);
  std::vector<char> isolated(n, 0);
  for (auto& i : isolated) i = rng.below(10) == 0;
  Arcs arcs;
  const auto count = static_cast<std::int64_t>(degree * n);
  for (std::int64_t a = 0; a < count; ++a) {
    const auto u = static_cast<std::int32_t>(rng.below(n)), v = static_cast<std::int32_t>(rng.below(n));
    if (!isolated[u] && !isolated[v]) arcs.push_back({u, v});
  }
  for (std::int32_t u = 0; u < n; ++u)
    if (!isolated[u] && rng.below(20) == 0) arcs.push_back({u, u});
  return graph_from_arcs(n, std::move(arcs));
}

// Many strongly connected components: nodes shuffled into cycles of 1..5 nodes (a lone node
// gets a self-loop half the time), cycles joined by sparse arcs from earlier to later ones only.
inline pathscope::Graph dag_of_cycles(std::int32_t n, std::uint64_t seed) {
  pathscope::SplitMix64 rng(seed);
  std::vector<std::int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  for (std::int32_t i = n - 1; i > 0; --i) std::swap(order[i], order[rng.below(i + 1)]);
  std::vector<std::int32_t> group_start;
  for (std::int32_t i = 0; i < n;) {
    group_start.push_back(i);
    i += 1 + static_cast<std::int32_t>(rng.below(5));
  }
  group_start.push_back(n);
  const auto groups = static_cast<std::int32_t>(group_start.size()) - 1;
  Arcs arcs;
  for (std::int32_t k = 0; k < groups; ++k) {
    const std::int32_t b = group_start[k], e = std::min(group_start[k + 1], n);
    if (e - b == 1) {
      if (rng.below(2)) arcs.push_back({order[b], order[b]});
    } else {
      for (std::int32_t i = b; i < e; ++i) arcs.push_back({order[i], order[i + 1 < e ? i + 1 : b]});
    }
    if (k + 1 < groups && rng.below(3) != 0)  // some cycles stay unlinked
      for (int j = 0; j < 2; ++j) {
        const auto later = k + 1 + static_cast<std::int32_t>(rng.below(std::min(groups - k - 1, 40)));
        arcs.push_back({order[b + rng.below(e - b)], order[group_start[later]]});
      }
  }
  return graph_from_arcs(n, std::move(arcs));
}

// A long path with a few arcs back: deep searches, a handful of large components.
inline pathscope::Graph long_path(std::int32_t n, std::uint64_t seed) {
  pathscope::SplitMix64 rng(seed);
  Arcs arcs;
  for (std::int32_t u = 0; u + 1 < n; ++u) arcs.push_back({u, u + 1});
  for (int i = 0; i < 3 && n > 1; ++i) {
    const auto a = static_cast<std::int32_t>(rng.below(n)), b = static_cast<std::int32_t>(rng.below(n));
    arcs.push_back({std::max(a, b), std::min(a, b)});
  }
  return graph_from_arcs(n, std::move(arcs));
}

struct NamedGraph {
  std::string name;
  pathscope::Graph graph;
};

// The kinds of graph every engine is tried on, at size n.
inline std::vector<NamedGraph> graph_kinds(std::int32_t n, std::uint64_t seed) {
  std::vector<NamedGraph> kinds;
  kinds.push_back({"sparse deg 1.2", random_sparse(n, 1.2, seed)});
  kinds.push_back({"sparse deg 3", random_sparse(n, 3, seed + 1)});
  kinds.push_back({"dag of cycles", dag_of_cycles(n, seed + 2)});
  kinds.push_back({"long path", long_path(n, seed + 3)});
  if (n <= 300) kinds.push_back({"dense", random_sparse(n, n / 4.0 + 1, seed + 4)});
  return kinds;
}

// reach[i * n + j] = 1 when a path of length >= 1 leads from i to j.
inline std::vector<char> reference_closure(const pathscope::Graph& g) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  std::vector<char> reach(n * n, 0);
  std::vector<std::int32_t> stack;
  for (std::size_t s = 0; s < n; ++s) {
    char* row = &reach[s * n];
    stack.assign(1, static_cast<std::int32_t>(s));
    while (!stack.empty()) {
      const std::int32_t u = stack.back();
      stack.pop_back();
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
        if (!row[g.heads[a]]) {
          row[g.heads[a]] = 1;
          stack.push_back(g.heads[a]);
        }
    }
  }
  return reach;
}

// Every bit against the reference, and the padding bits of each row's last word zero.
inline ::testing::AssertionResult same_closure(const pathscope::BitMatrix& r, const std::vector<char>& reference,
                                               std::int32_t n) {
  if (r.size() != n) return ::testing::AssertionFailure() << "size " << r.size() << ", expected " << n;
  if (r.words_per_row() != (n + 63) / 64) return ::testing::AssertionFailure() << "words per row " << r.words_per_row();
  std::int64_t wrong = 0;
  std::string first;
  for (std::int32_t i = 0; i < n; ++i) {
    for (std::int32_t j = 0; j < n; ++j)
      if (r.test(i, j) != (reference[static_cast<std::size_t>(i) * n + j] != 0) && wrong++ == 0)
        first = "(" + std::to_string(i) + ", " + std::to_string(j) + ") is " + (r.test(i, j) ? "1" : "0");
    const std::uint64_t last = r.row(i)[r.words_per_row() - 1];
    if (n % 64 != 0 && (last >> (n % 64)) != 0 && wrong++ == 0) first = "padding bits set in row " + std::to_string(i);
  }
  if (wrong == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << wrong << " wrong bits, first " << first;
}

}  // namespace closure_test
