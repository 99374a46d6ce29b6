#pragma once
// An all-pairs table as a Zarr v2 array: a folder "D.zarr" holding `.zarray` (shape, square
// chunks, the .npy's dtype, C order, plain or zstd chunks), `.zattrs` (what pathscope checks:
// the graph's fingerprint, the distance type, the unreachable value) and one file per chunk,
// "i.j". zarr-python, dask.array.from_zarr and tensorstore open it as it is; numpy reads a
// plain chunk with np.fromfile (docs/zarr-tables.md says why this layout).
//
// Several processes may fill one table in a shared folder: one calls begin_zarr_table, then
// any process writes any chunk (each under a temporary name, renamed when whole), then one
// calls finish_zarr_table once every chunk was written. `.zarray` is written last, so a
// folder that holds it is a complete table: zarr readers, which read a missing chunk as its
// fill value, never see a half-written one.
#include <cstddef>
#include <cstdint>
#include <string>

#include "pathscope/graph/distance.hpp"
#include "pathscope/graph/graph.hpp"

namespace pathscope {

inline constexpr int kMaxZarrZstdLevel = 19;

struct ZarrTableLayout {
  std::int64_t n = 0;
  DistType dist = DistType::Int32;
  std::int64_t chunk = 1;    // side of the square chunks (the last row and column are padded)
  int zstd_level = 0;        // 0: chunks stored plain; 1..kMaxZarrZstdLevel: zstd
  std::string graph_sha256;  // the graph the table was computed on; empty: not a graph's table

  std::int64_t chunks_per_side() const { return n == 0 ? 0 : (n + chunk - 1) / chunk; }
  // The real rows (or columns) of chunk row (or column) i: `chunk`, less in the last one.
  std::int64_t extent(std::int64_t i) const { return i + 1 < chunks_per_side() ? chunk : n - i * chunk; }
  std::size_t chunk_bytes() const { return static_cast<std::size_t>(chunk * chunk) * dist_type_bytes(dist); }
};

// The default chunk side for n nodes: the matrix cut into ceil(n / 4096) chunks a side, each
// side rounded up to whole 128-cell tiles (the GPU engines' tile), never more than n.
std::int64_t default_zarr_chunk_side(std::int64_t n);

// A table of g in `dist`, with the graph's fingerprint. chunk_side 0: the default. Throws
// Error for a side below 1 or a zstd level outside 0..kMaxZarrZstdLevel.
ZarrTableLayout zarr_table_layout(const Graph& g, DistType dist, std::int64_t chunk_side, int zstd_level);
// The same without a graph (a matrix that is not a graph's distance table).
ZarrTableLayout zarr_matrix_layout(std::int64_t n, DistType dist, std::int64_t chunk_side, int zstd_level);

// One process, before any chunk: makes the folder (its parent must exist), or empties one that
// holds an earlier table of chunks and metadata. Refuses a file, or a folder holding anything
// but a Zarr table's files, so a mistyped name never empties someone's folder.
void begin_zarr_table(const std::string& folder, const ZarrTableLayout& layout);

// Any process, any chunk (ci, cj) of the grid, once each: the chunk's real cells (extent(ci)
// rows of extent(cj) cells, row r at cells + r * row_stride_bytes), padded with the
// unreachable value to a whole chunk, compressed if the layout says so, written under a
// temporary name and renamed. Throws Error naming the chunk's file; Cancelled after a cancel.
void write_zarr_chunk(const std::string& folder, const ZarrTableLayout& layout, std::int64_t ci, std::int64_t cj,
                      const void* cells, std::size_t row_stride_bytes);

// One process, after every chunk: checks that each exists (and that a plain one has its size),
// then writes `.zattrs` and `.zarray`, `.zarray` last. Throws Error naming the first missing
// chunk and how many are missing.
void finish_zarr_table(const std::string& folder, const ZarrTableLayout& layout);

// True for a name ending in ".zarr" (with or without a trailing slash).
bool is_zarr_table_name(const std::string& path);

}  // namespace pathscope
