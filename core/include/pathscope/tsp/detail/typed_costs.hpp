#pragma once
// The exact solvers add costs in the narrowest type that cannot overflow or round: int16 or
// int32 when k * (largest |cost|) fits, int64 for other whole numbers, double for fractional
// costs. Narrow entries matter for Held-Karp, whose table is bounded by memory and bandwidth.
// Shared by the CPU solvers and the CUDA host code so both pick the same arithmetic.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "pathscope/tsp/tsp.hpp"

namespace pathscope::tsp_detail {

enum class CostKind { Int16, Int32, Int64, Double };

inline CostKind choose_cost_kind(const TspInstance& instance) {
  if (!instance.integer_costs) return CostKind::Double;
  double largest = 0;
  for (double c : instance.cost) largest = std::max(largest, std::fabs(c));
  // Any path sum has at most k + 1 terms; keep headroom so comparisons never wrap.
  const double bound = largest * (instance.k + 2);
  if (bound < static_cast<double>(std::numeric_limits<std::int16_t>::max())) return CostKind::Int16;
  if (bound < static_cast<double>(std::numeric_limits<std::int32_t>::max()) / 2) return CostKind::Int32;
  if (bound < 9.0e15) return CostKind::Int64;
  return CostKind::Double;
}

inline std::uint64_t cost_kind_bytes(CostKind kind) {
  return kind == CostKind::Int16 ? 2 : kind == CostKind::Int32 ? 4 : 8;
}
inline const char* cost_kind_name(CostKind kind) {
  return kind == CostKind::Int16 ? "int16" : kind == CostKind::Int32 ? "int32" : kind == CostKind::Int64 ? "int64" : "double";
}

template <typename Cost>
std::vector<Cost> typed_costs(const TspInstance& instance) {
  std::vector<Cost> out(instance.cost.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<Cost>(instance.cost[i]);
  return out;
}

template <typename Cost>
constexpr Cost worst_cost() {
  return std::numeric_limits<Cost>::has_infinity ? std::numeric_limits<Cost>::infinity()
                                                 : std::numeric_limits<Cost>::max();
}

}  // namespace pathscope::tsp_detail
