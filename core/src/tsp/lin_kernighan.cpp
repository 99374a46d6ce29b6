#include "lin_kernighan.hpp"

#include <algorithm>
#include <numeric>

namespace pathscope::tsp_detail {
namespace {

// How many candidates each level of a chain tries before giving up on it: every one at the
// first level (so no improving 2-opt move is left), fewer at the next, one deeper down.
constexpr int kBreadth[] = {1 << 30, 5, 3, 1};
constexpr int kMaxDepth = 10;

}  // namespace

LinKernighan::LinKernighan(const TspInstance& instance, const std::vector<std::vector<std::int32_t>>& neighbours,
                           double epsilon)
    : cost_(instance.cost), neighbours_(neighbours), k_(instance.k), epsilon_(epsilon), candidates_(kMaxDepth) {
  position_.assign(k_, 0);
  queued_.assign(k_, 0);
  neighbour_costs_.resize(neighbours_.size());
  for (std::size_t c = 0; c < neighbours_.size(); ++c)
    for (const std::int32_t n : neighbours_[c]) neighbour_costs_[c].push_back(d(static_cast<std::int32_t>(c), n));
}

void LinKernighan::set_tour(const std::vector<std::int32_t>& tour, bool wake_everyone) {
  tour_ = tour;
  length_ = 0;
  for (std::int32_t p = 0; p < k_; ++p) {
    position_[tour_[p]] = p;
    length_ += d(tour_[p], tour_[p + 1 == k_ ? 0 : p + 1]);
  }
  journal_.clear();
  journal_start_length_ = length_;
  if (wake_everyone)
    for (auto city : tour_) wake(city);
}

void LinKernighan::wake(std::int32_t city) {
  if (queued_[city]) return;
  queued_[city] = 1;
  queue_.push_back(city);
}

void LinKernighan::reverse_positions(std::int32_t i, std::int32_t j) {
  const std::int32_t length = (j - i + k_) % k_ + 1;
  for (std::int32_t s = 0; s < length / 2; ++s) {
    std::int32_t x = i + s, y = j - s;
    if (x >= k_) x -= k_;
    if (y < 0) y += k_;
    std::swap(tour_[x], tour_[y]);
    position_[tour_[x]] = x;
    position_[tour_[y]] = y;
  }
}

void LinKernighan::reverse_path(std::int32_t i, std::int32_t j) {
  const std::int32_t length = (j - i + k_) % k_ + 1;
  if (2 * length > k_) {
    i = (j + 1) % k_;
    j = (i + (k_ - length) - 1) % k_;
    if (k_ - length < 2) return;
  } else if (length < 2) {
    return;
  }
  reverse_positions(i, j);
  journal_.push_back({Change::Reverse, i, j, 0});
}

void LinKernighan::rotate_window(std::int32_t start, std::int32_t length, std::int32_t shift) {
  scratch_.resize(length);
  for (std::int32_t s = 0; s < length; ++s) scratch_[s] = tour_[(start + (s + shift) % length) % k_];
  for (std::int32_t s = 0; s < length; ++s) {
    const std::int32_t p = (start + s) % k_;
    tour_[p] = scratch_[s];
    position_[tour_[p]] = p;
  }
}

bool LinKernighan::improve_from(std::int32_t t1) {
  if (k_ < 5) return false;
  for (const std::int32_t t2 : {succ(t1), pred(t1)}) {
    added_.clear();
    if (step(t1, t2, d(t1, t2), 1)) return true;
  }
  return false;
}

bool LinKernighan::step(std::int32_t t1, std::int32_t t2, double gain, int depth) {
  // t2 is t1's neighbour along the arc this step breaks. Breaking (t3, t4) and adding (t2, t3)
  // and (t4, t1) is a 2-opt move when t4 is on t2's side of t3: before it going forward from
  // t2 = succ(t1), after it going backward from t2 = pred(t1).
  const bool forward = succ(t1) == t2;
  auto& candidates = candidates_[depth - 1];
  candidates.clear();
  const auto& near = neighbours_[t2];
  const auto& near_costs = neighbour_costs_[t2];
  for (std::size_t i = 0; i < near.size(); ++i) {
    const std::int32_t t3 = near[i];
    const double open = gain - near_costs[i];
    if (open <= epsilon_) break;  // neighbours come nearest first: the rest cost more
    if (t3 == t1) continue;
    const std::int32_t t4 = forward ? pred(t3) : succ(t3);
    if (t4 == t2 || t3 == t2) continue;
    bool tabu = false;
    for (const auto& arc : added_)
      if ((arc.first == t3 && arc.second == t4) || (arc.first == t4 && arc.second == t3)) tabu = true;
    if (!tabu) candidates.push_back({open + d(t3, t4), t3, t4});
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  const int breadth = std::min<int>(static_cast<int>(candidates.size()), kBreadth[std::min<int>(depth - 1, std::size(kBreadth) - 1)]);
  for (int c = 0; c < breadth; ++c) {
    const auto [score, t3, t4] = candidates_[depth - 1][c];
    const std::size_t mark = journal_.size();
    const double before = length_;
    if (forward) reverse_path(position_[t2], position_[t4]);
    else reverse_path(position_[t4], position_[t2]);
    length_ += d(t2, t3) + d(t4, t1) - d(t1, t2) - d(t3, t4);
    if (score - d(t4, t1) > epsilon_) {
      for (auto city : {t1, t2, t3, t4}) wake(city);
      return true;
    }
    if (depth < kMaxDepth) {
      added_.emplace_back(t2, t3);
      if (step(t1, t4, score, depth + 1)) {
        for (auto city : {t2, t3, t4}) wake(city);
        return true;
      }
      added_.pop_back();
    }
    while (journal_.size() > mark) {
      reverse_positions(journal_.back().a, journal_.back().b);
      journal_.pop_back();
    }
    length_ = before;
  }
  return false;
}

void LinKernighan::kick(std::mt19937_64& rng) {
  journal_.clear();
  journal_start_length_ = length_;
  if (k_ < 8) return;
  const std::int32_t longest = std::max(1, std::min(50, (k_ - 2) / 3));
  std::uniform_int_distribution<std::int32_t> offset_pick(0, k_ - 1), length_pick(1, longest);
  const std::int32_t p = offset_pick(rng);
  const std::int32_t l1 = length_pick(rng), l2 = length_pick(rng);
  auto at = [&](std::int32_t i) { return tour_[(p + i) % k_]; };
  // A | B | C | D -> A | C | B | D, with A's last city at p.
  const std::int32_t a = at(0), b1 = at(1), b2 = at(l1), c1 = at(l1 + 1), c2 = at(l1 + l2), dd = at(l1 + l2 + 1);
  length_ += d(a, c1) + d(c2, b1) + d(b2, dd) - d(a, b1) - d(b2, c1) - d(c2, dd);
  rotate_window((p + 1) % k_, l1 + l2, l1);
  journal_.push_back({Change::Rotate, (p + 1) % k_, l1 + l2, l1});
  for (auto city : {a, b1, b2, c1, c2, dd}) wake(city);
}

void LinKernighan::undo_since_kick() {
  while (!journal_.empty()) {
    const Change change = journal_.back();
    journal_.pop_back();
    if (change.kind == Change::Reverse) reverse_positions(change.a, change.b);
    else rotate_window(change.a, change.b, change.b - change.c);
  }
  length_ = journal_start_length_;
}

}  // namespace pathscope::tsp_detail
