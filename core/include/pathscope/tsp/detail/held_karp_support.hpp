#pragma once
// What the CPU and GPU Held-Karp share on the host: the size checks and the tour rebuilt from
// the finished table.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

inline std::uint64_t held_karp_entries(std::int32_t k) {
  const std::uint64_t m = static_cast<std::uint64_t>(k - 1);
  return (std::uint64_t{1} << m) * m;
}

// Transitions dp[S\{j}][i] -> dp[S][j]: sum over sizes s of C(m, s) * s * (s - 1).
double held_karp_transitions(std::int32_t k);

// Throws OverBudget when the table does not fit, naming the need, the budget and the largest
// k that fits; `what` names the budget ("memory budget", "GPU memory").
void check_held_karp_budget(const TspInstance& instance, std::uint64_t budget, const std::string& what);

// Walks back from the full set: the stop before j is an i whose entry plus c[i][j] equals the
// entry of j. The comparison is exact because it redoes the very sum the table kept.
// row(subset) returns the m entries of one subset (a pointer into the table, or a copy
// fetched from the device), so only k rows ever leave the GPU.
template <typename Cost, typename RowFn>
std::vector<std::int32_t> held_karp_tour(const Cost* c, std::int32_t k, RowFn&& row) {
  const int m = k - 1;
  std::uint32_t subset = m >= 32 ? 0xFFFFFFFFu : ((1u << m) - 1);
  std::vector<Cost> here_row(m), before_row(m);
  auto load = [&](std::uint32_t s, std::vector<Cost>& into) {
    const Cost* r = row(s);
    into.assign(r, r + m);
  };
  load(subset, here_row);
  int last = -1;
  Cost best = Cost(0);
  for (int j = 0; j < m; ++j) {
    const Cost total = here_row[j] + c[(j + 1) * k];
    if (last < 0 || total < best) best = total, last = j;
  }
  std::vector<std::int32_t> reversed;
  while (last >= 0) {
    reversed.push_back(last + 1);
    const std::uint32_t before = subset & ~(1u << last);
    if (before == 0) break;
    load(before, before_row);
    int previous = -1;
    for (int i = 0; i < m; ++i)
      if ((before >> i & 1u) && before_row[i] + c[(i + 1) * k + last + 1] == here_row[last]) {
        previous = i;
        break;
      }
    if (previous < 0) throw Error("Held-Karp: the table does not lead back to stop 0 (internal error)");
    subset = before;
    last = previous;
    here_row.swap(before_row);
  }
  std::vector<std::int32_t> tour{0};
  tour.insert(tour.end(), reversed.rbegin(), reversed.rend());
  return tour;
}

}  // namespace pathscope::tsp_detail
