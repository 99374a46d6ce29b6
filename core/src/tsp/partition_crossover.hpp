#pragma once
// Partition crossover (after Whitley, Hains and Howe's GPX): where two tours of the same stops
// differ, the arcs that only one of them has fall into separate places; a place that both tours
// pass through in one unbroken stretch, entered and left at the same two stops, can take either
// tour's way through it without touching the rest. The merged tour takes the shorter way in
// each such place. Iterated Lin–Kernighan's threads each improve their own copy of the best tour,
// mostly in different places: merging their tours keeps every thread's gains, not the best
// thread's alone.
#include <cstdint>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

// `a` with each place where `b` is shorter by more than `epsilon` taken from `b` (a place is a
// set of stops that both tours visit as one stretch with the same two ends, and that holds
// every arc of either tour between its stops that the other tour lacks), or `b` where that is
// shorter still: never longer than either; every arc is one of a's or b's. Tours may start
// anywhere; symmetric instances (b's stretch may be walked backwards).
std::vector<std::int32_t> partition_crossover(const TspInstance& instance, const std::vector<std::int32_t>& a,
                                              const std::vector<std::int32_t>& b, double epsilon);

}  // namespace pathscope::tsp_detail
