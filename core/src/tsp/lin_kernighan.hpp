#pragma once
// Lin–Kernighan-style search for symmetric tours: a chain of 2-opt moves grown from one city
// while the running gain stays positive, kept as soon as closing it shortens the tour, undone
// otherwise. Deeper than 2-opt + Or-opt (it finds the sequential 3-opt and deeper moves that
// plain 2-opt cannot reach one step at a time), which is what takes iterated local search from
// a few percent to within about one percent of the optimum.
//
// Each step of a chain is either a 2-opt move or a pure segment insertion (the sequential 3-opt
// move that keeps every stretch's direction, LKH's "or-3opt"): a 2-opt chain can never reach
// that move through whole tours, since its first two exchanges alone leave two cycles.
//
// The tour is an array with each city's position; a 2-opt move reverses the shorter of the two
// paths it could reverse; a segment insertion rotates the two shortest of the three blocks it
// reorders. Every reversal and rotation goes into a journal, so a chain that does not pay off,
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

  // A double bridge on three short adjacent stretches (A B C D E -> A D C B E) somewhere
  // random; wakes the cities at the eight changed arcs. Starts a new journal.
  void kick(std::mt19937_64& rng);
  // The segment insertion of a chain's step, on its own (for the tests): with t2 next to t1,
  // and t5 before t3 on the way from t2 on round to t1, t1 [t2 .. t5][t6 .. t3] t4 becomes
  // t1 [t6 .. t3][t2 .. t5] t4. Journaled like a kick's changes.
  void swap_stretches(std::int32_t t1, std::int32_t t2, std::int32_t t3, std::int32_t t5);
  // Undoes everything since the last kick (or set_tour).
  void undo_since_kick();
  // Forgets the journal: the tour since the last kick is kept.
  void accept() {
    journal_.clear();
    journal_start_length_ = length_;
  }

 private:
  double d(std::int32_t a, std::int32_t b) const { return cost_[static_cast<std::size_t>(a) * k_ + b]; }
  std::int32_t succ(std::int32_t c) const { return tour_[position_[c] + 1 == k_ ? 0 : position_[c] + 1]; }
  std::int32_t pred(std::int32_t c) const { return tour_[position_[c] == 0 ? k_ - 1 : position_[c] - 1]; }
  void wake(std::int32_t city);
  bool improve_from(std::int32_t t1);
  bool step(std::int32_t t1, std::int32_t t2, double gain, int depth);
  // Replaces the arcs (a, b) and (c, d) by (a, c) and (b, d); b follows a the way d follows c.
  void two_opt_move(std::int32_t a, std::int32_t b, std::int32_t c, std::int32_t d);
  bool adjacent(std::int32_t a, std::int32_t b) const { return succ(a) == b || pred(a) == b; }
  bool tabu(std::int32_t a, std::int32_t b) const;
  // Reverses the path from position i forward to position j (cyclic), or the rest of the
  // cycle when that is shorter: the same tour either way round.
  void reverse_path(std::int32_t i, std::int32_t j);
  void reverse_positions(std::int32_t i, std::int32_t j);  // exactly i..j forward, cyclic
  void rotate_window(std::int32_t start, std::int32_t length, std::int32_t shift);

  struct Change {
    enum Kind : std::uint8_t { Reverse, Rotate } kind;
    std::int32_t a, b, c;
  };
  void undo(const Change& change);

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
    double score;  // the chain's gain after its last break ((t3, t4), or (t5, t6)), before closing it
    std::int32_t t3, t4;
    std::int32_t t5 = -1, t6 = -1;  // -1 for a 2-opt step; else a segment insertion
  };
  std::vector<Candidate> insertions_;
  std::vector<std::vector<Candidate>> candidates_;  // one list per depth, reused
};

}  // namespace pathscope::tsp_detail
