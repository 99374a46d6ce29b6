// Dense matrix text, and the content sniffing that decides what a .txt or unknown file is.
#include "fuzz_harness.hpp"
#include "io/readers.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/io/read_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  auto options = fuzz::small_limits();
  options.dense_no_arc = size % 2 ? 1e6 : 10;
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::read_graph_stream(in, "fuzz.txt", "dense", options);
  });
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::io::looks_like_dense_matrix(in);
    std::istringstream again(input);
    pathscope::sniff_graph_format(again);
  });
  return 0;
}
