#pragma once
// A fingerprint of a distance matrix: equal checksums mean equal matrices, whatever engine
// or distance type produced them (equal whole distances in int32, int64, hop16 or float give
// the same checksum).
//
// Each row is hashed on its own and the row hashes are combined in row order, so a matrix
// can be fingerprinted by all cores at once, or row block by row block as it streams past
// (MatrixSink), without a second pass over it.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/apsp/apsp.hpp"

namespace pathscope {

std::uint64_t matrix_checksum(const ApspResult& r);  // all cores
std::string checksum_hex(std::uint64_t c);           // 16 hex digits

// The hash of row `row` (n cells of type `dist`, dense) that matrix_checksum combines.
std::uint64_t row_checksum(DistType dist, std::int64_t row, const void* cells, std::int64_t n);

// Row hashes collected as rows arrive, in any order (a row given again replaces its hash);
// total() is matrix_checksum of the matrix they came from.
class RowChecksums {
 public:
  RowChecksums(std::int64_t n, DistType dist) : dist_(dist), rows_(static_cast<std::size_t>(n), 0) {}
  // Rows [row0, row0 + rows), dense; uses all cores when the block is large.
  void add(std::int64_t row0, std::int64_t rows, const void* cells);
  void set(std::int64_t row, std::uint64_t hash) { rows_[static_cast<std::size_t>(row)] = hash; }
  std::uint64_t row(std::int64_t row) const { return rows_[static_cast<std::size_t>(row)]; }
  DistType dist() const { return dist_; }
  std::uint64_t total() const;

 private:
  DistType dist_;
  std::vector<std::uint64_t> rows_;
};

}  // namespace pathscope
