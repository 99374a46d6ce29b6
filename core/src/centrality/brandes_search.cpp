#include "centrality/brandes_search.hpp"

#include <limits>

#include "apsp/integer_headroom.hpp"

namespace pathscope::centrality {
namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

BrandesSearch::BrandesSearch(const Graph& g, const GraphMask& mask, bool hops, SumsWanted wanted)
    : g_(g), mask_(mask), hops_(hops), wanted_(wanted), heap_(hops ? 0 : g.n) {
  const auto n = static_cast<std::size_t>(g.n);
  if (hops) {
    level_.assign(n, -1);
    // The arcs of one search that lead one level down: at most every arc, plus one slot the
    // branch-free append writes past the last one kept.
    down_.assign(static_cast<std::size_t>(g.arc_count()) + 1, 0);
    down_begin_.assign(n + 1, 0);
  } else {
    dist_.assign(n, kInf);
    position_.assign(n, -1);
    // Dial's buckets when every distance is a whole number that fits 32 bits and arcs are
    // short enough for the ring (road graphs): no comparisons at all.
    if (g.arc_count() > 0 && g.integer_weights && detail::int32_distances_fit(g) && g.max_weight() <= detail::BucketQueue::kMaxCost)
      buckets_ = std::make_unique<detail::BucketQueue>(static_cast<std::uint32_t>(g.max_weight()));
  }
  paths_.assign(n, 0);
  order_.assign(n, 0);
  if (wanted.dependency) sums_.dependency.assign(n, 0);
  if (wanted.distances) {
    sums_.distance_sum.assign(n, 0);
    sums_.reached_by.assign(n, 0);
  }
  if (wanted.inverse) sums_.inverse_distance_sum.assign(n, 0);
}

std::uint64_t BrandesSearch::bytes_per_thread(std::int32_t n, std::int64_t arcs, bool hops) {
  // distance and position, paths, order; the four sums; the heap at its usual size (n entries);
  // hops: the arcs one level down and where each node's begin.
  const auto nodes = static_cast<std::uint64_t>(n);
  const std::uint64_t common = nodes * (8 + 8 + 4 + 8 + 8 + 8 + 8);
  if (hops) return common + nodes * 4 + (static_cast<std::uint64_t>(arcs) + 1) * 4 + (nodes + 1) * 8;
  return common + nodes * (8 + 4 + 16 + 4) + (std::uint64_t{1} << 17) * 4;
}

void BrandesSearch::run(std::int32_t source) {
  // Reset what the previous search reached.
  for (std::size_t i = 0; i < settled_; ++i) {
    const std::int32_t v = order_[i];
    if (hops_) {
      level_[v] = -1;
    } else {
      dist_[v] = kInf;
      position_[v] = -1;
    }
    paths_[v] = 0;
  }
  settled_ = 0;
  const bool masked = !mask_.keeps_all();
  if (hops_) masked ? breadth_first<true>(source) : breadth_first<false>(source);
  else if (buckets_) masked ? dijkstra_buckets<true>(source) : dijkstra_buckets<false>(source);
  else masked ? dijkstra<true>(source) : dijkstra<false>(source);
  if (wanted_.distances || wanted_.inverse) add_distance_sums();
  if (!wanted_.dependency) return;
  if (hops_) accumulate_levels();
  else masked ? accumulate_costs<true>() : accumulate_costs<false>();
}

template <bool Masked>
void BrandesSearch::breadth_first(std::int32_t source) {
  const std::int64_t* offsets = g_.offsets.data();
  const std::int32_t* heads = g_.heads.data();
  std::int32_t* level = level_.data();
  double* paths = paths_.data();
  std::int32_t* order = order_.data();
  std::int32_t* down = down_.data();
  std::int64_t* down_begin = down_begin_.data();
  std::size_t settled = 0;
  std::int64_t found = 0;
  std::int64_t scanned = 0;
  level[source] = 0;
  paths[source] = 1;
  order[settled++] = source;
  // Level by level; order doubles as the queue, and a node's level is final when first reached.
  // The scan only finds the arcs one level down; path counts move along those afterwards, so the
  // loop over every arc reads one array and writes none at random.
  for (std::size_t level_begin = 0, head = 0; head < settled; level_begin = head) {
    const std::size_t level_end = settled;
    for (; head < level_end; ++head) {
      const std::int32_t u = order[head];
      const std::int32_t next = level[u] + 1;
      const std::int64_t end = offsets[u + 1];
      scanned += end - offsets[u];
      down_begin[head] = found;
      for (std::int64_t a = offsets[u]; a < end; ++a) {
        const std::int32_t v = heads[a];
        if constexpr (Masked)
          if (!mask_.keeps_arc(a, u, v)) continue;
        std::int32_t lv = level[v];
        if (lv < 0) {
          level[v] = lv = next;
          order[settled++] = v;
        }
        // Written always, kept only when v is one level down: no branch to mispredict.
        down[found] = v;
        found += lv == next ? 1 : 0;
      }
    }
    down_begin[level_end] = found;
    for (std::size_t i = level_begin; i < level_end; ++i) {
      const double through = paths[order[i]];
      for (std::int64_t j = down_begin[i]; j < down_begin[i + 1]; ++j) paths[down[j]] += through;
    }
  }
  settled_ = settled;
  arcs_scanned_ += scanned;
}

// Settles u at distance du and relaxes its arcs; `queue(distance, v)` hands an improved node to
// the search's queue (heap or buckets), which is all the two Dijkstra searches do differently.
template <bool Masked, class Queue>
void BrandesSearch::settle(std::int32_t u, double du, Queue&& queue) {
  const std::int64_t* offsets = g_.offsets.data();
  const std::int32_t* heads = g_.heads.data();
  const double* weights = g_.weights.data();
  double* dist = dist_.data();
  double* paths = paths_.data();
  std::int32_t* position = position_.data();
  position[u] = static_cast<std::int32_t>(settled_);
  order_[settled_++] = u;
  const double through_u = paths[u];
  const std::int64_t end = offsets[u + 1];
  arcs_scanned_ += end - offsets[u];
  for (std::int64_t a = offsets[u]; a < end; ++a) {
    const std::int32_t v = heads[a];
    if constexpr (Masked)
      if (!mask_.keeps_arc(a, u, v)) continue;
    const double candidate = du + weights[a];
    if (candidate < dist[v]) {
      dist[v] = candidate;
      paths[v] = through_u;
      queue(candidate, v);
    } else if (candidate == dist[v] && position[v] < 0) {
      // A zero-cost arc into a node settled before u counts only from that node's side:
      // its paths were handed on already, so the order of settling decides (docs/centrality.md).
      paths[v] += through_u;
    }
  }
}

template <bool Masked>
void BrandesSearch::dijkstra(std::int32_t source) {
  dist_[source] = 0;
  paths_[source] = 1;
  heap_.push_or_decrease(source, 0.0);
  while (!heap_.empty()) {
    double du;
    const std::int32_t u = heap_.pop(du);
    settle<Masked>(u, du, [this](double d, std::int32_t v) { heap_.push_or_decrease(v, d); });
  }
}

template <bool Masked>
void BrandesSearch::dijkstra_buckets(std::int32_t source) {
  dist_[source] = 0;
  paths_[source] = 1;
  buckets_->push(0, source);
  while (!buckets_->empty()) {
    std::uint32_t key;
    std::int32_t u;
    buckets_->pop(key, u);
    const double du = key;
    if (position_[u] >= 0 || du > dist_[u]) continue;  // stale: settled, or queued again nearer
    settle<Masked>(u, du, [this](double d, std::int32_t v) { buckets_->push(static_cast<std::uint32_t>(d), v); });
  }
  buckets_->clear();
}

void BrandesSearch::accumulate_levels() {
  const std::int32_t* down = down_.data();
  const std::int64_t* down_begin = down_begin_.data();
  double* paths = paths_.data();
  double* dependency = sums_.dependency.data();
  for (std::size_t i = settled_; i-- > 1;) {  // order_[0] is the source
    const std::int32_t v = order_[i];
    double sum = 0;
    for (std::int64_t j = down_begin[i]; j < down_begin[i + 1]; ++j) sum += paths[down[j]];
    arcs_scanned_ += down_begin[i + 1] - down_begin[i];
    const double delta = paths[v] * sum;
    dependency[v] += delta;
    paths[v] = (1 + delta) / paths[v];
  }
}

template <bool Masked>
void BrandesSearch::accumulate_costs() {
  for (std::size_t i = settled_; i-- > 1;) {
    const std::int32_t v = order_[i];
    const double dv = dist_[v];
    const std::int32_t at = position_[v];
    double sum = 0;
    const std::int64_t end = g_.offsets[v + 1];
    arcs_scanned_ += end - g_.offsets[v];
    for (std::int64_t a = g_.offsets[v]; a < end; ++a) {
      const std::int32_t w = g_.heads[a];
      if constexpr (Masked)
        if (!mask_.keeps_arc(a, v, w)) continue;
      // Settled after v: a zero-cost arc to a node settled before it is no path forward.
      if (dist_[w] == dv + g_.weights[a] && position_[w] > at) sum += paths_[w];
    }
    const double delta = paths_[v] * sum;
    sums_.dependency[v] += delta;
    paths_[v] = (1 + delta) / paths_[v];
  }
}

void BrandesSearch::add_distance_sums() {
  for (std::size_t i = 1; i < settled_; ++i) {
    const std::int32_t v = order_[i];
    const double d = distance(v);
    if (wanted_.distances) {
      sums_.distance_sum[v] += d;
      sums_.reached_by[v] += 1;
    }
    // networkx skips a distance of 0 (a zero-cost arc) rather than adding 1/0.
    if (wanted_.inverse && d > 0) sums_.inverse_distance_sum[v] += 1 / d;
  }
}

}  // namespace pathscope::centrality
