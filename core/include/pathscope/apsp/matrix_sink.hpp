#pragma once
// Where the rows of an all-pairs matrix go as they are finished, when they are not kept in
// ApspResult's vectors: a .npy file's mapping (NpyMatrixWriter, npy_writer.hpp). An engine
// that takes a sink (ApspOptions::sink) hands rows over as they leave the device, so the
// host holds no second copy of the matrix and makes no second pass over it.
#include <cstddef>
#include <cstdint>

#include "pathscope/graph/distance.hpp"

namespace pathscope {

struct ApspResult;

class MatrixSink {
 public:
  MatrixSink(std::int32_t n, DistType dist) : n_(n), dist_(dist) {}
  virtual ~MatrixSink() = default;
  MatrixSink(const MatrixSink&) = delete;
  MatrixSink& operator=(const MatrixSink&) = delete;

  std::int32_t n() const { return n_; }
  DistType dist() const { return dist_; }
  std::size_t row_bytes() const { return static_cast<std::size_t>(n_) * dist_type_bytes(dist_); }

  // Rows [row0, row0 + rows) of the n x n matrix, dense, cells of dist()'s type. Called by
  // one thread at a time, rows in any order; a row given again replaces the earlier one. The
  // sink has taken what it keeps when the call returns (it may use all cores for that).
  // Throws Cancelled once a cancel was asked for (cancel_writes_on), or Error.
  virtual void put_rows(std::int64_t row0, std::int64_t rows, const void* cells) = 0;
  // The rows the sink writes as one piece (a Zarr table's chunk side), 1 for a sink that takes
  // rows one by one: the processes of a job share rows in bands of this height (row_share.hpp).
  virtual std::int64_t row_band() const { return 1; }

 private:
  std::int32_t n_;
  DistType dist_;
};

// Hands a finished result's distance rows to the sink, in blocks of at most 64 MB (a cancel
// is seen between them). Throws Error when the result's size or type differs from the sink's.
void put_result_rows(const ApspResult& r, MatrixSink& sink);

}  // namespace pathscope
