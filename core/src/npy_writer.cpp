#include "pathscope/npy_writer.hpp"

#include <string>

#include "pathscope/atomic_file.hpp"

namespace pathscope {

std::string npy_preamble(const std::string& descr, std::int64_t rows, std::int64_t cols) {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + std::to_string(rows) +
                       ", " + std::to_string(cols) + "), }";
  const std::size_t preamble = 10;
  const std::size_t total = (preamble + header.size() + 1 + 63) / 64 * 64;
  header.append(total - preamble - header.size() - 1, ' ');
  header.push_back('\n');
  std::string head = "\x93NUMPY";
  head.push_back('\x01');
  head.push_back('\x00');
  head.push_back(static_cast<char>(header.size() & 0xFF));
  head.push_back(static_cast<char>(header.size() >> 8));
  return head + header;
}

void write_npy(const std::string& path, const ApspResult& r) {
  const char* descr = r.dist == DistType::Int32   ? "<i4"
                      : r.dist == DistType::Int64 ? "<i8"
                      : r.dist == DistType::Float32 ? "<f4"
                                                    : "<u2";
  const std::string head = npy_preamble(descr, r.n, r.n);
  AtomicFile out(path);
  out.write(head);
  switch (r.dist) {
    case DistType::Int32: out.write(r.d32.data(), r.d32.size() * sizeof(std::int32_t)); break;
    case DistType::Int64: out.write(r.d64.data(), r.d64.size() * sizeof(std::int64_t)); break;
    case DistType::Float32: out.write(r.df.data(), r.df.size() * sizeof(float)); break;
    case DistType::Hop16: out.write(r.d16.data(), r.d16.size() * sizeof(std::uint16_t)); break;
  }
  out.commit();
}

}  // namespace pathscope
