#pragma once
// One stretch of a tour as a tour problem of its own, so that several threads can improve
// different stretches of one tour at once and every thread's gain is kept (iterated Lin-Kernighan
// on a large instance otherwise keeps only the best thread's tour each epoch). The stretch's
// cities are numbered 0..m-1 in tour order; the closing arc from m-1 back to 0 costs far less
// than any tour without it, so every tour the search keeps holds it, and reading the tour from
// 0 to m-1 gives a path between the stretch's fixed ends that is never longer than before.
#include <cstdint>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

class TourSegment {
 public:
  // `cities`: the stretch in tour order (at least 8). `neighbours`: the whole instance's
  // candidate lists, nearest first; each city keeps those inside the stretch.
  TourSegment(const TspInstance& instance, const std::vector<std::vector<std::int32_t>>& neighbours,
              std::vector<std::int32_t> cities);

  const TspInstance& instance() const { return sub_; }
  const std::vector<std::vector<std::int32_t>>& neighbours() const { return neighbours_; }
  // The stretch as it was: 0, 1, ..., m-1.
  std::vector<std::int32_t> first_tour() const;
  // A tour of instance() as the stretch's cities from one fixed end to the other, in the whole
  // instance's numbering. The tour must hold the closing arc (every tour no longer than
  // first_tour() does).
  std::vector<std::int32_t> path_of(const std::vector<std::int32_t>& tour) const;

 private:
  std::vector<std::int32_t> cities_;
  TspInstance sub_;
  std::vector<std::vector<std::int32_t>> neighbours_;
};

}  // namespace pathscope::tsp_detail
