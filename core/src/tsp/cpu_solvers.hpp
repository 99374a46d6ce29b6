#pragma once
// The CPU tour solvers behind solve_tsp().
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "pathscope/tsp.hpp"

namespace pathscope::tsp_detail {

TspResult exhaustive_cpu(const TspInstance& instance, const TspOptions& options, const JobContext& job);
TspResult held_karp_cpu(const TspInstance& instance, const TspOptions& options, const JobContext& job);

// Nearest-neighbour tour from `first` (rotated to start at stop 0). When `stop` says so, the
// cities not yet visited follow in index order, so the answer is always a whole tour.
std::vector<std::int32_t> nearest_neighbour_tour(const TspInstance& instance, std::int32_t first);
std::vector<std::int32_t> nearest_neighbour_tour(const TspInstance& instance, std::int32_t first,
                                                 const std::function<bool()>& stop);

// Multi-start local search; `start_tour`, if not empty, is the first start (the GPU's result).
TspResult local_search_cpu(const TspInstance& instance, const TspOptions& options, const JobContext& job,
                           const std::vector<std::int32_t>& start_tour = {});

// Rotates a cyclic tour so that it starts at stop 0.
std::vector<std::int32_t> rotate_to_stop0(std::vector<std::int32_t> tour);

}  // namespace pathscope::tsp_detail
