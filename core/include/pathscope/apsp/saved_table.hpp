#pragma once
// An all-pairs table saved by `apsp --out D.npy`, opened again without recomputing: the file is
// memory-mapped, its header checked against the graph it belongs to, and rows or cells read
// in place. A 139k-node hop16 table is 38.8 GB; only the pages a question touches are read.
#include <cstdint>
#include <string>
#include <vector>

#include "pathscope/graph/distance.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope {

class SavedTable {
 public:
  // Maps the file read-only. Throws Error naming the file for anything but a C-order square
  // 2-D .npy of '<u2' (hop16), '<i4', '<i8' or '<f4' whose size matches its header, and for a
  // fingerprint file beside it ("D.npy.fingerprint", written by `apsp --out`) that is damaged
  // or describes another table.
  explicit SavedTable(const std::string& path);
  ~SavedTable();
  SavedTable(const SavedTable&) = delete;
  SavedTable& operator=(const SavedTable&) = delete;
  SavedTable(SavedTable&& other) noexcept;
  SavedTable& operator=(SavedTable&& other) noexcept;

  const std::string& path() const { return path_; }
  std::int64_t n() const { return n_; }
  DistType type() const { return type_; }

  // Throws Error unless the table has one row per node of g ("D.npy has 1000 rows but
  // graph.csv has 999 nodes: the table belongs to another graph"), and, when the table has a
  // fingerprint file, unless it was computed on this very graph: the same nodes, arcs, costs
  // (after the cost rule) and self-loops.
  void check_matches(const Graph& g, const std::string& graph_name) const;
  // False for a table without a fingerprint file (written before tables had one, or by another
  // program): check_matches() can then compare only the node count.
  bool has_fingerprint() const { return !graph_sha256_.empty(); }
  // Empty for a table with a fingerprint; otherwise the warning every front end shows when it
  // uses such a table for graph_name (it is used, not refused: tables take long to compute).
  std::string unchecked_warning(const std::string& graph_name) const;

  // The distance from u to v: +inf when unreachable; int64 beyond 2^53 rounded.
  double cell(std::int64_t u, std::int64_t v) const;
  // Row u as doubles (+inf when unreachable), in `out` (resized to n).
  void row(std::int64_t u, std::vector<double>& out) const;
  // The raw row: n values of the file's type (std::uint16_t, std::int32_t, std::int64_t or
  // float), for loops that read many cells of one row.
  const void* row_data(std::int64_t u) const;

 private:
  void release() noexcept;

  std::string path_;
  std::string graph_sha256_;  // from the fingerprint file; empty without one
  std::int64_t n_ = 0;
  DistType type_ = DistType::Hop16;
  std::size_t value_bytes_ = 2;
  void* map_ = nullptr;
  std::size_t map_bytes_ = 0;
  const unsigned char* data_ = nullptr;
};

// The value of a raw cell as a double, +inf for the type's unreachable value.
double saved_cell_value(DistType type, const void* row, std::int64_t v);

}  // namespace pathscope
