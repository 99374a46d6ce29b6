// GraphML through expat (keys, data, yEd shapes, nested graphs), and the content sniffing that must not take other text for it.
#include "fuzz_harness.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/io/read_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  auto options = fuzz::small_limits();
  if (size % 2) options.weight_attribute = "length";
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::read_graph_stream(in, "fuzz", "graphml", options);
  });
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::sniff_graph_format(in);
  });
  return 0;
}
