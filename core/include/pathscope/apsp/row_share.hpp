#pragma once
// Which rows of an all-pairs result a process of a job hands on (to its output, to its part of
// the fingerprint): bands of `band` rows dealt round-robin, band b to rank b mod ranks. Bands
// match the output's own (a Zarr table's chunk rows), so each process writes whole chunks and
// no two write the same file.
#include <cstdint>
#include <vector>

#include "pathscope/apsp/checksum.hpp"
#include "pathscope/cluster/process_job.hpp"

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

// The whole matrix's checksum (matrix_checksum), agreed by every process of `job`: each hands
// the hashes of its share's rows (`mine` holds them; the others' rows are ignored), and every
// process combines all of them in row order.
std::uint64_t job_matrix_checksum(ProcessJob& job, const RowChecksums& mine, std::int64_t n, std::int64_t band);

}  // namespace pathscope
