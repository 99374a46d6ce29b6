#pragma once
// The CPU tour solvers behind the registry's "brute", "held-karp" and "2opt" (tsp_engines.cpp).
#include <cstdint>
#include <functional>
#include <string>
#include <random>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

TspResult exhaustive_cpu(const TspInstance& instance, const TspOptions& options, const JobContext& job);
TspResult held_karp_cpu(const TspInstance& instance, const TspOptions& options, const JobContext& job);

// Nearest-neighbour tour from `first` (rotated to start at stop 0). When `stop` says so, the
// cities not yet visited follow in index order, so the answer is always a whole tour.
std::vector<std::int32_t> nearest_neighbour_tour(const TspInstance& instance, std::int32_t first);
std::vector<std::int32_t> nearest_neighbour_tour(const TspInstance& instance, std::int32_t first,
                                                 const std::function<bool()>& stop);

// Multi-start local search; options.start_tour, if not empty, is the first start.
TspResult local_search_cpu(const TspInstance& instance, const TspOptions& options, const JobContext& job);

// What the iterated searches need from the caller: shared neighbour lists, the stop test (time
// limit and cancel), the kick budget and where progress goes (kicks done so far).
struct IteratedSearchSetup {
  const std::vector<std::vector<std::int32_t>>* neighbours = nullptr;
  double epsilon = 0;
  int threads = 1;
  std::uint64_t seed = 1;
  std::int64_t kicks_per_thread = 0;
  // Kicks in a row, over all threads, that found nothing shorter: the search has settled.
  std::int64_t stall_kicks = 0;
  double time_limit_seconds = 0;
  std::vector<std::int32_t> start_tour;  // optional first start (the GPU's result)
  std::function<bool()> stop;
  std::function<void(double kicks_done)> report;
};
struct IteratedSearchOutcome {
  std::vector<std::int32_t> tour;  // starts at stop 0
  std::int64_t kicks = 0;
};
// Symmetric instances of 8 stops or more.
IteratedSearchOutcome iterated_lin_kernighan(const TspInstance& instance, const IteratedSearchSetup& setup);

// Rotates a cyclic tour so that it starts at stop 0.
std::vector<std::int32_t> rotate_to_stop0(std::vector<std::int32_t> tour);

}  // namespace pathscope::tsp_detail
