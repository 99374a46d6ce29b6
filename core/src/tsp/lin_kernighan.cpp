#include "lin_kernighan.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace pathscope::tsp_detail {
namespace {

// How many candidates each level of a chain tries before giving up on it: every one at the
// first level (so no improving 2-opt move is left from a city looked at), fewer at the next,
// one deeper down.
constexpr int kBreadth[] = {1 << 30, 5, 3, 1};
constexpr int kMaxDepth = 10;

// Insertions a step may try besides its 2-opt candidates, the best by gain: up to a hundred
// are found a step, and each tried grows a chain below it (1 instead of 3 did no better on
// pr1002 and u3000, docs/tsp.md).
constexpr int kInsertionBreadth = 3;
// The double bridge's three stretches: at most 25 cities each (50 made the chains after each
// kick twice as long and lost on pr1002; 12 lost on both, docs/tsp.md).
constexpr std::int32_t kBridgeLongest = 25;

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
  // Positions wrap at most once: start, length and shift are all below k.
  scratch_.resize(length);
  std::int32_t from = start + shift;
  if (from >= k_) from -= k_;
  const std::int32_t window_end = start + length;  // may pass k
  for (std::int32_t s = 0; s < length; ++s) {
    scratch_[s] = tour_[from];
    if (++from >= k_) from -= k_;
    if (from == (window_end >= k_ ? window_end - k_ : window_end)) from = start;
  }
  std::int32_t p = start;
  for (std::int32_t s = 0; s < length; ++s) {
    tour_[p] = scratch_[s];
    position_[tour_[p]] = p;
    if (++p >= k_) p -= k_;
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

bool LinKernighan::tabu(std::int32_t a, std::int32_t b) const {
  for (const auto& arc : added_)
    if ((arc.first == a && arc.second == b) || (arc.first == b && arc.second == a)) return true;
  return false;
}

void LinKernighan::two_opt_move(std::int32_t a, std::int32_t b, std::int32_t c, [[maybe_unused]] std::int32_t d) {
  assert(adjacent(a, b) && adjacent(c, d));
  // a b ... c d -> a c ... b d; going the other way round, d c ... b a -> d b ... c a.
  if (succ(a) == b) reverse_path(position_[b], position_[c]);
  else reverse_path(position_[c], position_[b]);
  assert(adjacent(a, c) && adjacent(b, d));
}

void LinKernighan::swap_stretches(std::int32_t t1, std::int32_t t2, std::int32_t t3, std::int32_t t5) {
  const bool forward = succ(t1) == t2;
  const std::int32_t t4 = forward ? succ(t3) : pred(t3), t6 = forward ? succ(t5) : pred(t5);
  length_ += d(t2, t3) + d(t4, t5) + d(t6, t1) - d(t1, t2) - d(t3, t4) - d(t5, t6);
  // t1 [t2 .. t5][t6 .. t3] t4 -> t1 [t6 .. t3][t2 .. t5] t4 swaps two of the cycle's three
  // blocks ([t2 .. t5], [t6 .. t3], [t4 .. t1]) and keeps each one's direction; swapping any
  // two of them gives that same cycle, so the two shortest together are moved, in one rotation.
  // Their starts in array order: forward, the blocks lie [t2 .. t5] [t6 .. t3] [t4 .. t1];
  // backward, [t1 .. t4] [t3 .. t6] [t5 .. t2].
  const std::int32_t starts[3] = {position_[forward ? t2 : t1], position_[forward ? t6 : t3],
                                  position_[forward ? t4 : t5]};
  std::int32_t lengths[3];
  for (int b = 0; b < 3; ++b) {
    const std::int32_t gap = starts[(b + 1) % 3] - starts[b];
    lengths[b] = gap <= 0 ? gap + k_ : gap;
  }
  int first = 0;
  for (int b = 1; b < 3; ++b)
    if (lengths[b] + lengths[(b + 1) % 3] < lengths[first] + lengths[(first + 1) % 3]) first = b;
  const std::int32_t window = lengths[first] + lengths[(first + 1) % 3];
  rotate_window(starts[first], window, lengths[first]);
  journal_.push_back({Change::Rotate, starts[first], window, lengths[first]});
  assert(adjacent(t1, t6) && adjacent(t2, t3) && adjacent(t4, t5));
}

void LinKernighan::undo(const Change& change) {
  if (change.kind == Change::Reverse) reverse_positions(change.a, change.b);
  else rotate_window(change.a, change.b, change.b - change.c);
}

bool LinKernighan::step(std::int32_t t1, std::int32_t t2, double gain, int depth) {
  // t2 is t1's neighbour along the arc this step breaks; "next" goes on from t1 past t2. Adding
  // (t2, t3) and breaking (t3, t4) is a 2-opt move when t4 comes before t3 (then (t4, t1)
  // closes the tour). With t4 after t3 it would leave the cycle t2 ... t3; adding (t4, t5) for
  // a t5 on that cycle and breaking (t5, t6) with t6 after t5 opens it again: closing with
  // (t6, t1) gives t1 [t6 .. t3] [t2 .. t5] t4, the two stretches swapped, neither reversed.
  const bool forward = succ(t1) == t2;
  const auto next = [&](std::int32_t c) { return forward ? succ(c) : pred(c); };
  const auto prev = [&](std::int32_t c) { return forward ? pred(c) : succ(c); };
  const auto from_t2 = [&](std::int32_t c) {
    const std::int32_t offset = forward ? position_[c] - position_[t2] : position_[t2] - position_[c];
    return offset < 0 ? offset + k_ : offset;
  };
  auto& candidates = candidates_[depth - 1];
  candidates.clear();
  insertions_.clear();
  const auto& near = neighbours_[t2];
  const auto& near_costs = neighbour_costs_[t2];
  for (std::size_t i = 0; i < near.size(); ++i) {
    const std::int32_t t3 = near[i];
    const double open = gain - near_costs[i];
    if (open <= epsilon_) break;  // neighbours come nearest first: the rest cost more
    if (t3 == t1 || t3 == t2) continue;
    const std::int32_t t4 = prev(t3);
    if (t4 != t2 && !tabu(t3, t4)) candidates.push_back({open + d(t3, t4), t3, t4});
    // t3 right after t2 would add an arc the tour already has.
    const std::int32_t u4 = next(t3);
    if (u4 == t1 || t3 == next(t2) || tabu(t3, u4)) continue;
    const double open4 = open + d(t3, u4);
    const std::int32_t span = from_t2(t3);
    const auto& near4 = neighbours_[u4];
    const auto& near4_costs = neighbour_costs_[u4];
    for (std::size_t j = 0; j < near4.size(); ++j) {
      const std::int32_t t5 = near4[j];
      const double open5 = open4 - near4_costs[j];
      if (open5 <= epsilon_) break;
      if (from_t2(t5) >= span) continue;  // off the cycle t2 ... t3, or t3 itself
      const std::int32_t t6 = next(t5);
      if (!tabu(t5, t6)) insertions_.push_back({open5 + d(t5, t6), t3, u4, t5, t6});
    }
  }
  const auto by_score = [](const Candidate& a, const Candidate& b) { return a.score > b.score; };
  // An insertion that closes the chain with a gain is taken at once when no 2-opt candidate
  // closes better: only closing ones are applied, so the check costs no reversal.
  {
    double best_close = epsilon_;
    const Candidate* best = nullptr;
    for (const auto& move : insertions_)
      if (move.score - d(move.t6, t1) > best_close) best_close = move.score - d(move.t6, t1), best = &move;
    if (best != nullptr) {
      bool two_opt_better = false;
      for (const auto& move : candidates)
        if (move.score - d(move.t4, t1) >= best_close) two_opt_better = true;
      if (!two_opt_better) {
        const Candidate move = *best;
        swap_stretches(t1, t2, move.t3, move.t5);
        for (auto city : {t1, t2, move.t3, move.t4, move.t5, move.t6}) wake(city);
        return true;
      }
    }
  }
  // Only the best few insertions go on into deeper steps: there are up to a hundred a step, and
  // each tried grows a chain below it.
  if (static_cast<int>(insertions_.size()) > kInsertionBreadth) {
    std::partial_sort(insertions_.begin(), insertions_.begin() + kInsertionBreadth, insertions_.end(), by_score);
    insertions_.resize(kInsertionBreadth);
  }
  candidates.insert(candidates.end(), insertions_.begin(), insertions_.end());
  std::sort(candidates.begin(), candidates.end(), by_score);
  const int breadth = std::min<int>(static_cast<int>(candidates.size()), kBreadth[std::min<int>(depth - 1, std::size(kBreadth) - 1)]);
  for (int c = 0; c < breadth; ++c) {
    const Candidate move = candidates_[depth - 1][c];
    const std::size_t mark = journal_.size();
    const double before = length_;
    const std::int32_t t3 = move.t3, t4 = move.t4, t5 = move.t5, t6 = move.t6;
    std::int32_t last = t4;
    if (t5 < 0) {
      two_opt_move(t1, t2, t4, t3);
      length_ += d(t2, t3) + d(t4, t1) - d(t1, t2) - d(t3, t4);
    } else {
      swap_stretches(t1, t2, t3, t5);
      last = t6;
    }
    if (move.score - d(last, t1) > epsilon_) {
      for (auto city : {t1, t2, t3, t4}) wake(city);
      if (t5 >= 0) wake(t5), wake(t6);
      return true;
    }
    if (depth < kMaxDepth) {
      added_.emplace_back(t2, t3);
      if (t5 >= 0) added_.emplace_back(t4, t5);
      if (step(t1, last, move.score, depth + 1)) {
        for (auto city : {t2, t3, t4}) wake(city);
        if (t5 >= 0) wake(t5), wake(t6);
        return true;
      }
      added_.pop_back();
      if (t5 >= 0) added_.pop_back();
    }
    while (journal_.size() > mark) {
      undo(journal_.back());
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
  // Swapping two adjacent stretches (A B C D -> A C B D, the kick until 2026-11-28) changes
  // only three arcs: a segment insertion, which the chains now undo in one step (pr1002 went
  // from 0.05% to 0.58% with that kick). Reordering three (A B C D E -> A D C B E) is a true
  // double bridge: four arcs that no sequential move of a chain puts back.
  const std::int32_t longest = std::max(1, std::min(kBridgeLongest, (k_ - 2) / 3));
  std::uniform_int_distribution<std::int32_t> offset_pick(0, k_ - 1), length_pick(1, longest);
  const std::int32_t p = offset_pick(rng);
  const std::int32_t l1 = length_pick(rng), l2 = length_pick(rng), l3 = length_pick(rng);
  auto at = [&](std::int32_t i) { return tour_[(p + i) % k_]; };
  const std::int32_t a = at(0), b1 = at(1), b2 = at(l1), c1 = at(l1 + 1), c2 = at(l1 + l2), d1 = at(l1 + l2 + 1),
                     d2 = at(l1 + l2 + l3), e = at(l1 + l2 + l3 + 1);
  length_ += d(a, d1) + d(d2, c1) + d(c2, b1) + d(b2, e) - d(a, b1) - d(b2, c1) - d(c2, d1) - d(d2, e);
  // B C D -> D B C -> D C B.
  const std::int32_t start = (p + 1) % k_;
  rotate_window(start, l1 + l2 + l3, l1 + l2);
  journal_.push_back({Change::Rotate, start, l1 + l2 + l3, l1 + l2});
  rotate_window((start + l3) % k_, l1 + l2, l1);
  journal_.push_back({Change::Rotate, (start + l3) % k_, l1 + l2, l1});
  for (auto city : {a, b1, b2, c1, c2, d1, d2, e}) wake(city);
}

void LinKernighan::undo_since_kick() {
  while (!journal_.empty()) {
    const Change change = journal_.back();
    journal_.pop_back();
    undo(change);
  }
  length_ = journal_start_length_;
}

}  // namespace pathscope::tsp_detail
