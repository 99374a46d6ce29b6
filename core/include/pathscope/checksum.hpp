#pragma once
// A fingerprint of a distance matrix: equal checksums mean equal matrices, whatever engine
// or distance type produced them (hop16 and int32 hop counts give the same checksum).
#include <cstdint>
#include <string>

#include "pathscope/apsp.hpp"

namespace pathscope {

std::uint64_t matrix_checksum(const ApspResult& r);
std::string checksum_hex(std::uint64_t c);  // 16 hex digits

}  // namespace pathscope
