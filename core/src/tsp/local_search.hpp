#pragma once
// 2-opt and Or-opt on one tour, driven by neighbour lists and don't-look bits: a city is looked
// at again only when an arc next to it changed, so a local optimum of a thousand cities takes
// milliseconds. Works for asymmetric costs too: reversing a stretch of an asymmetric tour
// changes the cost of every arc inside it, which prefix sums along the tour give in O(1).
#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

class LocalSearch {
 public:
  // neighbours: for each city, the nearest others by cost, nearest first (an empty list: no
  // moves start at that city). epsilon: improvement_epsilon(instance), computed once per solve.
  LocalSearch(const TspInstance& instance, const std::vector<std::vector<std::int32_t>>& neighbours, double epsilon);

  // Takes a tour; with wake_everyone false only the cities passed to wake() are looked at (after
  // a kick, just its ends).
  void set_tour(const std::vector<std::int32_t>& tour, bool wake_everyone = true);
  const std::vector<std::int32_t>& tour() const { return tour_; }
  // Looks at every city in the queue until no 2-opt or Or-opt move improves the tour.
  // Returns false when `stop` said so; it is asked before every move, since on a large
  // instance one move costs a pass over the tour and one city can take many moves.
  template <typename StopFn>
  bool run(StopFn&& stop) {
    while (!queue_.empty()) {
      if (stop()) return false;
      const auto city = queue_.front();
      queue_.pop_front();
      queued_[city] = false;
      while (improve_city(city))
        if (stop()) return false;
    }
    return true;
  }
  void wake(std::int32_t city);
  void wake_all();

 private:
  double c(std::int32_t a, std::int32_t b) const { return cost_[static_cast<std::size_t>(a) * k_ + b]; }
  std::int32_t at(std::int64_t position) const { return tour_[((position % k_) + k_) % k_]; }
  bool improve_city(std::int32_t a);
  bool try_reversal(std::int32_t l, std::int32_t r);
  bool try_or_opt(std::int32_t start, std::int32_t length);
  void reverse(std::int32_t l, std::int32_t r);
  void rebuild_prefix();

  const std::vector<double>& cost_;
  const std::vector<std::vector<std::int32_t>>& neighbours_;
  std::int32_t k_;
  bool symmetric_;
  double epsilon_;
  std::vector<std::int32_t> tour_, position_;
  std::vector<double> forward_, backward_;  // asymmetric only: prefix sums along the tour
  std::deque<std::int32_t> queue_;
  std::vector<bool> queued_;
};

// The smallest improvement a move must make: whole-number costs improve by at least 1,
// fractional ones by more than rounding noise.
double improvement_epsilon(const TspInstance& instance);

// The `count` cheapest other cities of each city, on `threads` threads. The cities not reached
// when `stop` says so keep an empty list.
std::vector<std::vector<std::int32_t>> nearest_neighbours(const TspInstance& instance, std::int32_t count, int threads,
                                                          const std::function<bool()>& stop);

}  // namespace pathscope::tsp_detail
