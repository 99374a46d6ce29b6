#include "centrality/brandes_search.hpp"

#include <limits>

namespace pathscope::centrality {
namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

BrandesSearch::BrandesSearch(const Graph& g, const GraphMask& mask, bool hops, SumsWanted wanted)
    : g_(g), mask_(mask), hops_(hops), wanted_(wanted) {
  const auto n = static_cast<std::size_t>(g.n);
  dist_.assign(n, kInf);
  sigma_.assign(n, 0);
  delta_.assign(n, 0);
  order_.assign(n, 0);
  if (wanted.dependency) sums_.dependency.assign(n, 0);
  if (wanted.distances) {
    sums_.distance_sum.assign(n, 0);
    sums_.reached_by.assign(n, 0);
  }
  if (wanted.inverse) sums_.inverse_distance_sum.assign(n, 0);
}

std::uint64_t BrandesSearch::bytes_per_thread(std::int32_t n) {
  // dist, sigma, delta, order; the four sums; the heap at its usual size (about n entries).
  return static_cast<std::uint64_t>(n) * (8 + 8 + 8 + 4 + 8 + 8 + 8 + 8 + 16);
}

void BrandesSearch::run(std::int32_t source) {
  // Reset what the previous search reached.
  for (std::size_t i = 0; i < settled_; ++i) {
    const std::int32_t v = order_[i];
    dist_[v] = kInf;
    sigma_[v] = 0;
    delta_[v] = 0;
  }
  settled_ = 0;
  const bool masked = !mask_.keeps_all();
  if (hops_) {
    masked ? breadth_first<true>(source) : breadth_first<false>(source);
  } else {
    masked ? dijkstra<true>(source) : dijkstra<false>(source);
  }
  if (wanted_.distances || wanted_.inverse) add_distance_sums(source);
  if (wanted_.dependency) {
    if (hops_) masked ? accumulate<true, true>(source) : accumulate<false, true>(source);
    else masked ? accumulate<true, false>(source) : accumulate<false, false>(source);
  }
}

template <bool Masked>
void BrandesSearch::breadth_first(std::int32_t source) {
  dist_[source] = 0;
  sigma_[source] = 1;
  order_[settled_++] = source;
  // order_ doubles as the BFS queue: a node's level is final when it is first reached.
  for (std::size_t head = 0; head < settled_; ++head) {
    const std::int32_t u = order_[head];
    const double next_level = dist_[u] + 1;
    const double paths = sigma_[u];
    const std::int64_t end = g_.offsets[u + 1];
    arcs_scanned_ += end - g_.offsets[u];
    for (std::int64_t a = g_.offsets[u]; a < end; ++a) {
      const std::int32_t v = g_.heads[a];
      if constexpr (Masked)
        if (!mask_.keeps_arc(a, u, v)) continue;
      if (dist_[v] == kInf) {
        dist_[v] = next_level;
        order_[settled_++] = v;
      }
      if (dist_[v] == next_level) sigma_[v] += paths;
    }
  }
}

template <bool Masked>
void BrandesSearch::dijkstra(std::int32_t source) {
  heap_.clear();
  dist_[source] = 0;
  sigma_[source] = 1;
  heap_.push({0.0, source});
  while (!heap_.empty()) {
    const HeapEntry top = heap_.pop();
    const std::int32_t u = top.node;
    if (top.dist > dist_[u]) continue;  // stale: settled with a shorter distance
    order_[settled_++] = u;
    const double paths = sigma_[u];
    const std::int64_t end = g_.offsets[u + 1];
    arcs_scanned_ += end - g_.offsets[u];
    for (std::int64_t a = g_.offsets[u]; a < end; ++a) {
      const std::int32_t v = g_.heads[a];
      if constexpr (Masked)
        if (!mask_.keeps_arc(a, u, v)) continue;
      const double candidate = top.dist + g_.weights[a];
      if (candidate < dist_[v]) {
        dist_[v] = candidate;
        sigma_[v] = paths;
        heap_.push({candidate, v});
      } else if (candidate == dist_[v]) {
        sigma_[v] += paths;
      }
    }
  }
}

template <bool Masked, bool Hops>
void BrandesSearch::accumulate(std::int32_t source) {
  for (std::size_t i = settled_; i-- > 1;) {  // order_[0] is the source
    const std::int32_t v = order_[i];
    const double dv = dist_[v];
    double sum = 0;
    const std::int64_t end = g_.offsets[v + 1];
    arcs_scanned_ += end - g_.offsets[v];
    for (std::int64_t a = g_.offsets[v]; a < end; ++a) {
      const std::int32_t w = g_.heads[a];
      if constexpr (Masked)
        if (!mask_.keeps_arc(a, v, w)) continue;
      const double step = Hops ? 1.0 : g_.weights[a];
      if (dist_[w] == dv + step) sum += (1 + delta_[w]) / sigma_[w];
    }
    delta_[v] = sigma_[v] * sum;
    sums_.dependency[v] += delta_[v];
  }
  (void)source;
}

void BrandesSearch::add_distance_sums(std::int32_t source) {
  (void)source;
  for (std::size_t i = 1; i < settled_; ++i) {
    const std::int32_t v = order_[i];
    const double d = dist_[v];
    if (wanted_.distances) {
      sums_.distance_sum[v] += d;
      sums_.reached_by[v] += 1;
    }
    // networkx skips a distance of 0 (a zero-cost arc) rather than adding 1/0.
    if (wanted_.inverse && d > 0) sums_.inverse_distance_sum[v] += 1 / d;
  }
}

}  // namespace pathscope::centrality
