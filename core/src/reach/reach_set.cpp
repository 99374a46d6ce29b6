#include <algorithm>
#include <limits>
#include <string>

#include "pathscope/reach/reach.hpp"

namespace pathscope {
namespace {

void check_start(std::int32_t n, std::int32_t start) {
  if (start < 0 || start >= n)
    throw Error("node index " + std::to_string(start) + " is outside the graph's " + std::to_string(n) + " nodes");
}

void check_hops(std::int32_t max_hops) {
  if (max_hops < kUnlimitedHops)
    throw Error("the hop limit must be >= 0 (or unlimited), got " + std::to_string(max_hops));
}

ReachSet empty_answer(std::int32_t start, ReachDirection direction, std::int32_t max_hops) {
  ReachSet s;
  s.start = start;
  s.direction = direction;
  s.max_hops = max_hops;
  return s;
}

}  // namespace

bool ReachSet::contains(std::int32_t v) const { return std::binary_search(nodes.begin(), nodes.end(), v); }

std::vector<std::int32_t> ReachSet::with_start() const {
  std::vector<std::int32_t> all = nodes;
  if (!contains(start)) all.insert(std::lower_bound(all.begin(), all.end(), start), start);
  return all;
}

ReachSet reach_by_search(const Graph& arcs, std::int32_t start, ReachDirection direction, std::int32_t max_hops) {
  check_start(arcs.n, start);
  check_hops(max_hops);
  const std::int32_t limit = max_hops == kUnlimitedHops ? std::numeric_limits<std::int32_t>::max() : max_hops;
  std::vector<std::int32_t> hops(arcs.n, -1), queue;
  queue.reserve(64);
  hops[start] = 0;
  queue.push_back(start);
  // The start joins its own set through the first arc back into it: in BFS order that arc
  // closes the shortest cycle through the start.
  std::int32_t cycle = -1;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::int32_t u = queue[head];
    if (hops[u] >= limit) continue;
    for (std::int64_t a = arcs.offsets[u]; a < arcs.offsets[u + 1]; ++a) {
      const std::int32_t v = arcs.heads[a];
      if (v == start && cycle < 0) cycle = hops[u] + 1;
      if (hops[v] < 0) {
        hops[v] = hops[u] + 1;
        queue.push_back(v);
      }
    }
  }
  // A self-loop (Graph::self_loops, not an arc) is the shortest cycle there is.
  if (limit >= 1 && arcs.has_self_loop(start)) cycle = 1;
  hops[start] = cycle;
  ReachSet s = empty_answer(start, direction, max_hops);
  std::sort(queue.begin(), queue.end());
  for (std::int32_t v : queue)
    if (hops[v] >= 1) {
      s.nodes.push_back(v);
      s.hops.push_back(hops[v]);
    }
  return s;
}

ReachSet reach_from_closure(const BitMatrix& closure, std::int32_t start, ReachDirection direction) {
  check_start(closure.size(), start);
  ReachSet s = empty_answer(start, direction, kUnlimitedHops);
  if (direction == ReachDirection::Downstream) {
    const std::uint64_t* row = closure.row(start);
    for (std::int64_t w = 0; w < closure.words_per_row(); ++w)
      for (std::uint64_t bits = row[w]; bits; bits &= bits - 1)
        s.nodes.push_back(static_cast<std::int32_t>(w * 64 + __builtin_ctzll(bits)));
  } else {
    for (std::int32_t i = 0; i < closure.size(); ++i)
      if (closure.test(i, start)) s.nodes.push_back(i);
  }
  return s;
}

ReachSet reach_within_hops(const ApspResult& hops, const Graph& g, std::int32_t start, ReachDirection direction,
                           std::int32_t max_hops) {
  if (hops.n != g.n)
    throw Error("the all-pairs result has " + std::to_string(hops.n) + " nodes, the graph " + std::to_string(g.n));
  if (!g.unit_weights)
    throw Error("hop limits from all-pairs distances need the hop graph (every arc costs 1); load it with --cost-rule hops");
  check_start(g.n, start);
  check_hops(max_hops);
  const double limit = max_hops == kUnlimitedHops ? std::numeric_limits<double>::infinity() : max_hops;
  // The shortest cycle through the start, the same length whichever way it is walked.
  double cycle = g.has_self_loop(start) ? 1 : std::numeric_limits<double>::infinity();
  for (std::int64_t a = g.offsets[start]; a < g.offsets[start + 1]; ++a)
    cycle = std::min(cycle, 1 + hops.distance(g.heads[a], start));

  ReachSet s = empty_answer(start, direction, max_hops);
  for (std::int32_t v = 0; v < g.n; ++v) {
    const double d = v == start ? cycle
                     : direction == ReachDirection::Downstream ? hops.distance(start, v)
                                                                : hops.distance(v, start);
    if (d >= 1 && d <= limit) {
      s.nodes.push_back(v);
      s.hops.push_back(static_cast<std::int32_t>(d));
    }
  }
  return s;
}

}  // namespace pathscope
