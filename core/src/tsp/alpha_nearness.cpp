#include "alpha_nearness.hpp"

#include <algorithm>
#include <limits>

namespace pathscope::tsp_detail {

std::vector<std::vector<std::int32_t>> alpha_nearest_neighbours(const TspInstance& instance, std::int32_t count,
                                                                int threads, const std::function<bool()>& stop) {
  const std::int32_t k = instance.k;
  count = std::max(0, std::min(count, k - 1));
  std::vector<std::vector<std::int32_t>> out(k);
  if (k < 2) return out;
  // Prim's minimum spanning tree on the dense matrix: each city's parent, and the cities in the
  // order they joined (every parent before its children).
  std::vector<std::int32_t> parent(k, -1), order;
  std::vector<double> best(k, std::numeric_limits<double>::infinity());
  std::vector<char> in_tree(k, 0);
  best[0] = 0;
  for (std::int32_t step = 0; step < k; ++step) {
    if (step % 256 == 0 && stop()) return out;
    std::int32_t next = -1;
    for (std::int32_t c = 0; c < k; ++c)
      if (!in_tree[c] && (next < 0 || best[c] < best[next])) next = c;
    in_tree[next] = 1;
    order.push_back(next);
    for (std::int32_t c = 0; c < k; ++c)
      if (!in_tree[c] && instance.at(next, c) < best[c]) {
        best[c] = instance.at(next, c);
        parent[c] = next;
      }
  }
#pragma omp parallel num_threads(threads)
  {
    std::vector<double> beta(k);
    std::vector<char> on_path(k);
    std::vector<std::pair<double, std::int32_t>> ranked;
#pragma omp for schedule(dynamic, 16)
    for (std::int32_t a = 0; a < k; ++a) {
      if (stop()) continue;
      // beta[b]: the costliest tree arc on the path from a to b: along a's path to the root first,
      // then down from each city's parent (Helsgaun's order, O(k) for each a).
      std::fill(on_path.begin(), on_path.end(), 0);
      beta[a] = -std::numeric_limits<double>::infinity();
      on_path[a] = 1;
      for (std::int32_t c = a; parent[c] >= 0; c = parent[c]) {
        beta[parent[c]] = std::max(beta[c], instance.at(c, parent[c]));
        on_path[parent[c]] = 1;
      }
      for (const std::int32_t c : order)
        if (!on_path[c]) beta[c] = std::max(beta[parent[c]], instance.at(c, parent[c]));
      ranked.clear();
      for (std::int32_t b = 0; b < k; ++b)
        if (b != a) ranked.emplace_back(instance.at(a, b) - beta[b], b);
      std::nth_element(ranked.begin(), ranked.begin() + count, ranked.end(), [&](const auto& x, const auto& y) {
        if (x.first != y.first) return x.first < y.first;
        const double cx = instance.at(a, x.second), cy = instance.at(a, y.second);
        return cx != cy ? cx < cy : x.second < y.second;
      });
      ranked.resize(count);
      // Nearest first within the list, as the searches' early stops assume.
      std::sort(ranked.begin(), ranked.end(), [&](const auto& x, const auto& y) {
        const double cx = instance.at(a, x.second), cy = instance.at(a, y.second);
        return cx != cy ? cx < cy : x.second < y.second;
      });
      out[a].resize(count);
      for (std::int32_t i = 0; i < count; ++i) out[a][i] = ranked[i].second;
    }
  }
  return out;
}

}  // namespace pathscope::tsp_detail
