#pragma once
// The two JSON files of a Zarr v2 all-pairs table (zarr_table.hpp): the text the writer puts
// in `.zarray` and `.zattrs`, and what the reader accepts back from them. One home for both
// sides, so what is written is always what is read.
#include <cstdint>
#include <optional>
#include <string>

#include "pathscope/apsp/zarr_table.hpp"

namespace pathscope::detail {

inline constexpr const char* kZarrArrayFile = ".zarray";
inline constexpr const char* kZarrAttrsFile = ".zattrs";

std::string zarray_text(const ZarrTableLayout& layout);
std::string zattrs_text(const ZarrTableLayout& layout);
// "i.j", the chunk's file inside the folder.
std::string zarr_chunk_name(std::int64_t i, std::int64_t j);
// True for a chunk's file name, or for one of its temporaries ("i.j.tmp-PID-K").
bool is_zarr_chunk_file_name(const std::string& name);

// What a reader needs from `.zarray`: any 2-D chunk shape, plain or zstd chunks.
struct ZarrArrayInfo {
  std::int64_t n = 0;
  DistType dist = DistType::Int32;
  std::int64_t chunk_rows = 1, chunk_cols = 1;
  bool zstd = false;
  char separator = '.';  // dimension_separator: "i.j" or "i/j"
};

// Throws Error naming `file` for JSON that is not a square 2-D C-order array of '<u2', '<i4',
// '<i8' or '<f4' with plain or zstd chunks and no filters.
ZarrArrayInfo parse_zarray(const std::string& text, const std::string& file);

// What `.zattrs` says about the table when pathscope wrote it: nothing for attributes of
// another program; throws Error naming `file` for pathscope's own entry damaged.
struct ZarrTableAttrs {
  std::int64_t nodes = 0;
  DistType dist = DistType::Int32;
  std::string graph_sha256;  // empty: a matrix not tied to a graph
};
std::optional<ZarrTableAttrs> parse_zattrs(const std::string& text, const std::string& file);

// The whole file, refused when it is larger than max_bytes (before anything is allocated).
// Nothing when it does not exist.
std::optional<std::string> read_small_file(const std::string& path, std::size_t max_bytes);

}  // namespace pathscope::detail
