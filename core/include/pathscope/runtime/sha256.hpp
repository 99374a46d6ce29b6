#pragma once
// SHA-256 fingerprints: they key the layout cache and name the graph in exported paths, so a
// renamed copy of a file still finds its cached layout and an edited one does not.
#include <cstddef>
#include <cstdint>
#include <string>

namespace pathscope {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, std::size_t bytes);
  std::string hex_digest();  // 64 lowercase hex digits; ends the computation

 private:
  void compress(const std::uint8_t* block);
  std::uint32_t state_[8];
  std::uint8_t buffer_[64];
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
};

std::string sha256_hex(const std::string& data);
// Throws Error naming the file when it cannot be read.
std::string sha256_file_hex(const std::string& path);

}  // namespace pathscope
