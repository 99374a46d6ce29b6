#pragma once
// NumPy .npy output of distance matrices, written atomically.
#include <cstdint>
#include <memory>
#include <string>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/matrix_sink.hpp"

namespace pathscope {

// int32 ('<i4'), int64 ('<i8'), float32 ('<f4') or uint16 ('<u2') matrix of shape (n, n), C order;
// unreachable cells hold the type's unreachable value (distance.hpp).
void write_npy(const std::string& path, const ApspResult& r);

// The version 1.0 preamble of a C-order 2-D array: magic, header length, header dict padded
// so the data starts on a 64-byte boundary. descr is NumPy's type string, e.g. "<u8".
std::string npy_preamble(const std::string& descr, std::int64_t rows, std::int64_t cols);
const char* npy_descr(DistType dist);

// The same .npy file filled row block by row block while the matrix is computed, as an
// all-pairs run's sink. The file is made at its full size under a temporary name up front
// (a full disk is reported before any work); rows are copied straight into its mapping by
// all cores and hashed on the way (checksum()), and commit() renames it onto the target. Left
// uncommitted (an error, a cancel) it removes its temporary. A device or pipe target is
// written in place, rows in order (rows that come early wait in memory).
//
// Given the graph, it writes an all-pairs table: beside it goes the graph's fingerprint
// ("D.npy.fingerprint", saved_table.hpp), renamed together with it (the table last), so that
// SavedTable refuses the table for any other graph. Every writer of all-pairs tables, CPU or
// GPU engine, goes through this constructor.
class NpyMatrixWriter final : public MatrixSink {
 public:
  NpyMatrixWriter(std::string path, const Graph& g, DistType dist);
  // A matrix that is not a graph's distance table (next hops): no fingerprint.
  NpyMatrixWriter(std::string path, std::int32_t n, DistType dist);
  ~NpyMatrixWriter() override;
  void put_rows(std::int64_t row0, std::int64_t rows, const void* cells) override;
  // Throws Error when a row was never given, Cancelled after a cancel request.
  void commit();
  // matrix_checksum() of the rows given; valid once every row was given.
  std::uint64_t checksum() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pathscope
