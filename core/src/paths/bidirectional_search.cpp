#include "paths/bidirectional_search.hpp"

#include <algorithm>
#include <limits>

namespace pathscope::paths {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

BidirectionalSearch::BidirectionalSearch(const Graph& g) : g_(g) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  in_offsets_.assign(n + 1, 0);
  tails_.resize(g.heads.size());
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      tails_[a] = u;
      ++in_offsets_[g.heads[a] + 1];
    }
  for (std::size_t v = 0; v < n; ++v) in_offsets_[v + 1] += in_offsets_[v];
  in_arcs_.resize(g.heads.size());
  std::vector<std::int64_t> fill(in_offsets_.begin(), in_offsets_.end() - 1);
  for (std::int64_t a = 0; a < g.arc_count(); ++a) in_arcs_[fill[g.heads[a]]++] = a;
  for (Side* side : {&forward_, &backward_}) {
    side->dist.assign(n, kInf);
    side->arc.assign(n, -1);
    side->seen.assign(n, 0);
    side->settled.assign(n, 0);
  }
  blocked_node_.assign(n, 0);
  blocked_first_.assign(n, 0);
}

void BidirectionalSearch::new_round() {
  if (++round_ == 0) {  // wrapped: clear the marks once every 2^32 rounds
    std::fill(blocked_node_.begin(), blocked_node_.end(), 0);
    std::fill(blocked_first_.begin(), blocked_first_.end(), 0);
    round_ = 1;
  }
}

bool BidirectionalSearch::shortest(std::int32_t s, std::int32_t t, ArcPath& out) {
  if (++search_ == 0) {
    for (Side* side : {&forward_, &backward_}) {
      std::fill(side->seen.begin(), side->seen.end(), 0);
      std::fill(side->settled.begin(), side->settled.end(), 0);
    }
    search_ = 1;
  }
  const std::uint32_t mark = search_;
  Side& f = forward_;
  Side& b = backward_;
  f.heap.clear();
  b.heap.clear();
  const auto reach = [mark](Side& side, std::int32_t v, double d, std::int64_t arc) {
    if (side.seen[v] == mark && d >= side.dist[v]) return false;
    side.seen[v] = mark;
    side.dist[v] = d;
    side.arc[v] = arc;
    side.heap.push({d, v});
    return true;
  };
  if (blocked_node_[s] == round_ || blocked_node_[t] == round_) return false;
  reach(f, s, 0, -1);
  reach(b, t, 0, -1);
  double best = kInf;
  std::int32_t meet = -1;
  const auto consider = [&](std::int32_t v) {
    if (f.seen[v] == mark && b.seen[v] == mark && f.dist[v] + b.dist[v] < best) {
      best = f.dist[v] + b.dist[v];
      meet = v;
    }
  };
  consider(s);
  while (!f.heap.empty() && !b.heap.empty()) {
    if (f.heap.top().dist + b.heap.top().dist >= best) break;
    const bool go_forward = f.heap.top().dist <= b.heap.top().dist;
    Side& side = go_forward ? f : b;
    const Entry top = side.heap.pop();
    if (side.settled[top.node] == mark || top.dist > side.dist[top.node]) continue;
    side.settled[top.node] = mark;
    const std::int32_t u = top.node;
    if (go_forward) {
      for (std::int64_t a = g_.offsets[u]; a < g_.offsets[u + 1]; ++a) {
        const std::int32_t v = g_.heads[a];
        if (blocked_node_[v] == round_ || (u == s && blocked_first_[v] == round_)) continue;
        if (reach(f, v, top.dist + g_.weights[a], a)) consider(v);
      }
    } else {
      for (std::int64_t i = in_offsets_[u]; i < in_offsets_[u + 1]; ++i) {
        const std::int64_t a = in_arcs_[i];
        const std::int32_t v = tails_[a];
        if (blocked_node_[v] == round_ || (v == s && blocked_first_[u] == round_)) continue;
        if (reach(b, v, top.dist + g_.weights[a], a)) consider(v);
      }
    }
  }
  if (meet < 0) return false;
  out.nodes.clear();
  out.arcs.clear();
  for (std::int32_t v = meet; v != s;) {
    const std::int64_t a = f.arc[v];
    out.arcs.push_back(a);
    v = tails_[a];
  }
  std::reverse(out.arcs.begin(), out.arcs.end());
  for (std::int32_t v = meet; v != t;) {
    const std::int64_t a = b.arc[v];
    out.arcs.push_back(a);
    v = g_.heads[a];
  }
  // With zero-cost arcs the two halves may cross before they meet; the loop between the two
  // visits costs 0, so cutting it keeps the cost and makes the path simple.
  std::vector<std::int64_t> simple;
  simple.reserve(out.arcs.size());
  std::vector<std::int32_t> visited{s};
  for (const std::int64_t a : out.arcs) {
    const std::int32_t v = g_.heads[a];
    const auto again = std::find(visited.begin(), visited.end(), v);
    if (again != visited.end()) {
      const auto keep = static_cast<std::size_t>(again - visited.begin());
      visited.resize(keep + 1);
      simple.resize(keep);
      continue;
    }
    visited.push_back(v);
    simple.push_back(a);
  }
  out.arcs = std::move(simple);
  out.nodes = std::move(visited);
  out.cost = 0;
  for (const std::int64_t a : out.arcs) out.cost += g_.weights[a];
  return true;
}

}  // namespace pathscope::paths
