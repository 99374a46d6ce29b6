#include "pathscope/apsp/matrix_sink.hpp"

#include <algorithm>
#include <string>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

void put_result_rows(const ApspResult& r, MatrixSink& sink) {
  const void* cells = nullptr;
  std::size_t held = 0;
  switch (r.dist) {
    case DistType::Int32: cells = r.d32.data(), held = r.d32.size(); break;
    case DistType::Int64: cells = r.d64.data(), held = r.d64.size(); break;
    case DistType::Float32: cells = r.df.data(), held = r.df.size(); break;
    case DistType::Hop16: cells = r.d16.data(), held = r.d16.size(); break;
  }
  const std::size_t cell_count = static_cast<std::size_t>(r.n) * static_cast<std::size_t>(r.n);
  if (r.n != sink.n() || r.dist != sink.dist() || held != cell_count)
    throw Error("cannot write a " + std::to_string(r.n) + "-node " + dist_type_name(r.dist) + " matrix holding " +
                std::to_string(held) + " cells into an output made for " + std::to_string(sink.n()) + " nodes of " +
                dist_type_name(sink.dist()));
  if (r.n == 0) return;
  const std::size_t row_bytes = sink.row_bytes();
  const std::int64_t block = static_cast<std::int64_t>(std::max<std::size_t>(1, (std::size_t{64} << 20) / row_bytes));
  for (std::int64_t row0 = 0; row0 < r.n; row0 += block) {
    const std::int64_t rows = std::min<std::int64_t>(block, r.n - row0);
    sink.put_rows(row0, rows, static_cast<const char*>(cells) + static_cast<std::size_t>(row0) * row_bytes);
  }
}

}  // namespace pathscope
