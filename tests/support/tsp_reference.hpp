#pragma once
// The tests' own answers: every order of stops 1..k-1 by std::next_permutation, summed from
// scratch, independent of the solvers' index arithmetic; and the shared fresh seeds.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "fresh_seed.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace tsp_test {

// Stops 0..k-1 in a random order: a tour to start a search or a move from.
inline std::vector<std::int32_t> random_tour(std::int32_t k, std::mt19937_64& rng) {
  std::vector<std::int32_t> tour(k);
  std::iota(tour.begin(), tour.end(), 0);
  std::shuffle(tour.begin(), tour.end(), rng);
  return tour;
}

inline double brute_force_optimum(const pathscope::TspInstance& instance) {
  if (instance.k <= 1) return 0;
  std::vector<std::int32_t> order(instance.k - 1);
  std::iota(order.begin(), order.end(), 1);
  double best = std::numeric_limits<double>::infinity();
  do {
    double length = instance.at(0, order.front()) + instance.at(order.back(), 0);
    for (std::size_t i = 0; i + 1 < order.size(); ++i) length += instance.at(order[i], order[i + 1]);
    best = std::min(best, length);
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

// The same instance with every cost multiplied: whole-number costs then need int32 or int64
// sums instead of int16, so each width of the solvers' arithmetic gets exercised.
inline pathscope::TspInstance scaled(pathscope::TspInstance instance, double factor) {
  for (auto& c : instance.cost) c *= factor;
  pathscope::finish_tsp_instance(instance);
  return instance;
}

using test_support::fresh_seed;

// Sums of fractional costs in another order differ in the last bits only.
inline double tolerance(const pathscope::TspInstance& instance, double length) {
  return instance.integer_costs ? 0.0 : 1e-9 * std::max(1.0, std::fabs(length));
}

inline void expect_valid_tour(const pathscope::TspInstance& instance, const pathscope::TspResult& result) {
  pathscope::check_tour(instance, result.tour);
  const double measured = pathscope::tour_length(instance, result.tour);
  if (std::fabs(measured - result.length) > tolerance(instance, measured))
    throw pathscope::Error("reported length " + std::to_string(result.length) + " but the tour measures " +
                           std::to_string(measured));
}

}  // namespace tsp_test
