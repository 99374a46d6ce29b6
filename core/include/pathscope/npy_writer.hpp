#pragma once
// NumPy .npy output of distance matrices, written atomically.
#include <cstdint>
#include <string>

#include "pathscope/apsp.hpp"

namespace pathscope {

// int32 ('<i4'), int64 ('<i8'), float32 ('<f4') or uint16 ('<u2') matrix of shape (n, n), C order;
// unreachable cells hold the type's unreachable value (distance.hpp).
void write_npy(const std::string& path, const ApspResult& r);

// The version 1.0 preamble of a C-order 2-D array: magic, header length, header dict padded
// so the data starts on a 64-byte boundary. descr is NumPy's type string, e.g. "<u8".
std::string npy_preamble(const std::string& descr, std::int64_t rows, std::int64_t cols);

}  // namespace pathscope
