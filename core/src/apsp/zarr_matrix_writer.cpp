// One process's Zarr table as a sink (ZarrMatrixWriter, zarr_matrix_writer.hpp).
#include "pathscope/apsp/zarr_matrix_writer.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <map>
#include <vector>

#include "pathscope/apsp/checksum.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

struct ZarrMatrixWriter::Impl {
  struct Band {
    std::vector<unsigned char> cells;  // extent rows of n cells
    std::vector<char> given;
    std::int64_t given_count = 0;
  };

  Impl(std::string folder, ZarrTableLayout layout, RowShare share)
      : folder(std::move(folder)), layout(std::move(layout)), share(share), hashes(this->layout.n, this->layout.dist),
        written(static_cast<std::size_t>(this->layout.chunks_per_side()), 0) {}

  std::string folder;
  ZarrTableLayout layout;
  RowShare share;
  RowChecksums hashes;
  std::map<std::int64_t, Band> open;  // bands with some rows given, not yet written
  std::vector<char> written;

  std::size_t row_bytes() const { return static_cast<std::size_t>(layout.n) * dist_type_bytes(layout.dist); }

  void write_band(std::int64_t b, const Band& band) {
    const std::int64_t grid = layout.chunks_per_side();
    const std::size_t chunk_offset = static_cast<std::size_t>(layout.chunk) * dist_type_bytes(layout.dist);
    std::exception_ptr failure;
#pragma omp parallel for schedule(dynamic, 1) if (grid > 1)
    for (std::int64_t cj = 0; cj < grid; ++cj) {
      try {
        write_zarr_chunk(folder, layout, b, cj, band.cells.data() + static_cast<std::size_t>(cj) * chunk_offset, row_bytes());
      } catch (...) {
#pragma omp critical(zarr_band_failure)
        if (!failure) failure = std::current_exception();
      }
    }
    if (failure) std::rethrow_exception(failure);
    written[static_cast<std::size_t>(b)] = 1;
  }

  void put(std::int64_t row0, std::int64_t rows, const unsigned char* cells) {
    throw_if_writes_cancelled();
    if (row0 < 0 || rows < 0 || row0 + rows > layout.n)
      throw Error("rows " + std::to_string(row0) + " to " + std::to_string(row0 + rows) + " are outside the " +
                  std::to_string(layout.n) + "-row matrix written to " + folder);
    if (rows == 0) return;
    for (std::int64_t b = row0 / layout.chunk; b <= (row0 + rows - 1) / layout.chunk; ++b)
      if (!share.owns(b * layout.chunk))
        throw Error("rows " + std::to_string(row0) + " to " + std::to_string(row0 + rows) + " of " + folder +
                    " belong to rank " + std::to_string(b % share.ranks) + " of the job, not to rank " +
                    std::to_string(share.rank));
    // A share's rows are hashed where the job assembles them (its checksum covers every rank's).
    if (share.ranks == 1) hashes.add(row0, rows, cells);
    for (std::int64_t r = row0; r < row0 + rows;) {
      const std::int64_t b = r / layout.chunk, first = b * layout.chunk;
      const std::int64_t end = std::min(row0 + rows, first + layout.extent(b));
      Band& band = open[b];
      if (band.cells.empty()) {
        band.cells.resize(static_cast<std::size_t>(layout.extent(b)) * row_bytes());
        band.given.assign(static_cast<std::size_t>(layout.extent(b)), 0);
      }
      std::memcpy(band.cells.data() + static_cast<std::size_t>(r - first) * row_bytes(),
                  cells + static_cast<std::size_t>(r - row0) * row_bytes(), static_cast<std::size_t>(end - r) * row_bytes());
      for (std::int64_t k = r - first; k < end - first; ++k) {
        band.given_count += band.given[static_cast<std::size_t>(k)] == 0;
        band.given[static_cast<std::size_t>(k)] = 1;
      }
      if (band.given_count == layout.extent(b)) {
        write_band(b, band);
        open.erase(b);
      }
      r = end;
    }
  }
};

ZarrMatrixWriter::ZarrMatrixWriter(std::string folder, ZarrTableLayout layout)
    : ZarrMatrixWriter(std::move(folder), layout, RowShare{0, 1, layout.chunk}) {}

ZarrMatrixWriter::ZarrMatrixWriter(std::string folder, ZarrTableLayout layout, RowShare share)
    : MatrixSink(static_cast<std::int32_t>(layout.n), layout.dist),
      impl_(std::make_unique<Impl>(std::move(folder), std::move(layout), share)) {
  if (share.band != impl_->layout.chunk || share.ranks < 1 || share.rank < 0 || share.rank >= share.ranks)
    throw Error("a share of " + impl_->folder + " must be bands of its chunk side " + std::to_string(impl_->layout.chunk) +
                " dealt to a rank below the number of ranks");
  if (share.rank == 0) begin_zarr_table(impl_->folder, impl_->layout);
}

std::int64_t ZarrMatrixWriter::row_band() const { return impl_->layout.chunk; }

ZarrMatrixWriter::~ZarrMatrixWriter() = default;

void ZarrMatrixWriter::put_rows(std::int64_t row0, std::int64_t rows, const void* cells) {
  impl_->put(row0, rows, static_cast<const unsigned char*>(cells));
}

void ZarrMatrixWriter::commit() {
  const ZarrTableLayout& layout = impl_->layout;
  if (!impl_->open.empty()) {
    const auto& [b, band] = *impl_->open.begin();
    const bool again = impl_->written[static_cast<std::size_t>(b)] != 0;
    throw Error("cannot finish " + impl_->folder + ": " + std::to_string(layout.extent(b) - band.given_count) + " of the " +
                std::to_string(layout.extent(b)) + " rows from " + std::to_string(b * layout.chunk) +
                (again ? " were not given again with the rest of their chunk band" : " were never computed"));
  }
  const RowShare& share = impl_->share;
  std::int64_t missing = 0;
  for (std::int64_t b = 0; b < layout.chunks_per_side(); ++b)
    if (share.owns(b * layout.chunk) && !impl_->written[static_cast<std::size_t>(b)]) missing += layout.extent(b);
  if (missing > 0)
    throw Error("cannot finish " + impl_->folder + ": " + std::to_string(missing) + " of its " +
                std::to_string(layout.n) + " rows were never computed" +
                (share.ranks > 1 ? " by rank " + std::to_string(share.rank) : std::string()));
  if (share.ranks == 1) finish_zarr_table(impl_->folder, layout);
}

std::uint64_t ZarrMatrixWriter::checksum() const { return impl_->hashes.total(); }

const ZarrTableLayout& ZarrMatrixWriter::layout() const { return impl_->layout; }

const std::string& ZarrMatrixWriter::folder() const { return impl_->folder; }

}  // namespace pathscope
