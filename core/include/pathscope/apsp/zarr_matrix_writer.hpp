#pragma once
// `apsp --out D.zarr`: one process writes a whole Zarr table (zarr_table.hpp) as an all-pairs
// run's sink. Rows are gathered into bands one chunk high; a band complete, its chunks are
// written (and compressed) by all cores and the band is let go, so the host holds one band,
// chunk x n cells (1 GiB for n = 65,536 int32 at the default side 4,096), while rows come in
// order. commit() writes the metadata. Left uncommitted (an error, a cancel) the folder has no
// `.zarray`, so no reader takes it for a table.
//
// In a job of several processes (process_job.hpp) each process writes its share of the chunk
// rows (row_share.hpp, bands one chunk high): rank 0's writer begins the table, each commit()
// checks its own bands, and rank 0 calls finish_zarr_table once every rank has committed.
#include <cstdint>
#include <memory>
#include <string>

#include "pathscope/apsp/matrix_sink.hpp"
#include "pathscope/apsp/row_share.hpp"
#include "pathscope/apsp/zarr_table.hpp"

namespace pathscope {

class ZarrMatrixWriter final : public MatrixSink {
 public:
  // Calls begin_zarr_table (the folder made, or an earlier table in it emptied).
  ZarrMatrixWriter(std::string folder, ZarrTableLayout layout);
  // One process's share of a table several write: rank 0 begins it. Throws Error when the
  // share's band is not the layout's chunk side.
  ZarrMatrixWriter(std::string folder, ZarrTableLayout layout, RowShare share);
  ~ZarrMatrixWriter() override;
  // Rows in any order. A row of a band already written may come again only with the rest of
  // its band (an engine that redoes the run gives every row again); commit() refuses a band
  // given again in part.
  // Rows outside the writer's share are refused.
  void put_rows(std::int64_t row0, std::int64_t rows, const void* cells) override;
  std::int64_t row_band() const override;
  // Throws Error when a row (of the share) was never given, Cancelled after a cancel request.
  // A share's commit writes no metadata: rank 0 finishes the table after every rank committed.
  void commit();
  // matrix_checksum() of the rows given; valid once every row was given, for one process only
  // (a share hashes nothing: the job agrees on the whole matrix's checksum itself).
  std::uint64_t checksum() const;
  const ZarrTableLayout& layout() const;
  const std::string& folder() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pathscope
