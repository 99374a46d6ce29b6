#pragma once
// A fingerprint of a distance matrix: equal checksums mean equal matrices, whatever engine
// or distance type produced them (equal whole distances in int32, int64, hop16 or float give
// the same checksum).
#include <cstdint>
#include <string>

#include "pathscope/apsp.hpp"

namespace pathscope {

std::uint64_t matrix_checksum(const ApspResult& r);
std::string checksum_hex(std::uint64_t c);  // 16 hex digits

}  // namespace pathscope
