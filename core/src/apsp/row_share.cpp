#include "pathscope/apsp/row_share.hpp"

#include <algorithm>

namespace pathscope {

std::vector<RowRange> RowShare::ranges(std::int64_t n) const {
  std::vector<RowRange> out;
  for (std::int64_t first = std::int64_t(rank) * band; first < n; first += std::int64_t(ranks) * band)
    out.push_back({first, std::min(band, n - first)});
  return out;
}

}  // namespace pathscope
