#include "local_search.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pathscope::tsp_detail {

std::vector<std::vector<std::int32_t>> nearest_neighbours(const TspInstance& instance, std::int32_t count, int threads,
                                                          const std::function<bool()>& stop) {
  const auto k = instance.k;
  count = std::max(0, std::min(count, k - 1));
  std::vector<std::vector<std::int32_t>> out(k);
#pragma omp parallel num_threads(threads)
  {
    std::vector<std::pair<double, std::int32_t>> others;
#pragma omp for schedule(dynamic, 16)
    for (std::int32_t a = 0; a < k; ++a) {
      if (stop()) continue;
      others.clear();
      // Asymmetric: a city is near if either direction is cheap. Ties go to the lower index.
      for (std::int32_t b = 0; b < k; ++b)
        if (b != a) others.emplace_back(std::min(instance.at(a, b), instance.at(b, a)), b);
      std::nth_element(others.begin(), others.begin() + count, others.end());
      std::sort(others.begin(), others.begin() + count);
      out[a].resize(count);
      for (std::int32_t i = 0; i < count; ++i) out[a][i] = others[i].second;
    }
  }
  return out;
}

double improvement_epsilon(const TspInstance& instance) {
  if (instance.integer_costs) return 0.5;
  double total = 0;
  for (double x : instance.cost) total += std::fabs(x);
  return 1e-9 * (1 + total / std::max<std::int64_t>(1, instance.cost.size())) * instance.k;
}

LocalSearch::LocalSearch(const TspInstance& instance, const std::vector<std::vector<std::int32_t>>& neighbours,
                         double epsilon)
    : cost_(instance.cost), neighbours_(neighbours), k_(instance.k), symmetric_(instance.symmetric), epsilon_(epsilon) {
  position_.assign(k_, 0);
  queued_.assign(k_, false);
}

void LocalSearch::set_tour(const std::vector<std::int32_t>& tour, bool wake_everyone) {
  tour_ = tour;
  for (std::int32_t p = 0; p < k_; ++p) position_[tour_[p]] = p;
  if (!symmetric_) rebuild_prefix();
  if (wake_everyone) wake_all();
}

void LocalSearch::wake(std::int32_t city) {
  if (queued_[city]) return;
  queued_[city] = true;
  queue_.push_back(city);
}

void LocalSearch::wake_all() {
  for (auto city : tour_) wake(city);
}

void LocalSearch::rebuild_prefix() {
  forward_.assign(k_, 0);
  backward_.assign(k_, 0);
  for (std::int32_t p = 1; p < k_; ++p) {
    forward_[p] = forward_[p - 1] + c(tour_[p - 1], tour_[p]);
    backward_[p] = backward_[p - 1] + c(tour_[p], tour_[p - 1]);
  }
}

bool LocalSearch::improve_city(std::int32_t a) {
  if (k_ < 5) return false;
  const std::int32_t pa = position_[a];
  const double to_next = c(a, at(pa + 1)), to_prev = c(at(pa - 1), a);
  for (auto other : neighbours_[a]) {
    if (symmetric_ && c(a, other) >= std::max(to_next, to_prev)) break;  // no new arc can pay off
    const std::int32_t po = position_[other];
    const std::int32_t lo = std::min(pa, po), hi = std::max(pa, po);
    // New arcs a-other and their successors' (reverse lo+1..hi), or their predecessors' (lo..hi-1).
    if (try_reversal(lo + 1, hi) || try_reversal(lo, hi - 1)) return true;
  }
  for (std::int32_t length = 1; length <= 3; ++length)
    if (try_or_opt(position_[a], length) || try_or_opt(position_[a] - length + 1, length)) return true;
  return false;
}

