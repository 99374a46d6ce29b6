// Single shortest paths: rebuilt from an all-pairs result, or searched from one source when no
// n^2 matrix is at hand.
#include "pathscope/paths/path.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "apsp/shortest_path_tree.hpp"
#include "paths/tight_path.hpp"

namespace pathscope {

namespace {

using detail::search_from;
using paths::path_of_arcs;
using paths::tight_path_search;

constexpr double kInf = std::numeric_limits<double>::infinity();

void check_node(const Graph& g, std::int32_t x, const char* role) {
  if (x < 0 || x >= g.n)
    throw Error(std::string("path ") + role + " " + std::to_string(x) + " is not a node index (the graph has " +
                std::to_string(g.n) + " nodes)");
}

std::int32_t arc_tail(const Graph& g, std::int64_t arc) {
  const auto it = std::upper_bound(g.offsets.begin(), g.offsets.end(), arc);
  return static_cast<std::int32_t>(it - g.offsets.begin() - 1);
}

std::int64_t find_arc(const Graph& g, std::int32_t u, std::int32_t v) {
  for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
    if (g.heads[a] == v) return a;
  return -1;
}

Path start_path(std::int32_t s, std::int32_t t) {
  Path p;
  p.source = s;
  p.target = t;
  return p;
}

// ---- rebuilding from an all-pairs result ---------------------------------------------

// Follows result.next; nullopt when the hops do not form a simple path of arcs to t (a
// matrix from elsewhere, or a next-hop table inconsistent with the graph).
std::optional<std::vector<std::int64_t>> walk_next_hops(const Graph& g, const ApspResult& r, std::int32_t s,
                                                        std::int32_t t) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  std::vector<char> visited(n, 0);
  std::vector<std::int64_t> arcs;
  std::int32_t u = s;
  visited[u] = 1;
  while (u != t) {
    const std::int32_t hop = r.next[u * n + t];
    if (hop < 0 || hop >= g.n || visited[hop]) return std::nullopt;
    const std::int64_t a = find_arc(g, u, hop);
    if (a < 0) return std::nullopt;
    arcs.push_back(a);
    visited[hop] = 1;
    u = hop;
  }
  return arcs;
}

std::optional<std::vector<std::int64_t>> rebuild_from_distances(const Graph& g, const ApspResult& r,
                                                                std::int32_t s, std::int32_t t) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  const std::size_t column = static_cast<std::size_t>(t);
  switch (r.dist) {
    case DistType::Int32:
      return tight_path_search(g, s, t, [&](std::int32_t u, std::int32_t k, double w) {
        const std::int32_t dk = r.d32[k * n + column];
        if (dk == kUnreachableI32) return false;
        return static_cast<std::int64_t>(w) + dk == r.d32[u * n + column];
      });
    case DistType::Int64:
      // Whole costs are exact in double up to 2^53 and the int64 limit keeps sums in range.
      return tight_path_search(g, s, t, [&](std::int32_t u, std::int32_t k, double w) {
        const std::int64_t dk = r.d64[k * n + column];
        if (dk == kUnreachableI64) return false;
        return static_cast<std::int64_t>(w) + dk == r.d64[u * n + column];
      });
    case DistType::Hop16:
      // Hop counts: every arc is one step, whatever its cost.
      return tight_path_search(g, s, t, [&](std::int32_t u, std::int32_t k, double) {
        const std::uint16_t dk = r.d16[k * n + column];
        if (dk == kUnreachableU16) return false;
        return dk + 1 == r.d16[u * n + column];
      });
    case DistType::Float32: {
      for (const double rel : paths::kFloatTightTolerances) {
        auto found = tight_path_search(g, s, t, [&](std::int32_t u, std::int32_t k, double w) {
          return paths::float_tight(w, r.df[k * n + column], r.df[u * n + column], rel);
        });
        if (found) return found;
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace

Path path_from_apsp(const Graph& g, const ApspResult& result, std::int32_t s, std::int32_t t) {
  if (result.n != g.n)
    throw Error("the all-pairs result has " + std::to_string(result.n) + " nodes but the graph has " +
                std::to_string(g.n));
  check_node(g, s, "source");
  check_node(g, t, "target");
  if (!result.reachable(s, t)) return start_path(s, t);
  if (!result.next.empty())
    if (auto arcs = walk_next_hops(g, result, s, t)) return path_of_arcs(g, s, t, *arcs);
  if (auto arcs = rebuild_from_distances(g, result, s, t)) return path_of_arcs(g, s, t, *arcs);
  // Only a matrix that does not belong to this graph (or float error beyond 2^-12) gets
  // here; the exact search still answers.
  return path_single_source(g, s, t);
}

namespace {
Path path_in_tree(const Graph& g, const detail::ShortestPathTree& tree, std::int32_t s, std::int32_t t) {
  if (tree.dist[t] == kInf) return start_path(s, t);
  std::vector<std::int64_t> arcs;
  for (std::int32_t v = t; v != s;) {
    const std::int64_t a = tree.parent_arc[v];
    arcs.push_back(a);
    v = arc_tail(g, a);
  }
  std::reverse(arcs.begin(), arcs.end());
  return path_of_arcs(g, s, t, arcs);
}
}  // namespace

Path path_single_source(const Graph& g, std::int32_t s, std::int32_t t) {
  check_node(g, s, "source");
  check_node(g, t, "target");
  return path_in_tree(g, search_from(g, s), s, t);
}

std::vector<Path> paths_from_source(const Graph& g, std::int32_t s, const std::vector<std::int32_t>& targets) {
  check_node(g, s, "source");
  for (const auto t : targets) check_node(g, t, "target");
  const detail::ShortestPathTree tree = search_from(g, s);
  std::vector<Path> paths;
  paths.reserve(targets.size());
  for (const auto t : targets) paths.push_back(path_in_tree(g, tree, s, t));
  return paths;
}

}  // namespace pathscope
