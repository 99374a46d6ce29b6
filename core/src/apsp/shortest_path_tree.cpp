// One source's shortest-path tree: breadth-first for unit costs, Dijkstra without negative
// arcs, Bellman-Ford with them. Paths (core/src/paths) walk the tree; distances are its dist.
#include "apsp/shortest_path_tree.hpp"

#include <limits>
#include <string>
#include <vector>

#include "apsp/quaternary_heap.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/single_source.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

detail::ShortestPathTree breadth_first(const Graph& g, std::int32_t s) {
  detail::ShortestPathTree tree;
  tree.dist.assign(g.n, kInf);
  tree.parent_arc.assign(g.n, -1);
  std::vector<std::int32_t> queue{s};
  tree.dist[s] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::int32_t u = queue[head];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (tree.dist[v] != kInf) continue;
      tree.dist[v] = tree.dist[u] + 1;
      tree.parent_arc[v] = a;
      queue.push_back(v);
    }
  }
  return tree;
}

struct HeapEntry {
  double dist;
  std::int32_t node;
};
struct HeapLess {
  bool operator()(const HeapEntry& a, const HeapEntry& b) const { return a.dist < b.dist; }
};

detail::ShortestPathTree dijkstra(const Graph& g, std::int32_t s) {
  detail::ShortestPathTree tree;
  tree.dist.assign(g.n, kInf);
  tree.parent_arc.assign(g.n, -1);
  detail::QuaternaryHeap<HeapEntry, HeapLess> heap;
  tree.dist[s] = 0;
  heap.push({0.0, s});
  while (!heap.empty()) {
    const HeapEntry top = heap.pop();
    if (top.dist > tree.dist[top.node]) continue;
    for (std::int64_t a = g.offsets[top.node]; a < g.offsets[top.node + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const double candidate = top.dist + g.weights[a];
      if (candidate >= tree.dist[v]) continue;
      tree.dist[v] = candidate;
      tree.parent_arc[v] = a;
      heap.push({candidate, v});
    }
  }
  return tree;
}

detail::ShortestPathTree search_arcs_from(const Graph& g, std::int32_t s) {
  if (g.unit_weights) return breadth_first(g, s);
  if (!g.has_negative_weights()) return dijkstra(g, s);
  detail::ShortestPathTree tree;
  const std::int32_t on_cycle = detail::bellman_ford(g, s, &tree, JobContext{});
  if (on_cycle >= 0) throw NegativeCycle(on_cycle);
  return tree;
}

}  // namespace

namespace detail {

// Self-loops are not arcs (Graph::self_loops), so a negative one, a negative cycle reachable
// from s like any other, is looked for among the nodes the search reached.
ShortestPathTree search_from(const Graph& g, std::int32_t s) {
  detail::ShortestPathTree tree = search_arcs_from(g, s);
  for (const auto& loop : g.self_loops)
    if (loop.weight < 0 && tree.dist[loop.node] != kInf) throw NegativeCycle(loop.node);
  return tree;
}

}  // namespace detail

std::vector<double> single_source_distances(const Graph& g, std::int32_t s) {
  if (s < 0 || s >= g.n)
    throw Error("path source " + std::to_string(s) + " is not a node index (the graph has " + std::to_string(g.n) +
                " nodes)");
  return detail::search_from(g, s).dist;
}

}  // namespace pathscope
