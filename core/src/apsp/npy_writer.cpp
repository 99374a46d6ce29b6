#include "pathscope/apsp/npy_writer.hpp"

#include <string>

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

const char* npy_descr(DistType dist) {
  switch (dist) {
    case DistType::Int32: return "<i4";
    case DistType::Int64: return "<i8";
    case DistType::Float32: return "<f4";
    case DistType::Hop16: return "<u2";
  }
  return "<u2";
}

void write_npy(const std::string& path, const ApspResult& r) {
  NpyMatrixWriter out(path, r.n, r.dist);
  put_result_rows(r, out);
  out.commit();
}

}  // namespace pathscope
