#pragma once
// Which rows of an all-pairs result a process of a job hands on (to its output, to its part of
// the fingerprint): bands of `band` rows dealt round-robin, band b to rank b mod ranks. Bands
// match the output's own (a Zarr table's chunk rows), so each process writes whole chunks and
// no two write the same file.
#include <cstdint>
#include <vector>

namespace pathscope {

struct RowRange {
  std::int64_t first = 0, count = 0;
  friend bool operator==(const RowRange&, const RowRange&) = default;
};

struct RowShare {
  int rank = 0;
  int ranks = 1;
  std::int64_t band = 1;  // rows per band, >= 1

  bool owns(std::int64_t row) const { return (row / band) % ranks == rank; }
  // This rank's rows of an n-row matrix, one range per band, in row order.
  std::vector<RowRange> ranges(std::int64_t n) const;
};

}  // namespace pathscope
