#pragma once
// Lin–Kernighan-style search for symmetric tours: a chain of 2-opt moves grown from one city
// while the running gain stays positive, kept as soon as closing it shortens the tour, undone
// otherwise. Deeper than 2-opt + Or-opt (it finds the sequential 3-opt and deeper moves that
// plain 2-opt cannot reach one step at a time), which is what takes iterated local search from
// a few percent to within about one percent of the optimum.
//
// The tour is an array with each city's position; a 2-opt move reverses the shorter of the two
// paths it could reverse. Every reversal goes into a journal, so a chain that does not pay off,
// and a kick that does not, are undone by replaying the journal backwards.
#include <cstdint>
#include <random>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

class LinKernighan {
 public:
  // neighbours: the nearest cities of each city, nearest first. epsilon: the smallest
  // improvement that counts (improvement_epsilon). The instance must be symmetric.
  LinKernighan(const TspInstance& instance, const std::vector<std::vector<std::int32_t>>& neighbours, double epsilon);

  // Takes a tour; wakes every city unless the tour is known to be a local optimum already.
  void set_tour(const std::vector<std::int32_t>& tour, bool wake_everyone = true);
  const std::vector<std::int32_t>& tour() const { return tour_; }
  double length() const { return length_; }

  // Improves from the woken cities until none has an improving chain; false when `stop` said
  // so first (the tour is then whole and no longer than before).
  template <typename StopFn>
  bool run(StopFn&& stop) {
    while (queue_head_ < queue_.size()) {
      if (stop()) return false;
      const std::int32_t city = queue_[queue_head_++];
      queued_[city] = 0;
      while (improve_from(city)) {
        if (stop()) return false;
      }
      if (queue_head_ > 4096 && queue_head_ * 2 > queue_.size()) {
        queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(queue_head_));
        queue_head_ = 0;
      }
    }
    return true;
  }

  // A double bridge on two short adjacent stretches (A B C D -> A C B D) somewhere random;
  // wakes the cities at the six changed arcs. Starts a new journal.
  void kick(std::mt19937_64& rng);
  // Undoes everything since the last kick (or set_tour).
  void undo_since_kick();
  // Forgets the journal: the tour since the last kick is kept.
  void accept() { journal_.clear(); }

 private:
  double d(std::int32_t a, std::int32_t b) const { return cost_[static_cast<std::size_t>(a) * k_ + b]; }
  std::int32_t succ(std::int32_t c) const { return tour_[position_[c] + 1 == k_ ? 0 : position_[c] + 1]; }
  std::int32_t pred(std::int32_t c) const { return tour_[position_[c] == 0 ? k_ - 1 : position_[c] - 1]; }
  void wake(std::int32_t city);
  bool improve_from(std::int32_t t1);
  bool step(std::int32_t t1, std::int32_t t2, double gain, int depth);
  // Reverses the path from position i forward to position j (cyclic), or the rest of the
  // cycle when that is shorter: the same tour either way round.
  void reverse_path(std::int32_t i, std::int32_t j);
  void reverse_positions(std::int32_t i, std::int32_t j);  // exactly i..j forward, cyclic
  void rotate_window(std::int32_t start, std::int32_t length, std::int32_t shift);

  struct Change {
    enum Kind : std::uint8_t { Reverse, Rotate } kind;
    std::int32_t a, b, c;
  };

  const std::vector<double>& cost_;
  const std::vector<std::vector<std::int32_t>>& neighbours_;
  // neighbour_costs_[c][i] = d(c, neighbours_[c][i]): read in list order, not at random places
  // of the k x k matrix.
  std::vector<std::vector<double>> neighbour_costs_;
  std::int32_t k_;
  double epsilon_;
  double length_ = 0;
  std::vector<std::int32_t> tour_, position_;
  std::vector<std::int32_t> queue_;
  std::size_t queue_head_ = 0;
  std::vector<std::uint8_t> queued_;
  std::vector<Change> journal_;
  double journal_start_length_ = 0;
  // The chain being grown: arcs it added (never removed again in the same chain).
  std::vector<std::pair<std::int32_t, std::int32_t>> added_;
  std::vector<std::int32_t> scratch_;
  struct Candidate {
    double score;  // the chain's gain after breaking (t3, t4), before closing it
    std::int32_t t3, t4;
  };
  std::vector<std::vector<Candidate>> candidates_;  // one list per depth, reused
};

}  // namespace pathscope::tsp_detail
