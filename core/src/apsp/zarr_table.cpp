// Zarr v2 tables written chunk by chunk, by one process or several (zarr_table.hpp).
#include "pathscope/apsp/zarr_table.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <vector>

#include "apsp/table_fingerprint.hpp"
#include "apsp/zarr_metadata.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

constexpr std::int64_t kDefaultChunkSide = 4096;
constexpr std::int64_t kTile = 128;
// A chunk is held whole in memory by writer and reader: 2 GiB is far above the default's
// 128 MB (int64) and keeps a mistyped side from asking for more than a host has.
constexpr std::uint64_t kMaxChunkBytes = std::uint64_t{2} << 30;

std::string chunk_path(const std::string& folder, std::int64_t i, std::int64_t j) {
  return folder + "/" + detail::zarr_chunk_name(i, j);
}

void check_layout(const ZarrTableLayout& layout) {
  if (layout.n < 0 || layout.n > std::numeric_limits<std::int32_t>::max())
    throw Error("a Zarr table of " + std::to_string(layout.n) + " nodes: the count must be 0 to 2^31 - 1");
  if (layout.chunk < 1) throw Error("the chunk side of a Zarr table must be at least 1, not " + std::to_string(layout.chunk));
  if (layout.zstd_level < 0 || layout.zstd_level > kMaxZarrZstdLevel)
    throw Error("zstd level " + std::to_string(layout.zstd_level) + " is outside 0.." + std::to_string(kMaxZarrZstdLevel) +
                " (0: chunks stored plain)");
  const auto side = static_cast<std::uint64_t>(layout.chunk);
  if (side > kMaxChunkBytes || side * side > kMaxChunkBytes / dist_type_bytes(layout.dist))
    throw Error("a Zarr chunk of " + std::to_string(layout.chunk) + " x " + std::to_string(layout.chunk) + " " +
                dist_type_name(layout.dist) + " cells is more than " + std::to_string(kMaxChunkBytes >> 30) +
                " GiB: choose a smaller side");
}

void fill_unreachable(unsigned char* cells, std::size_t count, DistType dist) {
  const auto fill = [&](auto value) {
    using T = decltype(value);
    for (std::size_t k = 0; k < count; ++k) std::memcpy(cells + k * sizeof(T), &value, sizeof(T));
  };
  switch (dist) {
    case DistType::Int32: fill(kUnreachableI32); break;
    case DistType::Int64: fill(kUnreachableI64); break;
    case DistType::Float32: fill(kUnreachableF32); break;
    case DistType::Hop16: fill(kUnreachableU16); break;
  }
}

}  // namespace

std::int64_t default_zarr_chunk_side(std::int64_t n) {
  if (n <= 0) return 1;
  const std::int64_t per_side = (n + kDefaultChunkSide - 1) / kDefaultChunkSide;
  const std::int64_t even = (n + per_side - 1) / per_side;
  return std::min(n, (even + kTile - 1) / kTile * kTile);
}

ZarrTableLayout zarr_matrix_layout(std::int64_t n, DistType dist, std::int64_t chunk_side, int zstd_level) {
  ZarrTableLayout layout;
  layout.n = n;
  layout.dist = dist;
  // A side beyond n only pads: the one chunk is cut to the matrix.
  layout.chunk = chunk_side == 0 ? default_zarr_chunk_side(n) : std::min(chunk_side, std::max<std::int64_t>(n, 1));
  if (chunk_side < 0) layout.chunk = chunk_side;  // refused just below, with the value given
  layout.zstd_level = zstd_level;
  check_layout(layout);
  return layout;
}

ZarrTableLayout zarr_table_layout(const Graph& g, DistType dist, std::int64_t chunk_side, int zstd_level) {
  ZarrTableLayout layout = zarr_matrix_layout(g.n, dist, chunk_side, zstd_level);
  layout.graph_sha256 = detail::graph_fingerprint(g);
  return layout;
}

