#include "pathscope/apsp/checksum.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "pathscope/apsp/detail/row_hash.hpp"
#include "pathscope/graph/distance.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

using detail::canonical_cell;
using detail::kRowHashLanes;
using detail::row_hash_mix;

template <class T>
std::uint64_t hash_row(std::int64_t row, const T* cells, std::int64_t n) {
  std::uint64_t lane[kRowHashLanes];
  for (int k = 0; k < kRowHashLanes; ++k) lane[k] = detail::row_hash_seed(k, row);
  std::int64_t j = 0;
  for (; j + kRowHashLanes <= n; j += kRowHashLanes)
    for (int k = 0; k < kRowHashLanes; ++k) lane[k] = row_hash_mix(lane[k], canonical_cell(cells[j + k]));
  for (int k = 0; j < n; ++j, ++k) lane[k] = row_hash_mix(lane[k], canonical_cell(cells[j]));
  return detail::row_hash_combine(lane);
}

const void* row_start(const void* cells, DistType dist, std::int64_t row, std::int64_t n) {
  return static_cast<const char*>(cells) + static_cast<std::size_t>(row) * static_cast<std::size_t>(n) * dist_type_bytes(dist);
}

}  // namespace

std::uint64_t row_checksum(DistType dist, std::int64_t row, const void* cells, std::int64_t n) {
  switch (dist) {
    case DistType::Int32: return hash_row(row, static_cast<const std::int32_t*>(cells), n);
    case DistType::Int64: return hash_row(row, static_cast<const std::int64_t*>(cells), n);
    case DistType::Float32: return hash_row(row, static_cast<const float*>(cells), n);
    case DistType::Hop16: return hash_row(row, static_cast<const std::uint16_t*>(cells), n);
  }
  return 0;
}

void RowChecksums::add(std::int64_t row0, std::int64_t rows, const void* cells) {
  const std::int64_t n = static_cast<std::int64_t>(rows_.size());
  // Forking a team costs more than hashing a few thousand cells.
#pragma omp parallel for schedule(dynamic, 1) if (rows * n >= (std::int64_t{1} << 16))
  for (std::int64_t r = 0; r < rows; ++r)
    rows_[static_cast<std::size_t>(row0 + r)] = row_checksum(dist_, row0 + r, row_start(cells, dist_, r, n), n);
}

std::uint64_t RowChecksums::total() const {
  std::uint64_t h = row_hash_mix(0x5EED, static_cast<std::uint64_t>(rows_.size()));
  for (const std::uint64_t row : rows_) h = row_hash_mix(h, row);
  return h;
}

std::uint64_t matrix_checksum(const ApspResult& r) {
  if (r.checksum) return *r.checksum;
  RowChecksums rows(r.n, r.dist);
  const void* cells = nullptr;
  switch (r.dist) {
    case DistType::Int32: cells = r.d32.data(); break;
    case DistType::Int64: cells = r.d64.data(); break;
    case DistType::Float32: cells = r.df.data(); break;
    case DistType::Hop16: cells = r.d16.data(); break;
  }
  const auto cell_count = static_cast<std::size_t>(r.n) * static_cast<std::size_t>(r.n);
  const std::size_t held = r.dist == DistType::Int32 ? r.d32.size()
                           : r.dist == DistType::Int64 ? r.d64.size()
                           : r.dist == DistType::Float32 ? r.df.size()
                                                         : r.d16.size();
  if (held != cell_count)
    throw Error("the checksum needs the whole matrix, and this result holds " + std::to_string(held) + " of its " +
                std::to_string(cell_count) + " cells" + (r.rows_in_sink ? " (its rows went to an output)" : ""));
  if (r.n > 0) rows.add(0, r.n, cells);
  return rows.total();
}

std::string checksum_hex(std::uint64_t c) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(c));
  return buf;
}

}  // namespace pathscope
