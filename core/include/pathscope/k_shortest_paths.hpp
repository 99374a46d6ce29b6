#pragma once
// The k shortest loopless paths between two nodes (Yen's algorithm), shortest first; ties
// broken by the node sequence so the answer is the same on every run.
#include <cstdint>
#include <vector>

#include "pathscope/graph.hpp"
#include "pathscope/job.hpp"
#include "pathscope/path.hpp"

namespace pathscope {

// Up to k paths (fewer when fewer simple paths exist; none when t is unreachable). Each path
// is simple (no node twice) and differs from the others in its node sequence. Arc costs must
// not be negative (Error otherwise); s == t gives the one path of length 0. Checks `job`'s
// cancel flag between searches and reports progress per path found.
std::vector<Path> k_shortest_paths(const Graph& g, std::int32_t s, std::int32_t t, std::int32_t k,
                                   const JobContext& job = {});

}  // namespace pathscope
