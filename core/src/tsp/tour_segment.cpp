#include "tour_segment.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "pathscope/runtime/error.hpp"

namespace pathscope::tsp_detail {

TourSegment::TourSegment(const TspInstance& instance, const std::vector<std::vector<std::int32_t>>& neighbours,
                         std::vector<std::int32_t> cities)
    : cities_(std::move(cities)) {
  const auto m = static_cast<std::int32_t>(cities_.size());
  if (m < 8) throw Error("a tour segment needs 8 cities or more");
  sub_.name = instance.name;
  sub_.k = m;
  sub_.integer_costs = instance.integer_costs;
  sub_.symmetric = true;
  sub_.cost.resize(static_cast<std::size_t>(m) * m);
  double longest = 0;
  for (std::int32_t i = 0; i < m; ++i)
    for (std::int32_t j = 0; j < m; ++j) {
      const double c = instance.at(cities_[i], cities_[j]);
      sub_.cost[static_cast<std::size_t>(i) * m + j] = c;
      longest = std::max(longest, std::fabs(c));
    }
  // Below minus the longest possible tour: a tour without this arc is always longer, so no kept
  // tour loses it. A whole number, so that integer sums stay exact.
  const double pinned = -std::ceil(2.0 * (longest + 1) * m);
  sub_.cost[static_cast<std::size_t>(m - 1) * m] = pinned;
  sub_.cost[m - 1] = pinned;

  std::vector<std::int32_t> index(instance.k, -1);
  for (std::int32_t i = 0; i < m; ++i) index[cities_[i]] = i;
  neighbours_.resize(m);
  for (std::int32_t i = 0; i < m; ++i)
    for (const std::int32_t c : neighbours[cities_[i]]) {
      const std::int32_t j = index[c];
      // The pinned pair is left out: it is always a tour arc, never a move's new one.
      if (j >= 0 && !((i == 0 && j == m - 1) || (i == m - 1 && j == 0))) neighbours_[i].push_back(j);
    }
}

std::vector<std::int32_t> TourSegment::first_tour() const {
  std::vector<std::int32_t> tour(cities_.size());
  std::iota(tour.begin(), tour.end(), 0);
  return tour;
}

std::vector<std::int32_t> TourSegment::path_of(const std::vector<std::int32_t>& tour) const {
  const auto m = static_cast<std::int32_t>(cities_.size());
  const auto at0 = std::find(tour.begin(), tour.end(), 0) - tour.begin();
  std::vector<std::int32_t> path(m);
  // From 0 the way away from m-1, which is 0's other tour neighbour.
  const bool forward = tour[(at0 + m - 1) % m] == m - 1;
  if (!forward && tour[(at0 + 1) % m] != m - 1) throw Error("tour segment: the tour lost its pinned arc");
  for (std::int32_t s = 0; s < m; ++s) path[s] = cities_[tour[forward ? (at0 + s) % m : (at0 - s + m) % m]];
  return path;
}

}  // namespace pathscope::tsp_detail
