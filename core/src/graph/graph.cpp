#include "pathscope/graph/graph.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <numeric>

#include "pathscope/runtime/error.hpp"

namespace pathscope {

std::string Graph::label(std::int32_t u) const {
  if (!names.empty() && !names[u].empty()) return names[u];
  return std::to_string(display_id(u));
}

static bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

std::optional<std::int32_t> Graph::find_node(std::string_view key) const {
  if (!names.empty()) {
    for (std::int32_t u = 0; u < n; ++u)
      if (names[u] == key) return u;
    for (std::int32_t u = 0; u < n; ++u)
      if (equal_ignoring_case(names[u], key)) return u;
  }
  std::int64_t id = 0;
  const auto* end = key.data() + key.size();
  auto [ptr, ec] = std::from_chars(key.data(), end, id);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  if (ids.empty()) {
    if (id >= 0 && id < n) return static_cast<std::int32_t>(id);
    return std::nullopt;
  }
  for (std::int32_t u = 0; u < n; ++u)
    if (ids[u] == id) return u;
  return std::nullopt;
}

bool Graph::has_self_loop(std::int32_t u) const {
  return std::binary_search(self_loops.begin(), self_loops.end(), SelfLoop{u, 0},
                            [](const SelfLoop& a, const SelfLoop& b) { return a.node < b.node; });
}

std::int32_t Graph::negative_self_loop_node() const {
  for (const auto& loop : self_loops)
    if (loop.weight < 0) return loop.node;
  return -1;
}

bool Graph::has_negative_weights() const {
  return std::any_of(weights.begin(), weights.end(), [](double w) { return w < 0; });
}

double Graph::min_weight() const {
  return weights.empty() ? 0 : *std::min_element(weights.begin(), weights.end());
}

double Graph::max_weight() const {
  return weights.empty() ? 0 : *std::max_element(weights.begin(), weights.end());
}

Graph make_empty_graph(std::int32_t n) {
  Graph g;
  g.n = n;
  g.offsets.assign(static_cast<std::size_t>(n) + 1, 0);
  g.unit_weights = true;
  return g;
}

// Node and graph attributes stay as they are; arc attributes follow their arcs, and extra arcs
// are reversed too (an undirected graph is its own reverse).
Graph reverse_graph(const Graph& g) {
  Graph r = g;
  std::vector<std::int64_t> count(static_cast<std::size_t>(g.n) + 1, 0);
  for (auto v : g.heads) ++count[v + 1];
  std::partial_sum(count.begin(), count.end(), count.begin());
  r.offsets = count;
  const bool with_attributes = !g.arc_attributes.empty();
  if (with_attributes && g.arc_attribute_count() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    throw Error("reverse graph: more than 2^31 arcs with attributes");
  // Where each element of the reverse graph's arc attributes comes from: arcs move, self-loops
  // and extra arcs keep their places.
  std::vector<std::int32_t> source_element(with_attributes ? g.arc_attribute_count() : 0);
  std::vector<std::int64_t> fill(count.begin(), count.end() - 1);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const auto slot = fill[g.heads[e]]++;
      r.heads[slot] = u;
      r.weights[slot] = g.weights[e];
      if (!g.arc_strengths.empty()) r.arc_strengths[slot] = g.arc_strengths[e];
      if (with_attributes) source_element[static_cast<std::size_t>(slot)] = static_cast<std::int32_t>(e);
    }
  if (with_attributes) {
    for (std::size_t i = g.heads.size(); i < source_element.size(); ++i) source_element[i] = static_cast<std::int32_t>(i);
    r.arc_attributes = g.arc_attributes.subset(source_element);
  }
  // An undirected graph is its own reverse, and lists each extra edge with tail <= head.
  if (g.directed) {
    for (auto& extra : r.extra_arcs) std::swap(extra.tail, extra.head);
  }
  return r;
}

std::vector<std::int32_t> weak_components(const Graph& g, std::int32_t* count) {
  // Union-find over the arcs: direction does not matter for weak connectivity.
  std::vector<std::int32_t> parent(g.n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](std::int32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (std::int32_t u = 0; u < g.n; ++u)
    for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const auto a = find(u), b = find(g.heads[e]);
      if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
  std::vector<std::int32_t> component(g.n, -1), index_of_root(g.n, -1);
  std::int32_t next = 0;
  for (std::int32_t u = 0; u < g.n; ++u) {
    const auto root = find(u);
    if (index_of_root[root] < 0) index_of_root[root] = next++;
    component[u] = index_of_root[root];
  }
  if (count) *count = next;
  return component;
}

}  // namespace pathscope
