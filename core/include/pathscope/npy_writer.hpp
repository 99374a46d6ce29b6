#pragma once
// NumPy .npy output of distance matrices, written atomically.
#include <string>

#include "pathscope/apsp.hpp"

namespace pathscope {

// int32 ('<i4'), float32 ('<f4') or uint16 ('<u2') matrix of shape (n, n), C order.
void write_npy(const std::string& path, const ApspResult& r);

}  // namespace pathscope
