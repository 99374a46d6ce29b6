#include "apsp/bellman_ford.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pathscope::detail {

namespace {

// With whole-number costs every sum below 2^53 is exact, so a relaxation must gain anything at
// all. With fractional costs a zero-cost cycle can sum to -1e-13 by rounding; a gain must then
// beat a rounding-sized margin, so such a cycle counts as zero, not negative.
double relaxation_margin(const Graph& g) {
  if (g.integer_weights) return 0;
  const double largest = std::max(std::fabs(g.min_weight()), std::fabs(g.max_weight()));
  return largest * 0x1.0p-40;
}

// Follows parent arcs from v for n steps; if that lands on a cycle of parent arcs, returns a
// node on it. Without negative cycles the parent arcs form a tree, so a found cycle is one.
std::int32_t node_on_parent_cycle(const Graph& g, const std::vector<std::int64_t>& parent_arc,
                                  const std::vector<std::int32_t>& arc_tail, std::int32_t v) {
  std::int32_t x = v;
  for (std::int32_t step = 0; step < g.n; ++step) {
    if (parent_arc[x] < 0) return -1;
    x = arc_tail[parent_arc[x]];
  }
  std::int32_t y = x;
  for (std::int32_t step = 0; step < g.n; ++step) {
    if (parent_arc[y] < 0) return -1;
    y = arc_tail[parent_arc[y]];
    if (y == x) return x;
  }
  return -1;
}

}  // namespace

std::int32_t bellman_ford(const Graph& g, std::int32_t source, ShortestPathTree* tree,
                          const JobContext& job) {
  const std::int32_t n = g.n;
  ShortestPathTree local;
  ShortestPathTree& t = tree ? *tree : local;
  t.dist.assign(n, std::numeric_limits<double>::infinity());
  t.parent_arc.assign(n, -1);
  if (n == 0) return -1;

  std::vector<std::int32_t> arc_tail(g.heads.size());
  for (std::int32_t u = 0; u < n; ++u)
    std::fill(arc_tail.begin() + g.offsets[u], arc_tail.begin() + g.offsets[u + 1], u);

  // A node is queued at most once at a time, so a ring of n + 1 slots never overflows.
  std::vector<std::int32_t> ring(static_cast<std::size_t>(n) + 1);
  std::size_t head = 0, tail = 0;
  std::vector<char> queued(n, 0);
  std::vector<std::int32_t> hops(n, 0);
  auto push = [&](std::int32_t v) {
    queued[v] = 1;
    ring[tail] = v;
    tail = tail + 1 == ring.size() ? 0 : tail + 1;
  };
  if (source == kEveryNode) {
    std::fill(t.dist.begin(), t.dist.end(), 0.0);
    for (std::int32_t v = 0; v < n; ++v) push(v);
  } else {
    t.dist[source] = 0;
    push(source);
  }

  const double margin = relaxation_margin(g);
  std::int64_t pops = 0, relaxations_since_search = 0;
  while (head != tail) {
    const std::int32_t u = ring[head];
    head = head + 1 == ring.size() ? 0 : head + 1;
    queued[u] = 0;
    if ((++pops & 4095) == 0) job.check_cancel();
    const double du = t.dist[u];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      const double candidate = du + g.weights[a];
      if (!(candidate < t.dist[v] - margin)) continue;
      t.dist[v] = candidate;
      t.parent_arc[v] = a;
      hops[v] = hops[u] + 1;
      ++relaxations_since_search;
      // A shortest walk of n or more arcs repeats a node, so a negative cycle exists; the
      // parent arcs close around it soon after, and searching at most once per n
      // relaxations keeps the search cost linear.
      if (hops[v] >= n && relaxations_since_search >= n) {
        relaxations_since_search = 0;
        const std::int32_t on_cycle = node_on_parent_cycle(g, t.parent_arc, arc_tail, v);
        if (on_cycle >= 0) return on_cycle;
      }
      if (!queued[v]) push(v);
    }
  }
  return -1;
}

}  // namespace pathscope::detail
