#include "apsp/distance_search.hpp"

#include <algorithm>
#include <limits>

#include "apsp/integer_headroom.hpp"
#include "apsp/shortest_path_tree.hpp"

namespace pathscope::detail {

namespace {

constexpr std::int32_t kUnreached = std::numeric_limits<std::int32_t>::max();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

DistanceMethod choose_distance_method(const Graph& g) {
  if (g.has_negative_weights() || g.negative_self_loop_node() >= 0) return DistanceMethod::General;
  if (g.unit_weights) return DistanceMethod::BreadthFirst;
  if (g.integer_weights && int32_distances_fit(g) && g.max_weight() <= BucketQueue::kMaxCost)
    return DistanceMethod::Buckets;
  return DistanceMethod::Heap;
}

DistanceSearch::DistanceSearch(const Graph& g, DistanceMethod method, bool keep_predecessors)
    : g_(g),
      method_(method),
      keep_predecessors_(keep_predecessors),
      bucket_queue_(method == DistanceMethod::Buckets && g.arc_count() > 0 ? static_cast<std::uint32_t>(g.max_weight())
                                                                           : 0) {
  const auto n = static_cast<std::size_t>(g.n);
  if (method == DistanceMethod::BreadthFirst || method == DistanceMethod::Buckets) whole_.assign(n, kUnreached);
  if (method == DistanceMethod::Heap) real_.assign(n, kInf);
  if (keep_predecessors) predecessor_.assign(n, kNoPredecessor);
  wanted_.assign(n, 0);
}

void DistanceSearch::reset() {
  for (const std::int32_t v : touched_) {
    if (!whole_.empty()) whole_[v] = kUnreached;
    if (!real_.empty()) real_[v] = kInf;
    if (keep_predecessors_) predecessor_[v] = kNoPredecessor;
  }
  touched_.clear();
}

bool DistanceSearch::mark_targets(std::int32_t s, std::span<const std::int32_t> stop_after) {
  if (stop_after.empty()) return false;
  if (++epoch_ == 0) {  // wrapped: old marks could equal the new epoch
    std::fill(wanted_.begin(), wanted_.end(), 0);
    epoch_ = 1;
  }
  remaining_ = 0;
  for (const std::int32_t t : stop_after) {
    if (wanted_[t] == epoch_) continue;
    wanted_[t] = epoch_;
    ++remaining_;
  }
  // The source is settled before the search begins.
  return !settle(s);
}

void DistanceSearch::run(std::int32_t s, std::span<const std::int32_t> stop_after) {
  reset();
  if (method_ == DistanceMethod::General) {
    tree_ = search_from(g_, s);
    return;
  }
  const bool early_stop = mark_targets(s, stop_after);
  if (!stop_after.empty() && !early_stop) {
    // Only the source was asked for.
    reach(s, kNoPredecessor);
    if (!whole_.empty()) whole_[s] = 0;
    else real_[s] = 0;
    return;
  }
  switch (method_) {
    case DistanceMethod::BreadthFirst: breadth_first(s, early_stop); break;
    case DistanceMethod::Buckets: buckets(s, early_stop); break;
    case DistanceMethod::Heap: heap(s, early_stop); break;
    case DistanceMethod::General: break;
  }
}

void DistanceSearch::breadth_first(std::int32_t s, bool early_stop) {
  queue_.clear();
  queue_.push_back(s);
  whole_[s] = 0;
  reach(s, kNoPredecessor);
  // A node's level is final when it is first reached.
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const std::int32_t u = queue_[head];
    const std::int32_t next_level = whole_[u] + 1;
    for (std::int64_t a = g_.offsets[u]; a < g_.offsets[u + 1]; ++a) {
      const std::int32_t v = g_.heads[a];
      if (whole_[v] != kUnreached) continue;
      whole_[v] = next_level;
      reach(v, u);
      if (early_stop && settle(v)) return;
      queue_.push_back(v);
    }
  }
}

void DistanceSearch::buckets(std::int32_t s, bool early_stop) {
  // BucketQueue::clear() forgets its entries but not its bucket heads: it expects the queue to
  // have been emptied, which a search that stopped early did not do.
  std::uint32_t key;
  std::int32_t node;
  while (!bucket_queue_.empty()) bucket_queue_.pop(key, node);
  bucket_queue_.clear();
  whole_[s] = 0;
  reach(s, kNoPredecessor);
  bucket_queue_.push(0, s);
  while (!bucket_queue_.empty()) {
    std::int32_t u;
    bucket_queue_.pop(key, u);
    const auto du = static_cast<std::int32_t>(key);
    if (du > whole_[u]) continue;  // stale: u was settled with a shorter distance
    if (early_stop && settle(u)) return;
    for (std::int64_t a = g_.offsets[u]; a < g_.offsets[u + 1]; ++a) {
      const std::int32_t v = g_.heads[a];
      const std::int32_t candidate = du + static_cast<std::int32_t>(g_.weights[a]);
      if (candidate >= whole_[v]) continue;
      if (whole_[v] == kUnreached) touched_.push_back(v);
      whole_[v] = candidate;
      if (keep_predecessors_) predecessor_[v] = u;
      bucket_queue_.push(static_cast<std::uint32_t>(candidate), v);
    }
  }
}

void DistanceSearch::heap(std::int32_t s, bool early_stop) {
  heap_.clear();
  real_[s] = 0;
  reach(s, kNoPredecessor);
  heap_.push({0.0, s});
  while (!heap_.empty()) {
    const HeapEntry top = heap_.pop();
    const std::int32_t u = top.node;
    if (top.dist > real_[u]) continue;  // stale
    if (early_stop && settle(u)) return;
    for (std::int64_t a = g_.offsets[u]; a < g_.offsets[u + 1]; ++a) {
      const std::int32_t v = g_.heads[a];
      const double candidate = top.dist + g_.weights[a];
      if (candidate >= real_[v]) continue;
      if (real_[v] == kInf) touched_.push_back(v);
      real_[v] = candidate;
      if (keep_predecessors_) predecessor_[v] = u;
      heap_.push({candidate, v});
    }
  }
}

double DistanceSearch::distance(std::int32_t v) const {
  switch (method_) {
    case DistanceMethod::BreadthFirst:
    case DistanceMethod::Buckets: return whole_[v] == kUnreached ? kInf : static_cast<double>(whole_[v]);
    case DistanceMethod::Heap: return real_[v];
    case DistanceMethod::General: return tree_.dist[v];
  }
  return kInf;
}

std::int32_t DistanceSearch::predecessor(std::int32_t v) const {
  if (method_ != DistanceMethod::General) return predecessor_[v];
  const std::int64_t arc = tree_.parent_arc[v];
  if (arc < 0) return kNoPredecessor;
  // The arc's tail: the node whose arc range holds it.
  const auto after = std::upper_bound(g_.offsets.begin(), g_.offsets.end(), arc);
  return static_cast<std::int32_t>(after - g_.offsets.begin() - 1);
}

}  // namespace pathscope::detail
