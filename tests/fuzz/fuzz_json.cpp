// Node-link JSON.
#include "fuzz_harness.hpp"
#include "pathscope/io/read_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::read_graph_stream(in, "fuzz.json", "json", fuzz::small_limits());
  });
  return 0;
}
