#include "io/declared_size.hpp"

#include <string>

#include "io/line_reader.hpp"

namespace pathscope::io {

void refuse_items_beyond_file(std::int64_t declared, const LineReader& reader, std::string_view what,
                              std::string_view items) {
  const std::int64_t bytes = reader.input_bytes();
  if (declared <= kNodesTakenOnTrust || bytes < 0 || declared <= bytes) return;
  const std::string name(items);
  reader.fail(std::string(what) + " declares " + std::to_string(declared) + " " + name + ", but the file has only " +
              std::to_string(bytes) + " bytes: too few to mean that many " + name + " (beyond " +
              std::to_string(kNodesTakenOnTrust) + ", a file must hold at least a byte for each)");
}

void refuse_nodes_beyond_file(std::int64_t declared, const LineReader& reader, std::string_view what) {
  refuse_items_beyond_file(declared, reader, what, "nodes");
}

}  // namespace pathscope::io
