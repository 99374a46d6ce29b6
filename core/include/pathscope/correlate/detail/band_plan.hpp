#pragma once
// Where a correlation run over several GPUs cuts the upper triangle into bands of rows. Band
// [a, b) is computed as the rectangle of rows [a, b) by columns [a, padded): its cost is
// (b - a) * (padded - a), so bands of one height cost less and less down the triangle, and
// dealing them round-robin leaves the first ranks the most work. Cut to equal costs instead,
// every rank's share of a round-robin deal costs the same, and the ranks also reach each
// band index together, which is the order their survivors go to the sink in.
#include <cstdint>
#include <vector>

namespace pathscope::correlate {

// The edges of at most `bands` bands over rows [0, round_up(rows, tile)), heights multiples of
// `tile` and at most `max_height` (itself a multiple of `tile`), cut so that the costliest
// band costs as little as those rules allow: edges[k] is where band k starts, edges.back()
// where the last one ends.
std::vector<std::int64_t> equal_cost_band_edges(std::int64_t rows, std::int64_t padded, std::int64_t bands,
                                                std::int64_t tile, std::int64_t max_height);

// The cost of band [begin, end) in a triangle padded to `padded` columns.
inline double band_cost(std::int64_t begin, std::int64_t end, std::int64_t padded) {
  return static_cast<double>(end - begin) * static_cast<double>(padded - begin);
}

}  // namespace pathscope::correlate