bool LocalSearch::try_reversal(std::int32_t l, std::int32_t r) {
  if (r - l < 1 || r - l >= k_ - 2) return false;
  const std::int32_t before = at(l - 1), first = tour_[l], last = tour_[r], after = at(r + 1);
  double delta = c(before, last) + c(first, after) - c(before, first) - c(last, after);
  if (!symmetric_) delta += (backward_[r] - backward_[l]) - (forward_[r] - forward_[l]);
  if (delta >= -epsilon_) return false;
  reverse(l, r);
  for (auto city : {before, first, last, after}) wake(city);
  return true;
}

void LocalSearch::reverse(std::int32_t l, std::int32_t r) {
  std::int32_t length = r - l + 1;
  // A symmetric tour is the same cycle either way round: reverse the shorter side.
  if (symmetric_ && length > k_ / 2) {
    const std::int32_t outside = k_ - length;
    for (std::int32_t i = 0; i < outside / 2; ++i) {
      const std::int32_t x = (r + 1 + i) % k_, y = ((l - 1 - i) % k_ + k_) % k_;
      std::swap(tour_[x], tour_[y]);
      position_[tour_[x]] = x;
      position_[tour_[y]] = y;
    }
    return;
  }
  for (std::int32_t x = l, y = r; x < y; ++x, --y) {
    std::swap(tour_[x], tour_[y]);
    position_[tour_[x]] = x;
    position_[tour_[y]] = y;
  }
  if (!symmetric_) rebuild_prefix();
}

// Moves the `length` cities from position `start` between a city x and its successor, forward
// or reversed, where x or its successor is a neighbour of the stretch's ends.
bool LocalSearch::try_or_opt(std::int32_t start, std::int32_t length) {
  if (k_ < length + 3) return false;
  std::int32_t stretch[3];
  for (std::int32_t i = 0; i < length; ++i) stretch[i] = at(start + i);
  const std::int32_t first = stretch[0], last = stretch[length - 1];
  const std::int32_t before = at(start - 1), after = at(start + length);
  double inside_forward = 0, inside_backward = 0;
  for (std::int32_t i = 0; i + 1 < length; ++i) {
    inside_forward += c(stretch[i], stretch[i + 1]);
    inside_backward += c(stretch[i + 1], stretch[i]);
  }
  const double removed = c(before, first) + c(last, after) - c(before, after);
  auto in_stretch = [&](std::int32_t city) { return std::find(stretch, stretch + length, city) != stretch + length; };
  double best_delta = -epsilon_;
  std::int32_t best_x = -1;
  bool best_reversed = false;
  for (auto end : {first, last})
    for (auto near : neighbours_[end]) {
      if (in_stretch(near)) continue;
      for (std::int32_t shift : {0, -1}) {
        const std::int32_t x = at(position_[near] + shift), y = at(position_[x] + 1);
        if (in_stretch(x) || in_stretch(y) || x == before) continue;
        const double forward = c(x, first) + c(last, y) - c(x, y);
        const double reversed = c(x, last) + c(first, y) - c(x, y) + inside_backward - inside_forward;
        if (forward - removed < best_delta) best_delta = forward - removed, best_x = x, best_reversed = false;
        if (reversed - removed < best_delta) best_delta = reversed - removed, best_x = x, best_reversed = true;
      }
    }
  if (best_x < 0) return false;
  std::vector<std::int32_t> rebuilt;
  rebuilt.reserve(k_);
  for (std::int32_t p = 0; p < k_ - length; ++p) {
    const std::int32_t city = at(position_[after] + p);
    rebuilt.push_back(city);
    if (city != best_x) continue;
    if (best_reversed)
      for (std::int32_t i = length - 1; i >= 0; --i) rebuilt.push_back(stretch[i]);
    else
      for (std::int32_t i = 0; i < length; ++i) rebuilt.push_back(stretch[i]);
  }
  const std::int32_t y = at(position_[best_x] + 1);
  tour_.swap(rebuilt);
  for (std::int32_t p = 0; p < k_; ++p) position_[tour_[p]] = p;
  if (!symmetric_) rebuild_prefix();
  for (auto city : {before, after, first, last, best_x, y}) wake(city);
  return true;
}

}  // namespace pathscope::tsp_detail
