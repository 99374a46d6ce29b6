#pragma once
// An all-pairs table saved by `apsp --out D.npy` (or D.zarr), opened again without
// recomputing: a .npy file is memory-mapped, its header checked against the graph it belongs
// to, and rows or cells read in place. A 139k-node hop16 table is 38.8 GB; only the pages a
// question touches are read. A Zarr table (zarr_table.hpp) answers the same questions from
// the chunks they touch, each mapped (plain) or decompressed (zstd) when first needed.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pathscope/graph/distance.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope {

namespace detail {
class ZarrChunks;
}

class SavedTable {
 public:
  // Maps the file read-only. Throws Error naming the file for anything but a C-order square
  // 2-D .npy of '<u2' (hop16), '<i4', '<i8' or '<f4' whose size matches its header, and for a
  // fingerprint file beside it ("D.npy.fingerprint", written by `apsp --out`) that is damaged
  // or describes another table. A folder is read as a Zarr table: refused, naming the folder,
  // without `.zarray` (incomplete), for metadata pathscope does not read (zarr_metadata.hpp)
  // or `.zattrs` describing another table; a missing or damaged chunk is named when a question
  // first touches it.
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
  // float), for loops that read many cells of one row. For a Zarr table the row is gathered
  // from its chunks into a buffer of the calling thread, valid until that thread's next
  // row_data call.
  const void* row_data(std::int64_t u) const;
  // The raw cell (dist_type_bytes(type()) bytes) into `out`: for walks that read single cells
  // of many rows, which need not gather whole rows of a Zarr table.
  void copy_cell(std::int64_t u, std::int64_t v, void* out) const;
  bool is_zarr() const { return zarr_ != nullptr; }

 private:
  void release() noexcept;
  void open_zarr();
  void check_range(std::int64_t u, const char* what) const;

  std::string path_;
  std::string graph_sha256_;  // from the fingerprint file; empty without one
  std::int64_t n_ = 0;
  DistType type_ = DistType::Hop16;
  std::size_t value_bytes_ = 2;
  void* map_ = nullptr;
  std::size_t map_bytes_ = 0;
  const unsigned char* data_ = nullptr;
  std::shared_ptr<const detail::ZarrChunks> zarr_;
  std::uint64_t serial_ = 0;  // tells this table's rows from another's in a thread's row buffer
};

// The value of a raw cell as a double, +inf for the type's unreachable value.
double saved_cell_value(DistType type, const void* row, std::int64_t v);

}  // namespace pathscope
