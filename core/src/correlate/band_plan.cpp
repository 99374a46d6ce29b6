#include "pathscope/correlate/detail/band_plan.hpp"

#include <algorithm>

namespace pathscope::correlate {

namespace {

// Bands cut greedily from the top, each as tall as `most` allows: the tallest first band
// costs no more than `most`, and so on down. Empty when a single tile row already costs more.
std::vector<std::int64_t> greedy_edges(std::int64_t top, std::int64_t padded, std::int64_t tile,
                                       std::int64_t max_height, double most) {
  std::vector<std::int64_t> edges{0};
  for (std::int64_t a = 0; a < top;) {
    const double row_cost = static_cast<double>(padded - a);
    auto tiles = static_cast<std::int64_t>(most / (row_cost * static_cast<double>(tile)));
    tiles = std::min({tiles, max_height / tile, (top - a) / tile});
    if (tiles < 1) return {};
    a += tiles * tile;
    edges.push_back(a);
  }
  return edges;
}

}  // namespace

std::vector<std::int64_t> equal_cost_band_edges(std::int64_t rows, std::int64_t padded, std::int64_t bands,
                                                std::int64_t tile, std::int64_t max_height) {
  const std::int64_t top = (std::max<std::int64_t>(rows, 1) + tile - 1) / tile * tile;
  padded = std::max(padded, top);
  max_height = std::max(tile, max_height / tile * tile);
  bands = std::max<std::int64_t>(bands, 1);
  // Bisection on the costliest band's cost: from one tile row of the full width (every plan
  // has one) to the cost of the whole as one band, or of the plan max_height alone forces.
  double low = static_cast<double>(tile) * static_cast<double>(padded);
  double high = std::max(band_cost(0, top, padded), low);
  std::vector<std::int64_t> best = greedy_edges(top, padded, tile, max_height, high);
  if (static_cast<std::int64_t>(best.size()) - 1 > bands) return best;  // max_height allows no fewer
  for (int step = 0; step < 100 && high - low > 0.5; ++step) {
    const double middle = 0.5 * (low + high);
    auto edges = greedy_edges(top, padded, tile, max_height, middle);
    if (!edges.empty() && static_cast<std::int64_t>(edges.size()) - 1 <= bands) {
      high = middle;
      best = std::move(edges);
    } else {
      low = middle;
    }
  }
  return best;
}

}  // namespace pathscope::correlate