void begin_zarr_table(const std::string& folder, const ZarrTableLayout& layout) {
  check_layout(layout);
  refuse_output_onto_input(folder + "/" + detail::kZarrArrayFile);
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0) {
    if (errno != ENOENT) throw Error("cannot write " + folder + ": " + std::strerror(errno));
    if (::mkdir(folder.c_str(), 0777) != 0 && errno != EEXIST)
      throw Error("cannot make the folder " + folder + ": " + std::strerror(errno));
    return;
  }
  if (!S_ISDIR(st.st_mode)) throw Error("cannot write the Zarr table " + folder + ": a file of that name exists");
  // The earlier table's files, metadata first: from the first removal on, no reader takes the
  // folder for a complete table.
  DIR* dir = ::opendir(folder.c_str());
  if (!dir) throw Error("cannot read the folder " + folder + ": " + std::strerror(errno));
  std::vector<std::string> ours, foreign;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    const bool metadata = name == detail::kZarrArrayFile || name == detail::kZarrAttrsFile ||
                          name.rfind(std::string(detail::kZarrArrayFile) + ".tmp-", 0) == 0 ||
                          name.rfind(std::string(detail::kZarrAttrsFile) + ".tmp-", 0) == 0;
    (metadata || detail::is_zarr_chunk_file_name(name) ? ours : foreign).push_back(name);
  }
  ::closedir(dir);
  if (!foreign.empty())
    throw Error("cannot write the Zarr table " + folder + ": the folder holds " + foreign.front() +
                (foreign.size() > 1 ? " and " + std::to_string(foreign.size() - 1) + " more files" : std::string()) +
                " that are not a table's; name a new folder or an earlier table");
  std::sort(ours.begin(), ours.end(), [](const std::string& a, const std::string& b) {
    return (a == detail::kZarrArrayFile) > (b == detail::kZarrArrayFile);
  });
  for (const auto& name : ours)
    if (std::remove((folder + "/" + name).c_str()) != 0 && errno != ENOENT)
      throw Error("cannot remove " + folder + "/" + name + " of the earlier table: " + std::strerror(errno));
}

void write_zarr_chunk(const std::string& folder, const ZarrTableLayout& layout, std::int64_t ci, std::int64_t cj,
                      const void* cells, std::size_t row_stride_bytes) {
  check_layout(layout);
  const std::int64_t grid = layout.chunks_per_side();
  const std::string path = chunk_path(folder, ci, cj);
  if (ci < 0 || cj < 0 || ci >= grid || cj >= grid)
    throw Error("cannot write " + path + ": the table has " + std::to_string(grid) + " x " + std::to_string(grid) + " chunks");
  const std::size_t value = dist_type_bytes(layout.dist);
  const auto side = static_cast<std::size_t>(layout.chunk);
  const auto rows = static_cast<std::size_t>(layout.extent(ci)), cols = static_cast<std::size_t>(layout.extent(cj));
  if (row_stride_bytes < cols * value)
    throw Error("cannot write " + path + ": rows " + std::to_string(row_stride_bytes) + " bytes apart overlap (" +
                std::to_string(cols) + " cells a row)");
  std::vector<unsigned char> whole(layout.chunk_bytes());
  const auto* from = static_cast<const unsigned char*>(cells);
  for (std::size_t r = 0; r < rows; ++r) {
    std::memcpy(whole.data() + r * side * value, from + r * row_stride_bytes, cols * value);
    fill_unreachable(whole.data() + (r * side + cols) * value, side - cols, layout.dist);
  }
  fill_unreachable(whole.data() + rows * side * value, (side - rows) * side, layout.dist);
  AtomicFile out(path);
  if (layout.zstd_level == 0) {
    out.write(whole.data(), whole.size());
  } else {
    std::vector<unsigned char> packed(ZSTD_compressBound(whole.size()));
    const std::size_t bytes = ZSTD_compress(packed.data(), packed.size(), whole.data(), whole.size(), layout.zstd_level);
    if (ZSTD_isError(bytes)) throw Error("cannot compress " + path + ": " + ZSTD_getErrorName(bytes));
    out.write(packed.data(), bytes);
  }
  out.commit();
}

void finish_zarr_table(const std::string& folder, const ZarrTableLayout& layout) {
  check_layout(layout);
  const std::int64_t grid = layout.chunks_per_side();
  std::int64_t missing = 0;
  std::string first;
  for (std::int64_t i = 0; i < grid; ++i)
    for (std::int64_t j = 0; j < grid; ++j) {
      const std::string path = chunk_path(folder, i, j);
      struct stat st {};
      const bool there = ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
      if (there && layout.zstd_level == 0 && static_cast<std::uint64_t>(st.st_size) != layout.chunk_bytes())
        throw Error("cannot finish the Zarr table " + folder + ": chunk " + detail::zarr_chunk_name(i, j) + " holds " +
                    std::to_string(st.st_size) + " bytes, not " + std::to_string(layout.chunk_bytes()));
      if (!there && missing++ == 0) first = detail::zarr_chunk_name(i, j);
    }
  if (missing > 0)
    throw Error("cannot finish the Zarr table " + folder + ": chunk " + first + (missing > 1 ? " and " + std::to_string(missing - 1) + " more" : std::string()) +
                " of its " + std::to_string(grid * grid) + " were never written");
  throw_if_writes_cancelled();
  AtomicFile attrs(folder + "/" + detail::kZarrAttrsFile), array(folder + "/" + detail::kZarrArrayFile);
  attrs.write(detail::zattrs_text(layout));
  array.write(detail::zarray_text(layout));
  commit_together({&attrs, &array});
}

bool is_zarr_table_name(const std::string& path) {
  std::string name = path;
  while (name.size() > 1 && name.back() == '/') name.pop_back();
  return name.size() > 5 && name.compare(name.size() - 5, 5, ".zarr") == 0;
}

}  // namespace pathscope
