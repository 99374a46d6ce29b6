// DIMACS .gr, and the same bytes as the .co side file of a small fixed graph.
#include "fuzz_harness.hpp"
#include "pathscope/io/read_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  const auto options = fuzz::small_limits();
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::read_graph_stream(in, "fuzz.gr", "dimacs", options);
  });
  fuzz::expect_clean([&] {
    std::istringstream graph("p sp 3 1\na 1 2 1\n"), side(input);
    pathscope::read_graph_stream(graph, "fixed.gr", "dimacs", options, &side, "fuzz.co");
  });
  return 0;
}
