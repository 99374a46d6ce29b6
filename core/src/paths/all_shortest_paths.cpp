// Every shortest path between two nodes: one Dijkstra from the source up to the target's
// distance, the tight arcs (d[u] + w = d[v]) that lead on to the target, then a count over that
// acyclic subgraph and a depth-first listing of its first `cap` paths.
#include <algorithm>
#include <limits>

#include "apsp/quaternary_heap.hpp"
#include "paths/cost_ties.hpp"
#include "paths/path_checks.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Entry {
  double dist;
  std::int32_t node;
};
struct Less {
  bool operator()(const Entry& a, const Entry& b) const { return a.dist < b.dist; }
};

PathCount add_saturating(PathCount a, const PathCount& b) {
  const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max();
  if (a.saturated || b.saturated || b.value > limit - a.value) return {limit, true};
  return {a.value + b.value, false};
}

}  // namespace

std::string PathCount::text() const {
  return saturated ? "at least " + std::to_string(value) : std::to_string(value);
}

ShortestPathSet all_shortest_paths(const Graph& g, std::int32_t s, std::int32_t t, std::int64_t cap,
                                   const JobContext& job) {
  paths::check_path_query(g, s, t);
  ShortestPathSet out;
  const std::size_t n = static_cast<std::size_t>(g.n);
  std::vector<double> dist(n, kInf);
  std::vector<std::int32_t> settled;
  std::vector<char> done(n, 0);
  detail::QuaternaryHeap<Entry, Less> heap;
  dist[s] = 0;
  heap.push({0, s});
  std::uint64_t pops = 0;
  while (!heap.empty()) {
    if ((++pops & 0xFFFF) == 0) job.check_cancel();
    const Entry top = heap.pop();
    if (done[top.node] || top.dist > dist[top.node]) continue;
    // Nodes beyond the target's distance lie on no shortest path to it.
    if (dist[t] != kInf && top.dist > dist[t] && !paths::same_cost(g, top.dist, dist[t])) break;
    done[top.node] = 1;
    settled.push_back(top.node);
    for (std::int64_t a = g.offsets[top.node]; a < g.offsets[top.node + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const double candidate = top.dist + g.weights[a];
      if (candidate < dist[v]) {
        dist[v] = candidate;
        heap.push({candidate, v});
      }
    }
  }
  if (!done[t]) return out;
  out.reachable = true;
  out.distance = dist[t];

  const auto tight = [&](std::int32_t u, std::int64_t a) {
    const std::int32_t v = g.heads[a];
    return done[v] && paths::same_cost(g, dist[u] + g.weights[a], dist[v]);
  };
  // Tight arcs into each settled node, to walk back from the target.
  std::vector<std::int64_t> in_begin(n + 1, 0);
  for (const std::int32_t u : settled)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (tight(u, a)) ++in_begin[g.heads[a] + 1];
  for (std::size_t v = 0; v < n; ++v) in_begin[v + 1] += in_begin[v];
  std::vector<std::int32_t> in_tail(static_cast<std::size_t>(in_begin[n]));
  {
    std::vector<std::int64_t> fill(in_begin.begin(), in_begin.end() - 1);
    for (const std::int32_t u : settled)
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
        if (tight(u, a)) in_tail[fill[g.heads[a]]++] = u;
  }
  std::vector<char> on_path(n, 0);
  std::vector<std::int32_t> relevant{t};
  on_path[t] = 1;
  for (std::size_t head = 0; head < relevant.size(); ++head) {
    const std::int32_t v = relevant[head];
    for (std::int64_t i = in_begin[v]; i < in_begin[v + 1]; ++i) {
      const std::int32_t u = in_tail[i];
      if (!on_path[u]) {
        on_path[u] = 1;
        relevant.push_back(u);
      }
    }
  }
  const auto kept = [&](std::int32_t u, std::int64_t a) { return on_path[g.heads[a]] && tight(u, a); };

  // Topological order of the tight subgraph (Kahn); with positive costs it is simply the order
  // of distance, but zero-cost arcs can tie, and a zero-cost cycle has no order at all.
  std::vector<std::int32_t> pending(n, 0);
  for (const std::int32_t u : relevant)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (kept(u, a)) ++pending[g.heads[a]];
  std::vector<std::int32_t> order;
  order.reserve(relevant.size());
  for (const std::int32_t u : relevant)
    if (pending[u] == 0) order.push_back(u);
  for (std::size_t head = 0; head < order.size(); ++head) {
    const std::int32_t u = order[head];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (kept(u, a) && --pending[g.heads[a]] == 0) order.push_back(g.heads[a]);
  }
  if (order.size() != relevant.size())
    throw Error("the shortest paths from " + g.label(s) + " to " + g.label(t) +
                " run through a cycle of zero-cost arcs, so there is no finite list of them; give those arcs a "
                "cost (--cost-rule hops, inverse or max-minus)");
  std::vector<PathCount> count(n);
  count[t] = {1, false};
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const std::int32_t u = *it;
    if (u == t) continue;
    PathCount sum;
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (kept(u, a)) sum = add_saturating(sum, count[g.heads[a]]);
    count[u] = sum;
  }
  out.total = count[s];

  // Depth-first listing: every branch of the kept subgraph ends at the target, so listing
  // `cap` paths costs time in proportion to what is listed.
  const std::uint64_t want = cap < 0 ? std::numeric_limits<std::uint64_t>::max() : static_cast<std::uint64_t>(cap);
  if (want == 0) return out;
  struct Frame {
    std::int32_t node;
    std::int64_t next_arc;
  };
  std::vector<Frame> stack{{s, g.offsets[s]}};
  std::vector<std::int64_t> arcs;
  while (!stack.empty() && out.paths.size() < want) {
    Frame& top = stack.back();
    if (top.node == t) {
      if ((out.paths.size() & 0xFF) == 0) job.check_cancel();
      ArcPath p;
      p.nodes.push_back(s);
      for (const std::int64_t a : arcs) {
        p.nodes.push_back(g.heads[a]);
        p.cost += g.weights[a];
      }
      p.arcs = arcs;
      out.paths.push_back(std::move(p));
      stack.pop_back();
      if (!arcs.empty()) arcs.pop_back();
      continue;
    }
    bool advanced = false;
    while (top.next_arc < g.offsets[top.node + 1]) {
      const std::int64_t a = top.next_arc++;
      if (!kept(top.node, a)) continue;
      arcs.push_back(a);
      stack.push_back({g.heads[a], g.offsets[g.heads[a]]});
      advanced = true;
      break;
    }
    if (!advanced) {
      stack.pop_back();
      if (!arcs.empty()) arcs.pop_back();
    }
  }
  return out;
}

}  // namespace pathscope
