#pragma once
// The chunks of a Zarr table read on demand, for SavedTable (saved_table.hpp): a plain chunk is
// memory-mapped, a zstd one decompressed; both are kept in a cache shared by the threads that
// ask (zstd chunks up to a byte budget, maps up to a count), so a question touches only the
// chunks it needs and a row read many times is not decompressed each time.
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "apsp/zarr_metadata.hpp"

namespace pathscope::detail {

class ZarrChunks {
 public:
  // Reads and checks `.zarray` and `.zattrs`; opens no chunk. Throws Error naming the folder.
  explicit ZarrChunks(std::string folder);
  ~ZarrChunks();
  ZarrChunks(const ZarrChunks&) = delete;
  ZarrChunks& operator=(const ZarrChunks&) = delete;

  const ZarrArrayInfo& info() const { return info_; }
  const std::optional<ZarrTableAttrs>& attrs() const { return attrs_; }

  // The cell's raw value (dist_type_bytes of the table's type) into `out`.
  void copy_cell(std::int64_t u, std::int64_t v, void* out) const;
  // Row u's n raw values into `out`.
  void copy_row(std::int64_t u, void* out) const;

 private:
  struct Chunk;
  std::shared_ptr<const Chunk> chunk(std::int64_t i, std::int64_t j) const;
  std::shared_ptr<const Chunk> load(std::int64_t i, std::int64_t j) const;

  std::string folder_;
  ZarrArrayInfo info_;
  std::optional<ZarrTableAttrs> attrs_;
  std::size_t value_bytes_ = 4;
  std::int64_t grid_cols_ = 0;
  std::size_t budget_bytes_ = 0;

  mutable std::mutex lock_;
  mutable std::list<std::int64_t> recent_;  // chunk keys, most recent first
  struct Held {
    std::shared_ptr<const Chunk> chunk;
    std::list<std::int64_t>::iterator place;
  };
  mutable std::unordered_map<std::int64_t, Held> held_;
  mutable std::size_t held_bytes_ = 0;
};

}  // namespace pathscope::detail
