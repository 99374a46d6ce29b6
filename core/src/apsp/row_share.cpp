#include "pathscope/apsp/row_share.hpp"

#include <algorithm>

namespace pathscope {

std::vector<RowRange> RowShare::ranges(std::int64_t n) const {
  std::vector<RowRange> out;
  for (std::int64_t first = std::int64_t(rank) * band; first < n; first += std::int64_t(ranks) * band)
    out.push_back({first, std::min(band, n - first)});
  return out;
}

std::uint64_t job_matrix_checksum(ProcessJob& job, const RowChecksums& mine, std::int64_t n, std::int64_t band) {
  const int ranks = job.world_size();
  std::vector<std::uint64_t> hashes;
  for (const RowRange& range : RowShare{job.rank(), ranks, band}.ranges(n))
    for (std::int64_t row = range.first; row < range.first + range.count; ++row) hashes.push_back(mine.row(row));
  const std::vector<std::uint64_t> all = job.all_gather(hashes);
  RowChecksums whole(n, mine.dist());
  std::size_t at = 0;
  for (int k = 0; k < ranks; ++k)
    for (const RowRange& range : RowShare{k, ranks, band}.ranges(n))
      for (std::int64_t row = range.first; row < range.first + range.count; ++row) whole.set(row, all.at(at++));
  return whole.total();
}

}  // namespace pathscope
