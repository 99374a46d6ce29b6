#include "pathscope/tsp/detail/held_karp_support.hpp"

#include "pathscope/runtime/memory_budget.hpp"
#include "pathscope/tsp/detail/typed_costs.hpp"
#include "pathscope/tsp/tsp_walk.hpp"

namespace pathscope {

std::uint64_t held_karp_bytes(std::int32_t k, std::uint64_t entry_bytes) {
  if (k < 2) return 0;
  if (k - 1 >= 58) return 0;
  const long double bytes = static_cast<long double>(tsp_detail::held_karp_entries(k)) * entry_bytes;
  return bytes > 1.8e19L ? 0 : static_cast<std::uint64_t>(bytes);
}

std::int32_t held_karp_max_k(std::uint64_t budget, std::uint64_t entry_bytes) {
  std::int32_t k = 2;
  while (k + 1 <= tsp_walk::kMaxHeldKarpStops) {
    const auto need = held_karp_bytes(k + 1, entry_bytes);
    if (need == 0 || need > budget) break;
    ++k;
  }
  return k;
}

std::uint64_t held_karp_entry_bytes(const TspInstance& instance) {
  return tsp_detail::cost_kind_bytes(tsp_detail::choose_cost_kind(instance));
}

namespace tsp_detail {

double held_karp_transitions(std::int32_t k) {
  const int m = k - 1;
  double total = 0;
  for (int s = 2; s <= m; ++s) total += static_cast<double>(tsp_walk::binomial(m, s)) * s * (s - 1);
  return total;
}

void check_held_karp_budget(const TspInstance& instance, std::uint64_t budget, const std::string& what) {
  const std::uint64_t entry = held_karp_entry_bytes(instance);
  const std::string entry_text = std::to_string(entry) + "-byte";
  if (instance.k > tsp_walk::kMaxHeldKarpStops)
    throw OverBudget(instance.name + ": Held-Karp handles at most " + std::to_string(tsp_walk::kMaxHeldKarpStops) +
                     " stops (" + std::to_string(instance.k) + " given); use 2opt");
  const std::uint64_t need = held_karp_bytes(instance.k, entry);
  if (need <= budget) return;
  throw OverBudget(instance.name + ": Held-Karp for " + std::to_string(instance.k) + " stops needs 2^" +
                   std::to_string(instance.k - 1) + " x " + std::to_string(instance.k - 1) + " " + entry_text +
                   " entries = " + format_bytes(need) + ", " + what + " " + format_bytes(budget) +
                   "; the largest number of stops that fits is " + std::to_string(held_karp_max_k(budget, entry)) +
                   " (use 2opt for more)");
}

}  // namespace tsp_detail
}  // namespace pathscope
