// igraph LGL ("# NAME" blocks of neighbour lines), and the content test that tells it from an edge table.
#include "fuzz_harness.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/io/read_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  const auto options = fuzz::small_limits();
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::read_graph_stream(in, "fuzz.lgl", "lgl", options);
  });
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::sniff_graph_format(in);
  });
  return 0;
}
